import { randomUUID } from "node:crypto";
import { APIError } from "better-auth/api";
import { sql } from "kysely";
import type { EventSource } from "#server/auth/event-source.ts";
import type { Db } from "#server/db/tables.ts";
import { recordEvent } from "#server/events/record.ts";
import {
  hashInviteLinkToken,
  INVITE_LINK_MESSAGES,
  linkColumns,
  REFUSAL_OF_STATE,
  stateOf,
} from "#server/features/organizations/invite-links.ts";
import { ORGANIZATION_MESSAGES } from "#server/features/organizations/messages.ts";
import type { InviteLinkPreview, JoinedByLink } from "#shared/contracts/invite-links.ts";

/** Using a link (issue 18, decision 33): what its holder sees, and joining by it. */

async function linkByToken(db: Db, token: string) {
  return db
    .selectFrom("invite_link")
    .innerJoin("organization", "organization.id", "invite_link.organizationId")
    .leftJoin("team", "team.id", "invite_link.teamId")
    .select([
      ...linkColumns,
      "team.name as teamName",
      "organization.name as organizationName",
      "organization.slug as organizationSlug",
      "organization.logo as organizationLogo",
      "organization.requireTwoFactor",
    ])
    .where("invite_link.tokenHash", "=", hashInviteLinkToken(token))
    .executeTakeFirst();
}

/** What the holder of a link may know: the organization, the role, and whether the link still works. */
export async function previewInviteLink(
  db: Db,
  token: string,
  userId: string | null,
): Promise<InviteLinkPreview> {
  const row = await linkByToken(db, token);
  if (!row) throw APIError.from("NOT_FOUND", INVITE_LINK_MESSAGES.notFound);
  const member = userId
    ? await db
        .selectFrom("member")
        .select("id")
        .where("organizationId", "=", row.organizationId)
        .where("userId", "=", userId)
        .executeTakeFirst()
    : undefined;
  return {
    state: stateOf(row),
    organization: {
      id: row.organizationId,
      name: row.organizationName,
      slug: row.organizationSlug,
      logo: row.organizationLogo,
    },
    role: row.role,
    teamName: row.teamName ?? null,
    expiresAt: row.expiresAt,
    requireTwoFactor: Boolean(row.requireTwoFactor),
    alreadyMember: Boolean(member),
  };
}

/**
 * Joins the signed-in person by a link, in one transaction: the use is counted by a conditional update (only
 * while uses < maxUses, unexpired, unrevoked), then the membership (the database's triggers hold the membership
 * limit and one membership per person: a refusal rolls the use back), the team, and the audit event.
 */
export async function joinByInviteLink(
  db: Db,
  input: { token: string; userId: string; source: EventSource },
): Promise<JoinedByLink> {
  const found = await linkByToken(db, input.token);
  if (!found) throw APIError.from("NOT_FOUND", INVITE_LINK_MESSAGES.notFound);
  const state = stateOf(found);
  if (state !== "active") throw APIError.from("GONE", REFUSAL_OF_STATE[state]);
  return db.transaction().execute(async (trx) => {
    const now = new Date().toISOString();
    const counted = await trx
      .updateTable("invite_link")
      .set({ uses: sql`uses + 1` })
      .where("id", "=", found.id)
      .where("revokedAt", "is", null)
      .where("expiresAt", ">", now)
      .where((eb) => eb.or([eb("maxUses", "is", null), eb("uses", "<", eb.ref("maxUses"))]))
      .executeTakeFirst();
    if (Number(counted.numUpdatedRows) !== 1) {
      // Another join took the last use (or the link was revoked) since it was read.
      const again = await trx
        .selectFrom("invite_link")
        .select(["revokedAt", "expiresAt", "maxUses", "uses"])
        .where("id", "=", found.id)
        .executeTakeFirstOrThrow();
      const now2 = stateOf(again);
      throw APIError.from("GONE", REFUSAL_OF_STATE[now2 === "active" ? "used_up" : now2]);
    }
    const existing = await trx
      .selectFrom("member")
      .select("id")
      .where("organizationId", "=", found.organizationId)
      .where("userId", "=", input.userId)
      .executeTakeFirst();
    if (existing) throw APIError.from("BAD_REQUEST", ORGANIZATION_MESSAGES.alreadyMember);
    const member = {
      id: randomUUID(),
      organizationId: found.organizationId,
      userId: input.userId,
      role: found.role,
      createdAt: now,
    };
    // The membership limit and one-membership triggers refuse here, as APIErrors (constraint-errors.ts).
    await trx.insertInto("member").values(member).execute();
    const team = found.teamId
      ? await trx.selectFrom("team").select("id").where("id", "=", found.teamId).executeTakeFirst()
      : undefined;
    // A team removed since the link was made: the person still joins the organization.
    if (team) {
      await trx
        .insertInto("teamMember")
        .values({ id: randomUUID(), teamId: team.id, userId: input.userId, createdAt: now })
        .execute();
    }
    const user = await trx
      .selectFrom("user")
      .select("email")
      .where("id", "=", input.userId)
      .executeTakeFirst();
    await recordEvent(trx, {
      ...input.source,
      action: "member.added",
      target: { type: "member", id: member.id, label: user?.email ?? null },
      organizationId: member.organizationId,
      details: { userId: member.userId, role: member.role, via: "link", linkId: found.id },
      data: { ...member, teamId: team?.id ?? null },
    });
    return {
      member,
      organization: { id: found.organizationId, name: found.organizationName, slug: found.organizationSlug },
    };
  });
}
