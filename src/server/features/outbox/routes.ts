import { Hono } from "hono";
import type { Db } from "#server/db/tables.ts";
import type { OutboxAnswer } from "#shared/contracts/outbox.ts";

/** The development outbox: mails kept in the database when no SMTP server is configured. */
export function outboxRoutes(db: Db) {
  return new Hono().get("/", async (c) => {
    const mails = await db.selectFrom("outbox").selectAll().orderBy("createdAt", "desc").limit(200).execute();
    return c.json({ mails } satisfies OutboxAnswer);
  });
}
