import { z } from "zod";

/** One mail kept in the development outbox (no SMTP configured). */
export const outboxMail = z.object({
  id: z.string(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string(),
  /** ISO 8601. */
  createdAt: z.string(),
});
export type OutboxMail = z.infer<typeof outboxMail>;

/** GET /api/dev/outbox: the latest 200 mails, newest first (served only in outbox mode). */
export const outboxAnswer = z.object({ mails: z.array(outboxMail) });
export type OutboxAnswer = z.infer<typeof outboxAnswer>;
