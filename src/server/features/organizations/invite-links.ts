import { createHash, randomBytes, randomUUID } from "node:crypto";
import { APIError } from "better-auth/api";
import { sql } from "kysely";
import type { EventSource } from "#server/auth/event-source.ts";
import type { Db, Tables } from "#server/db/tables.ts";
import { recordEvent } from "#server/events/record.ts";
import { can } from "#server/features/organizations/access.ts";
import { ORGANIZATION_MESSAGES } from "#server/features/organizations/messages.ts";
import type {
  CreateInviteLinkBody,
  InviteLink,
  InviteLinkPreview,
  InviteLinkState,
  JoinedByLink,
} from "#shared/contracts/invite-links.ts";
import { parseRoles } from "#shared/roles.ts";

/** Refusals of the invite link endpoints; `{ code, message }` like every organization error. */
export const INVITE_LINK_MESSAGES = {
  notAllowed: {
    code: "NOT_ALLOWED_TO_MANAGE_INVITE_LINKS",
    message: "Only members who may invite (owners and admins) manage invite links",
  },
  roleAboveYours: {
    code: "ROLE_ABOVE_YOUR_OWN",
    message: "A link cannot give a role above your own",
  },
  notFound: { code: "INVITE_LINK_NOT_FOUND", message: "This invite link does not exist" },
  expired: { code: "INVITE_LINK_EXPIRED", message: "This invite link has expired" },
  usedUp: {
    code: "INVITE_LINK_USED_UP",
    message: "This invite link has been used as many times as it allows",
  },
  revoked: { code: "INVITE_LINK_REVOKED", message: "This invite link was revoked" },
  emailNotVerified: {
    code: "VERIFY_EMAIL_TO_JOIN",
    message: "Verify your email address before joining an organization",
  },
} as const;

const REFUSAL_OF_STATE = {
  expired: INVITE_LINK_MESSAGES.expired,
  used_up: INVITE_LINK_MESSAGES.usedUp,
  revoked: INVITE_LINK_MESSAGES.revoked,
} as const;

/** Built-in roles from least to most: a link may give a role no higher than the creator's highest. */
const ROLE_RANK: Record<string, number> = { member: 0, admin: 1, owner: 2 };

type InviteLinkRow = Tables["invite_link"];

/** The link's secret: 32 random bytes. Only its SHA-256 is stored, so a database read cannot be replayed. */
export function newInviteLinkToken(): string {
  return randomBytes(32).toString("base64url");
}

export function hashInviteLinkToken(token: string): string {
  return createHash("sha256").update(token).digest("base64url");
}

export function stateOf(
  row: Pick<InviteLinkRow, "revokedAt" | "expiresAt" | "maxUses" | "uses">,
  now = Date.now(),
): InviteLinkState {
  if (row.revokedAt) return "revoked";
  if (row.maxUses !== null && Number(row.uses) >= Number(row.maxUses)) return "used_up";
  if (Date.parse(row.expiresAt) <= now) return "expired";
  return "active";
}

/** Owners and admins (whoever may create invitations) manage links; members are refused. */
export function assertMayManageLinks(role: string) {
  if (!can(role, { invitation: ["create"] }))
    throw APIError.from("FORBIDDEN", INVITE_LINK_MESSAGES.notAllowed);
}

/** The granter's own highest role bounds what a link may give. */
export function assertRoleWithin(granterRole: string, role: string) {
  const own = Math.max(-1, ...parseRoles(granterRole).map((r) => ROLE_RANK[r] ?? -1));
  if ((ROLE_RANK[role] ?? Number.POSITIVE_INFINITY) > own) {
    throw APIError.from("FORBIDDEN", INVITE_LINK_MESSAGES.roleAboveYours);
  }
}

const linkColumns = [
  "invite_link.id",
  "invite_link.organizationId",
  "invite_link.role",
  "invite_link.teamId",
  "invite_link.expiresAt",
  "invite_link.maxUses",
  "invite_link.uses",
  "invite_link.createdBy",
  "invite_link.createdAt",
  "invite_link.revokedAt",
] as const;

function linksQuery(db: Db) {
  return db
    .selectFrom("invite_link")
    .leftJoin("team", "team.id", "invite_link.teamId")
    .leftJoin("user", "user.id", "invite_link.createdBy")
    .select([...linkColumns, "team.name as teamName", "user.name as creatorName"]);
}

