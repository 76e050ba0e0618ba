import { randomUUID } from "node:crypto";
import type { EventSource } from "#server/auth/event-source.ts";
import type { Db } from "#server/db/tables.ts";
import { recordEvent } from "#server/events/record.ts";
import { formatRoles, hasRole, parseRoles } from "#shared/roles.ts";

/**
 * Memberships that an identity provider decides (issue 19): single sign-on's just-in-time provisioning and SCIM
 * both come here, so a provisioned member is added, re-roled, put in teams and removed one way, with one audit
 * trail (`details.via` names the channel, the actor carries the connection id). Every function runs in the
 * caller's transaction; the database's triggers still hold the membership limit (an APIError, rolled back with
 * the rest).
 */

export type ProvisioningChannel = "sso" | "scim";

export interface ProvisioningSource {
  via: ProvisioningChannel;
  /** The SSO provider id or SCIM connection id: the audit actor's connectionId. */
  connectionId: string;
  /** The person the change is about when they caused it (an SSO sign-in); null for a directory push. */
  userId: string | null;
  ip?: string | null;
  userAgent?: string | null;
}

export interface MembershipWish {
  organizationId: string;
  userId: string;
  /** The person's address, as the audit events label them (every caller has just read the person). */
  email: string | null;
  /**
   * The roles the identity provider grants (built-in below owner, or the organization's custom roles); empty
   * means "keep what they have, or the default when they are new". An owner keeps being an owner.
   */
  roles: readonly string[];
  /** The role a new member gets when `roles` is empty. */
  defaultRole: string;
  /**
   * Teams this connection manages, and which of them the person belongs in: they are added to `teamIds` and
   * taken off the other managed teams; teams the connection does not manage are left alone.
   */
  managedTeamIds: readonly string[];
  teamIds: readonly string[];
  /** The account was created in this transaction: it is a member nowhere yet, nothing to read. */
  newAccount?: boolean;
}

export interface MembershipOutcome {
  memberId: string;
  added: boolean;
  role: string;
  roleChanged: boolean;
  teamsAdded: string[];
  teamsRemoved: string[];
}

function sourceOf(source: ProvisioningSource): EventSource {
  return {
    actor: { userId: source.userId, connectionId: source.connectionId },
    ip: source.ip ?? null,
    userAgent: source.userAgent ?? null,
  };
}

/** The role a provisioned member should hold now, given what they hold (an owner stays one). */
function nextRole(current: string | null, wish: MembershipWish): string {
  const granted = parseRoles(wish.roles.filter((r) => r !== "owner"));
  if (current === null) return formatRoles(granted.length ? granted : [wish.defaultRole]);
  if (!granted.length) return current;
  return formatRoles(hasRole(current, "owner") ? ["owner", ...granted] : granted);
}

/** Adds or updates the membership and the managed team memberships; records what changed. */
export async function syncMembership(
  trx: Db,
  wish: MembershipWish,
  source: ProvisioningSource,
): Promise<MembershipOutcome> {
  const now = new Date().toISOString();
  const events = sourceOf(source);
  const label = wish.email;
  const existing = wish.newAccount
    ? undefined
    : await trx
        .selectFrom("member")
        .select(["id", "role", "createdAt"])
        .where("organizationId", "=", wish.organizationId)
        .where("userId", "=", wish.userId)
        .executeTakeFirst();
  const role = nextRole(existing?.role ?? null, wish);
  let memberId: string;
  let roleChanged = false;
  if (!existing) {
    const member = {
      id: randomUUID().replaceAll("-", ""),
      organizationId: wish.organizationId,
      userId: wish.userId,
      role,
      createdAt: now,
    };
    await trx.insertInto("member").values(member).execute();
    memberId = member.id;
    await recordEvent(trx, {
      ...events,
      action: "member.added",
      target: { type: "member", id: member.id, label },
      organizationId: wish.organizationId,
      details: { userId: wish.userId, role, via: source.via, connectionId: source.connectionId },
      data: member,
    });
  } else {
    memberId = existing.id;
    if (role !== existing.role) {
      roleChanged = true;
      await trx.updateTable("member").set({ role }).where("id", "=", existing.id).execute();
      await recordEvent(trx, {
        ...events,
        action: "member.role_changed",
        target: { type: "member", id: existing.id, label },
        organizationId: wish.organizationId,
        details: { userId: wish.userId, from: existing.role, to: role, via: source.via },
        data: { id: existing.id, organizationId: wish.organizationId, userId: wish.userId, role },
      });
    }
  }
  const { teamsAdded, teamsRemoved } = await syncTeams(trx, wish, source, events, now);
  return { memberId, added: !existing, role, roleChanged, teamsAdded, teamsRemoved };
}

