import type { AddressInfo } from "node:net";
import { type ParsedMail, simpleParser } from "mailparser";
import { SMTPServer } from "smtp-server";

export interface ReceivedMail {
  to: string[];
  subject: string;
  text: string;
  html: string;
}

/** A real SMTP server on a free loopback port that keeps what it receives. */
export interface SmtpSink {
  url: string;
  mails: ReceivedMail[];
  /** While true, every mail is refused with a temporary error (a relay that answers but takes nothing). */
  refusing?: boolean;
  /** Waits for the first mail to `to` matching `subject` that arrived after `since` mails. */
  waitFor(to: string, match?: RegExp, timeoutMs?: number): Promise<ReceivedMail>;
  close(): Promise<void>;
}

function addresses(parsed: ParsedMail): string[] {
  const to = parsed.to;
  const list = Array.isArray(to) ? to : to ? [to] : [];
  return list.flatMap((a) => a.value.map((v) => (v.address ?? "").toLowerCase()));
}

export interface SinkOptions {
  /** Waits this long before accepting each mail's DATA, like a slow relay. */
  delayMs?: number;
  /** Listens on this port (0: a free one); lets a test bring a "down" relay back at the same address. */
  port?: number;
}

export async function startSmtpSink({ delayMs = 0, port: wanted = 0 }: SinkOptions = {}): Promise<SmtpSink> {
  const mails: ReceivedMail[] = [];
  const waiters = new Set<() => void>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onMailFrom(_address, _session, callback) {
      if (!sink.refusing) return callback();
      callback(Object.assign(new Error("Relay not accepting mail now"), { responseCode: 451 }));
    },
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then((parsed) => {
          mails.push({
            to: addresses(parsed),
            subject: parsed.subject ?? "",
            text: parsed.text ?? "",
            html: typeof parsed.html === "string" ? parsed.html : "",
          });
          const accept = () => {
            for (const wake of waiters) wake();
            callback();
          };
          if (delayMs > 0) setTimeout(accept, delayMs);
          else accept();
        })
        .catch(callback);
    },
  });
  // A client cut mid-mail (a server killed by a test) resets its connection; that is not the sink's failure.
  server.on("error", () => {});
  await new Promise<void>((resolve) => server.listen(wanted, "127.0.0.1", resolve));
  const { port } = server.server.address() as AddressInfo;

  const find = (to: string, match?: RegExp) =>
    mails.find((m) => m.to.includes(to.toLowerCase()) && (!match || match.test(m.subject)));

  const sink: SmtpSink = {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    refusing: false,
    waitFor(to, match, timeoutMs = 5000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const mail = find(to, match);
          if (!mail) return false;
          waiters.delete(wake);
          clearTimeout(timer);
          resolve(mail);
          return true;
        };
        const wake = () => void check();
        const timer = setTimeout(() => {
          waiters.delete(wake);
          reject(new Error(`no mail to ${to}${match ? ` matching ${match}` : ""} within ${timeoutMs} ms`));
        }, timeoutMs);
        if (!check()) waiters.add(wake);
      });
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
  return sink;
}

/** The first link in a mail's text that starts with `prefix`. */
export function linkIn(mail: ReceivedMail, prefix: string): string {
  const link = mail.text.match(/https?:\/\/[^\s<>"]+/g)?.find((u) => u.startsWith(prefix));
  if (!link) throw new Error(`no link starting with ${prefix} in mail "${mail.subject}"`);
  return link;
}
