import { randomUUID } from "node:crypto";
import nodemailer from "nodemailer";
import type { Config } from "#server/boot/config.ts";
import type { Logger } from "#server/boot/logger.ts";
import type { Db } from "#server/db/tables.ts";
import type { MailContent } from "#server/mail/templates.ts";

export interface Mailer {
  /** Sends (or stores) one mail. Never throws: a failed delivery is logged, the caller's write stands. */
  sendMail(to: string, content: MailContent): Promise<void>;
  close(): void;
}

const URL_PATTERN = /https?:\/\/[^\s<>"]+/g;

export function createMailer(config: Config, db: Db, logger: Logger): Mailer {
  if (config.smtpURL) {
    const transport = nodemailer.createTransport(config.smtpURL);
    return {
      async sendMail(to, content) {
        try {
          await transport.sendMail({ from: config.mailFrom, to, ...content });
          logger.info({ to, subject: content.subject }, "mail sent");
        } catch (err) {
          logger.error(
            { to, subject: content.subject, reason: (err as Error).message },
            "mail delivery failed",
          );
        }
      },
      close: () => transport.close(),
    };
  }
  return {
    async sendMail(to, content) {
      try {
        await db
          .insertInto("outbox")
          .values({ id: randomUUID(), to, ...content, createdAt: new Date().toISOString() })
          .execute();
        // In outbox mode the log is how a developer gets the link without opening /dev/outbox.
        logger.info(
          { to, subject: content.subject, links: content.text.match(URL_PATTERN) ?? [] },
          "mail kept in outbox",
        );
      } catch (err) {
        logger.error({ to, subject: content.subject, reason: (err as Error).message }, "outbox write failed");
      }
    },
    close() {},
  };
}
