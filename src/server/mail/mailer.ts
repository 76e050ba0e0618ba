import type { Config } from "#server/boot/config.ts";
import type { Logger } from "#server/boot/logger.ts";
import type { AppDatabase } from "#server/db/db.ts";
import { currentTransaction } from "#server/db/transaction-scope.ts";
import type { MailLanguages } from "#server/mail/i18n.ts";
import { createMailQueue, type MailQueue } from "#server/mail/queue.ts";
import type { MailContent } from "#server/mail/templates.ts";
import { createTransport } from "#server/mail/transport.ts";

export interface Mailer {
  /**
   * Queues one mail; the queue's worker delivers it off the request path (mail/queue.ts), so a request
   * takes as long whether or not it mails anyone. Never throws: a failure is logged, the caller's write stands;
   * except inside a transaction better-auth runs (an invitation), where the mail is one of the change's rows and
   * a failure to queue it rolls the change back (queue.ts enqueue).
   */
  sendMail(to: string, content: MailContent): Promise<void>;
  /** LOCALES and DEFAULT_LOCALE, for `mailLocale(mailer.languages, { user, request })` (mail/i18n.ts). */
  readonly languages: MailLanguages;
  close(): Promise<void>;
}

export interface QueuedMailer extends Mailer {
  /** Starts delivering queued mail; call once the tables exist. */
  start(): void;
  queue: MailQueue;
}

export function createMailer(config: Config, database: AppDatabase, logger: Logger): QueuedMailer {
  const transport = createTransport(config, database.db, logger);
  const queue = createMailQueue(database, transport, logger, config.mailRetryScale);
  return {
    queue,
    languages: { locales: config.locales, defaultLocale: config.defaultLocale },
    async sendMail(to, content) {
      try {
        await queue.enqueue(to, content);
      } catch (err) {
        if (currentTransaction()) throw err;
        logger.error({ to, subject: content.subject, reason: (err as Error).message }, "mail not queued");
      }
    },
    start: () => queue.start(),
    async close() {
      await queue.stop();
      transport.close();
    },
  };
}