type LinkWithNames = Awaited<ReturnType<ReturnType<typeof linksQuery>["executeTakeFirstOrThrow"]>>;

function linkView(row: LinkWithNames, now = Date.now()): InviteLink {
  return {
    id: row.id,
    organizationId: row.organizationId,
    role: row.role,
    teamId: row.teamId,
    teamName: row.teamName ?? null,
    expiresAt: row.expiresAt,
    maxUses: row.maxUses === null ? null : Number(row.maxUses),
    uses: Number(row.uses),
    state: stateOf(row, now),
    createdBy: { id: row.createdBy, name: row.creatorName ?? null },
    createdAt: row.createdAt,
    revokedAt: row.revokedAt,
  };
}

export async function listInviteLinks(db: Db, organizationId: string): Promise<InviteLink[]> {
  const rows = await linksQuery(db)
    .where("invite_link.organizationId", "=", organizationId)
    .orderBy("invite_link.createdAt", "desc")
    .orderBy("invite_link.id", "desc")
    .execute();
  const now = Date.now();
  return rows.map((row) => linkView(row, now));
}

/** Creates a link in one transaction with its audit event; answers the link and its token (shown once). */
export async function createInviteLink(
  db: Db,
  input: { organizationId: string; body: CreateInviteLinkBody; source: EventSource },
): Promise<{ link: InviteLink; token: string }> {
  const { organizationId, body, source } = input;
  if (body.teamId) {
    const team = await db
      .selectFrom("team")
      .select("id")
      .where("id", "=", body.teamId)
      .where("organizationId", "=", organizationId)
      .executeTakeFirst();
    if (!team) throw APIError.from("BAD_REQUEST", ORGANIZATION_MESSAGES.teamNotFound);
  }
  const token = newInviteLinkToken();
  const now = new Date();
  const id = `il_${randomUUID().replaceAll("-", "")}`;
  const link = await db.transaction().execute(async (trx) => {
    await trx
      .insertInto("invite_link")
      .values({
        id,
        organizationId,
        tokenHash: hashInviteLinkToken(token),
        role: body.role,
        teamId: body.teamId ?? null,
        expiresAt: new Date(now.getTime() + body.expiresIn * 1000).toISOString(),
        maxUses: body.maxUses ?? null,
        uses: 0,
        createdBy: source.actor.userId,
        createdAt: now.toISOString(),
        revokedAt: null,
      })
      .execute();
    const view = linkView(await linksQuery(trx).where("invite_link.id", "=", id).executeTakeFirstOrThrow());
    await recordEvent(trx, {
      ...source,
      action: "invite_link.created",
      target: { type: "invite_link", id, label: body.role },
      organizationId,
      details: { role: body.role, teamId: view.teamId, expiresAt: view.expiresAt, maxUses: view.maxUses },
      data: view,
    });
    return view;
  });
  return { link, token };
}

/** The link a manager names, within the organizations they manage links of (else 404: nothing leaks). */
export async function findLinkById(db: Db, linkId: string) {
  return db
    .selectFrom("invite_link")
    .select(["id", "organizationId", "revokedAt"])
    .where("id", "=", linkId)
    .executeTakeFirst();
}

/** Revokes a link (idempotent: a revoked link stays revoked at its first time); its audit event in the transaction. */
export async function revokeInviteLink(
  db: Db,
  input: { linkId: string; source: EventSource },
): Promise<InviteLink> {
  return db.transaction().execute(async (trx) => {
    const revokedAt = new Date().toISOString();
    const changed = await trx
      .updateTable("invite_link")
      .set({ revokedAt })
      .where("id", "=", input.linkId)
      .where("revokedAt", "is", null)
      .executeTakeFirst();
    const view = linkView(
      await linksQuery(trx).where("invite_link.id", "=", input.linkId).executeTakeFirstOrThrow(),
    );
    if (Number(changed.numUpdatedRows) === 1) {
      await recordEvent(trx, {
        ...input.source,
        action: "invite_link.revoked",
        target: { type: "invite_link", id: view.id, label: view.role },
        organizationId: view.organizationId,
        details: { uses: view.uses },
        data: view,
      });
    }
    return view;
  });
}

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
