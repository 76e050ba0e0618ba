import type { AuthContext } from "better-auth";
import type { Db } from "#server/db/tables.ts";

/**
 * Ends the sessions through which a deprovisioned person could still act for the organization (decision 38):
 * every session when they are a member of no organization any more (the directory was their only reason to
 * be here), otherwise only the sessions whose active organization is this one (their other organizations
 * keep working). Through better-auth's internal adapter, so sessions kept in Redis go as well. Called after
 * the SCIM transaction committed: the membership is already gone, so a session left for a moment cannot act.
 */
export async function endOrganizationSessions(
  db: Db,
  auth: Pick<AuthContext, "internalAdapter">,
  userId: string,
  organizationId: string,
): Promise<void> {
  const elsewhere = await db
    .selectFrom("member")
    .select("id")
    .where("userId", "=", userId)
    .executeTakeFirst();
  if (!elsewhere) {
    await auth.internalAdapter.deleteUserSessions(userId);
    return;
  }
  const sessions = await auth.internalAdapter.listSessions(userId);
  const tokens = sessions
    .filter((s) => (s as { activeOrganizationId?: string | null }).activeOrganizationId === organizationId)
    .map((s) => s.token);
  if (tokens.length) await auth.internalAdapter.deleteSessions(tokens);
}