async function syncTeams(
  trx: Db,
  wish: MembershipWish,
  source: ProvisioningSource,
  events: EventSource,
  now: string,
): Promise<{ teamsAdded: string[]; teamsRemoved: string[] }> {
  if (!wish.managedTeamIds.length) return { teamsAdded: [], teamsRemoved: [] };
  const managed = await trx
    .selectFrom("team")
    .select(["id", "name"])
    .where("organizationId", "=", wish.organizationId)
    .where("id", "in", [...wish.managedTeamIds])
    .execute();
  const current = new Set(
    (
      await trx
        .selectFrom("teamMember")
        .select("teamId")
        .where("userId", "=", wish.userId)
        .where(
          "teamId",
          "in",
          managed.map((t) => t.id),
        )
        .execute()
    ).map((r) => r.teamId),
  );
  const wanted = new Set(wish.teamIds);
  const teamsAdded: string[] = [];
  const teamsRemoved: string[] = [];
  for (const team of managed) {
    const target = { type: "team" as const, id: team.id, label: team.name };
    if (wanted.has(team.id) && !current.has(team.id)) {
      const row = {
        id: randomUUID().replaceAll("-", ""),
        teamId: team.id,
        userId: wish.userId,
        createdAt: now,
      };
      await trx.insertInto("teamMember").values(row).execute();
      teamsAdded.push(team.id);
      await recordEvent(trx, {
        ...events,
        action: "team_member.added",
        target,
        organizationId: wish.organizationId,
        details: { userId: wish.userId, via: source.via },
        data: row,
      });
    } else if (!wanted.has(team.id) && current.has(team.id)) {
      await trx
        .deleteFrom("teamMember")
        .where("teamId", "=", team.id)
        .where("userId", "=", wish.userId)
        .execute();
      teamsRemoved.push(team.id);
      await recordEvent(trx, {
        ...events,
        action: "team_member.removed",
        target,
        organizationId: wish.organizationId,
        details: { userId: wish.userId, via: source.via },
        data: { teamId: team.id, userId: wish.userId },
      });
    }
  }
  return { teamsAdded, teamsRemoved };
}

/**
 * Ends a provisioned person's membership (SCIM deactivation or deletion): their team memberships in this
 * organization go with it (the caller ends the person's sessions: it holds the auth context and its session
 * storage). An owner is never removed by a directory (the organization could lose its last owner); the answer
 * says so. Memberships elsewhere stay.
 */
export async function removeMembership(
  trx: Db,
  input: { organizationId: string; userId: string; email: string | null },
  source: ProvisioningSource,
): Promise<"removed" | "not_member" | "owner_kept"> {
  const member = await trx
    .selectFrom("member")
    .select(["id", "role", "userId", "organizationId", "createdAt"])
    .where("organizationId", "=", input.organizationId)
    .where("userId", "=", input.userId)
    .executeTakeFirst();
  if (!member) return "not_member";
  if (hasRole(member.role, "owner")) return "owner_kept";
  const teams = trx.selectFrom("team").select("id").where("organizationId", "=", input.organizationId);
  await trx
    .deleteFrom("teamMember")
    .where("userId", "=", input.userId)
    .where("teamId", "in", teams)
    .execute();
  await trx.deleteFrom("member").where("id", "=", member.id).execute();
  await recordEvent(trx, {
    ...sourceOf(source),
    action: "member.removed",
    target: { type: "member", id: member.id, label: input.email },
    organizationId: input.organizationId,
    details: { userId: input.userId, role: member.role, via: source.via, connectionId: source.connectionId },
    data: member,
  });
  return "removed";
}
