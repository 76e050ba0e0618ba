import { randomUUID } from "node:crypto";
import nodemailer from "nodemailer";
import type { Config } from "#server/boot/config.ts";
import type { Logger } from "#server/boot/logger.ts";
import type { Db } from "#server/db/tables.ts";
import type { MailContent } from "#server/mail/templates.ts";

/** Where a queued mail finally goes: an SMTP relay, or the database outbox when none is configured. */
export interface Transport {
  /** Delivers one mail; throws when it could not (the queue retries). */
  deliver(to: string, content: MailContent): Promise<void>;
  close(): void;
}

const URL_PATTERN = /https?:\/\/[^\s<>"]+/g;

/**
 * Longest an SMTP exchange may take. It stays well under the queue's claim lease (queue.ts), so another
 * instance never takes over a mail that is still being sent.
 */
export const SMTP_TIMEOUT_MS = 60_000;

export function createTransport(config: Config, db: Db, logger: Logger): Transport {
  if (config.smtpURL) {
    const smtp = nodemailer.createTransport({
      url: config.smtpURL,
      connectionTimeout: 15_000,
      greetingTimeout: 15_000,
      socketTimeout: SMTP_TIMEOUT_MS,
    });
    return {
      async deliver(to, content) {
        await smtp.sendMail({ from: config.mailFrom, to, ...content });
        logger.info({ to, subject: content.subject }, "mail sent");
      },
      close: () => smtp.close(),
    };
  }
  return {
    async deliver(to, content) {
      await db
        .insertInto("outbox")
        .values({ id: randomUUID(), to, ...content, createdAt: new Date().toISOString() })
        .execute();
      // In development the log is how a developer gets the link without opening /dev/outbox. In
      // production (MAIL_OUTBOX=1) the links are secrets: they stay out of the logs.
      const links = config.isProduction ? undefined : (content.text.match(URL_PATTERN) ?? []);
      logger.info({ to, subject: content.subject, links }, "mail kept in outbox");
    },
    close() {},
  };
}
