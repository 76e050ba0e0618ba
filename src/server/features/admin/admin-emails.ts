import type { Db } from "#server/db/tables.ts";
import { hasRole } from "#shared/roles.ts";

interface UserRow {
  id: string;
  email: string;
  emailVerified: boolean | number;
  role?: string | null;
}

/** The admin role for an account whose email is listed in ADMIN_EMAILS — only once that email is verified. */
export function shouldBecomeAdmin(user: UserRow, adminEmails: readonly string[]): boolean {
  return (
    Boolean(user.emailVerified) &&
    adminEmails.includes(user.email.toLowerCase()) &&
    !hasRole(user.role, "admin")
  );
}

export async function grantAdmin(db: Db, userId: string): Promise<void> {
  await db.updateTable("user").set({ role: "admin" }).where("id", "=", userId).execute();
}

/** At start: verified accounts listed in ADMIN_EMAILS that are not admins yet become admins. */
export async function promoteConfiguredAdmins(db: Db, adminEmails: readonly string[]): Promise<number> {
  if (adminEmails.length === 0) return 0;
  const users: UserRow[] = await db
    .selectFrom("user")
    .select(["id", "email", "emailVerified", "role"])
    .where("email", "in", [...adminEmails])
    .execute();
  const due = users.filter((u) => shouldBecomeAdmin(u, adminEmails));
  for (const user of due) await grantAdmin(db, user.id);
  return due.length;
}
