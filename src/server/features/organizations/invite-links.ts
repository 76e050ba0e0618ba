import { createHash, randomBytes, randomUUID } from "node:crypto";
import { APIError } from "better-auth/api";
import type { EventSource } from "#server/auth/event-source.ts";
import type { Db, Tables } from "#server/db/tables.ts";
import { recordEvent } from "#server/events/record.ts";
import { can } from "#server/features/organizations/access.ts";
import { ORGANIZATION_MESSAGES } from "#server/features/organizations/messages.ts";
import { beyondGranter, roleDefinitions } from "#server/features/organizations/role-definitions.ts";
import { teamOf } from "#server/features/organizations/team-names.ts";
import type { CreateInviteLinkBody, InviteLink, InviteLinkState } from "#shared/contracts/invite-links.ts";

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
  unknownRole: { code: "UNKNOWN_ROLE", message: "This organization has no such role" },
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

export const REFUSAL_OF_STATE = {
  expired: INVITE_LINK_MESSAGES.expired,
  used_up: INVITE_LINK_MESSAGES.usedUp,
  revoked: INVITE_LINK_MESSAGES.revoked,
} as const;

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

/** Whoever may create invitations (owners, admins, a custom role granting it) manages links; others are refused. */
export async function assertMayManageLinks(db: Db, member: { organizationId: string; role: string }) {
  if (!(await can(db, member, { invitation: ["create"] })))
    throw APIError.from("FORBIDDEN", INVITE_LINK_MESSAGES.notAllowed);
}

/** A link never gives a role with permissions its creator lacks (built-in and custom roles alike). */
export async function assertRoleWithin(
  db: Db,
  granter: { organizationId: string; role: string },
  role: string,
) {
  if (!Object.hasOwn(await roleDefinitions(db, granter.organizationId), role)) {
    throw APIError.from("BAD_REQUEST", INVITE_LINK_MESSAGES.unknownRole);
  }
  if ((await beyondGranter(db, granter, [role])).length > 0) {
    throw APIError.from("FORBIDDEN", INVITE_LINK_MESSAGES.roleAboveYours);
  }
}

export const linkColumns = [
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
  if (body.teamId && !(await teamOf(db, organizationId, body.teamId))) {
    throw APIError.from("BAD_REQUEST", ORGANIZATION_MESSAGES.teamNotFound);
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
