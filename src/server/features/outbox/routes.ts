import { Hono } from "hono";
import type { Auth } from "#server/auth/auth.ts";
import type { Db } from "#server/db/tables.ts";
import type { OutboxAnswer } from "#shared/contracts/outbox.ts";
import { hasRole } from "#shared/roles.ts";

/**
 * The mail outbox: mails kept in the database when no SMTP server is configured. They hold reset,
 * verification and deletion links, so with `adminsOnly` (production, MAIL_OUTBOX=1) anyone but a
 * signed-in admin gets the very answer of a path that does not exist.
 */
export function outboxRoutes(db: Db, { auth, adminsOnly }: { auth: Auth; adminsOnly: boolean }) {
  return new Hono().get("/", async (c) => {
    if (adminsOnly) {
      const session = await auth.api.getSession({ headers: c.req.raw.headers });
      if (!hasRole((session?.user as { role?: string | null } | undefined)?.role, "admin"))
        return c.json({ code: "NOT_FOUND", message: "No such API route" }, 404);
    }
    const mails = await db.selectFrom("outbox").selectAll().orderBy("createdAt", "desc").limit(200).execute();
    return c.json({ mails } satisfies OutboxAnswer);
  });
}
