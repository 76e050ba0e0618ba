import type { AuthContext } from "better-auth";
import type { Db } from "#server/db/tables.ts";

/**
 * Makes an organization stop being the active one (and its teams the active team)
 * in the sessions of the given users, or of everyone when `userIds` is omitted.
 * Goes through better-auth so Redis copies of the sessions change too.
 */
export async function deactivateOrganization(
  auth: AuthContext,
  db: Db,
  organizationId: string,
  userIds?: string[],
  teamIds?: string[],
): Promise<void> {
  if (userIds?.length === 0) return;
  const teams =
    teamIds ??
    (await db.selectFrom("team").select("id").where("organizationId", "=", organizationId).execute()).map(
      (t) => t.id,
    );
  let query = db
    .selectFrom("session")
    .select(["token", "activeOrganizationId", "activeTeamId"])
    .where((eb) =>
      eb.or([
        eb("activeOrganizationId", "=", organizationId),
        ...(teams.length > 0 ? [eb("activeTeamId", "in", teams)] : []),
      ]),
    );
  if (userIds) query = query.where("userId", "in", userIds);
  for (const session of await query.execute()) {
    await auth.internalAdapter.updateSession(session.token, {
      ...(session.activeOrganizationId === organizationId ? { activeOrganizationId: null } : {}),
      activeTeamId:
        session.activeTeamId && teams.includes(session.activeTeamId) ? null : session.activeTeamId,
    });
  }
}
