import { Hono } from "hono";
import type { Kysely } from "kysely";
import type { AppTables } from "#server/db/db.ts";

/** The development outbox: mails kept in the database when no SMTP server is configured. */
export function outboxRoutes(db: Kysely<AppTables>) {
  return new Hono().get("/", async (c) => {
    const mails = await db.selectFrom("outbox").selectAll().orderBy("createdAt", "desc").limit(200).execute();
    return c.json({ mails });
  });
}
