import { randomUUID } from "node:crypto";
import type { EventSource } from "#server/auth/event-source.ts";
import type { Db } from "#server/db/tables.ts";
import { recordEvent } from "#server/events/record.ts";
import { freeTeamName } from "#server/features/organizations/team-names.ts";

/**
 * A connection's SCIM groups as teams of its organization (issue 19, decision 38): a group gets a team of its
 * name when Gatehouse first sees it, the team is renamed with the group, and deleted with it (its team
 * memberships go; the people stay members of the organization). Idempotent: it brings the teams to what the
 * groups are, whoever calls it — a user's reconciliation inside the SCIM transaction, or the group endpoints'
 * after-hook (a group renamed or created without members touches no user). A name another team already has
 * (one name per team, issue 20) becomes "name (2)": the group still gets its own team, and a team someone made
 * by hand is never taken over, nor deleted with a group.
 */
export async function syncGroupTeams(
  trx: Db,
  connection: { id: string; organizationId: string },
  events: EventSource,
): Promise<Map<string, string>> {
  const groups = await trx
    .selectFrom("scimGroup")
    .select(["id", "displayName"])
    .where("connectionId", "=", connection.id)
    .execute();
  const links = await trx
    .selectFrom("scim_group_team")
    .innerJoin("team", "team.id", "scim_group_team.teamId")
    .select(["scim_group_team.groupId", "team.id as teamId", "team.name"])
    .where("scim_group_team.connectionId", "=", connection.id)
    .execute();
  const linkByGroup = new Map(links.map((l) => [l.groupId, l]));
  const teamByGroup = new Map<string, string>();
  const now = new Date().toISOString();
  const base = { ...events, organizationId: connection.organizationId };
  for (const group of groups) {
    const link = linkByGroup.get(group.id);
    if (!link) {
      const team = {
        id: randomUUID().replaceAll("-", ""),
        name: await freeTeamName(trx, connection.organizationId, group.displayName),
        organizationId: connection.organizationId,
        // Members join through syncMembership below, which writes teamMember rows itself.
        memberCount: 0,
        createdAt: now,
        updatedAt: now,
      };
      await trx.insertInto("team").values(team).execute();
      await trx
        .insertInto("scim_group_team")
        .values({
          groupId: group.id,
          connectionId: connection.id,
          organizationId: team.organizationId,
          teamId: team.id,
        })
        .execute();
      await recordEvent(trx, {
        ...base,
        action: "team.created",
        target: { type: "team", id: team.id, label: team.name },
        details: { via: "scim", groupId: group.id },
        data: team,
      });
      teamByGroup.set(group.id, team.id);
      continue;
    }
    teamByGroup.set(group.id, link.teamId);
    // The cheap comparison first: a sync that renames nothing reads no other team.
    const name =
      link.name === group.displayName
        ? link.name
        : await freeTeamName(trx, connection.organizationId, group.displayName, link.teamId);
    if (link.name !== name) {
      await trx.updateTable("team").set({ name, updatedAt: now }).where("id", "=", link.teamId).execute();
      await recordEvent(trx, {
        ...base,
        action: "team.updated",
        target: { type: "team", id: link.teamId, label: name },
        details: { via: "scim", from: link.name, to: name },
      });
    }
  }
  const present = new Set(groups.map((g) => g.id));
  for (const link of links) {
    if (present.has(link.groupId)) continue;
    await trx.deleteFrom("scim_group_team").where("groupId", "=", link.groupId).execute();
    await trx.deleteFrom("teamMember").where("teamId", "=", link.teamId).execute();
    await trx.deleteFrom("team").where("id", "=", link.teamId).execute();
    await recordEvent(trx, {
      ...base,
      action: "team.deleted",
      target: { type: "team", id: link.teamId, label: link.name },
      details: { via: "scim", groupId: link.groupId },
    });
  }
  return teamByGroup;
}

/** The SCIM groups a person belongs to through this connection. */
export async function groupsOf(trx: Db, connectionId: string, userId: string): Promise<string[]> {
  const rows = await trx
    .selectFrom("scimGroupMember")
    .innerJoin("scimUser", "scimUser.id", "scimGroupMember.scimUserId")
    .select("scimGroupMember.groupId")
    .where("scimUser.connectionId", "=", connectionId)
    .where("scimUser.userId", "=", userId)
    .execute();
  return rows.map((r) => r.groupId);
}
