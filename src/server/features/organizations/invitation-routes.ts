import { APIError } from "better-auth/api";
import { toDate } from "#server/db/dates.ts";
import type { Db } from "#server/db/tables.ts";
import { can, findMembership, isOwner } from "#server/features/organizations/access.ts";
import { bodyString, requireSession } from "#server/features/organizations/context.ts";
import { ORGANIZATION_MESSAGES } from "#server/features/organizations/messages.ts";
import type { AuthMiddlewareContext } from "#server/features/organizations/types.ts";

type Handler = (ctx: AuthMiddlewareContext) => Promise<unknown>;

function invitationJson<T extends { expiresAt: Date | string; createdAt: Date | string }>(row: T) {
  return { ...row, expiresAt: toDate(row.expiresAt), createdAt: toDate(row.createdAt) };
}

const isExpired = (expiresAt: Date | string) => toDate(expiresAt).getTime() <= Date.now();

/** SPEC §4 transitions better-auth 1.7 leaves open; returning nothing hands the request on to it. */
export function invitationRoutes(db: Db, invitationExpiresIn: number): Record<string, Handler> {
  const find = (id: string) =>
    db.selectFrom("invitation").selectAll().where("id", "=", id).executeTakeFirst();

  /** Only a pending, unexpired invitation can be accepted or rejected (stock rejects expired ones). */
  const refuseExpired: Handler = async (ctx) => {
    const invitation = await find(bodyString(ctx, "invitationId"));
    if (invitation?.status === "pending" && isExpired(invitation.expiresAt)) {
      throw APIError.from("BAD_REQUEST", ORGANIZATION_MESSAGES.invitationExpired);
    }
  };

  return {
    "/organization/accept-invitation": refuseExpired,
    "/organization/reject-invitation": refuseExpired,

    // Only a pending invitation can be cancelled, atomically: a cancel racing an accept cannot undo it.
    "/organization/cancel-invitation": async (ctx) => {
      const session = await requireSession(ctx);
      const invitation = await find(bodyString(ctx, "invitationId"));
      const member = invitation
        ? await findMembership(db, invitation.organizationId, session.user.id)
        : undefined;
      if (!invitation || !member)
        throw APIError.from("BAD_REQUEST", ORGANIZATION_MESSAGES.invitationNotFound);
      if (
        !can(member.role, { invitation: ["cancel"] }) ||
        (isOwner(invitation.role) && !isOwner(member.role))
      ) {
        throw APIError.from("FORBIDDEN", ORGANIZATION_MESSAGES.notAllowedToCancelInvitation);
      }
      const canceled = await db
        .updateTable("invitation")
        .set({ status: "canceled" })
        .where("id", "=", invitation.id)
        .where("status", "=", "pending")
        .returningAll()
        .executeTakeFirst();
      if (!canceled) throw APIError.from("BAD_REQUEST", ORGANIZATION_MESSAGES.invitationNotPending);
      return ctx.json(invitationJson(canceled));
    },

    // Resending renews an invitation even once it has expired (stock would leave it and create another).
    "/organization/invite-member": async (ctx) => {
      const body = (ctx.body ?? {}) as Record<string, unknown>;
      if (body.resend !== true || typeof body.email !== "string") return;
      const session = await requireSession(ctx);
      const organizationId =
        typeof body.organizationId === "string"
          ? body.organizationId
          : (session.session.activeOrganizationId as string | null);
      const member = organizationId ? await findMembership(db, organizationId, session.user.id) : undefined;
      if (!member || !can(member.role, { invitation: ["create"] })) return;
      const pending = await db
        .selectFrom("invitation")
        .select(["id", "expiresAt"])
        .where("organizationId", "=", member.organizationId)
        .where("email", "=", body.email.toLowerCase())
        .where("status", "=", "pending")
        .execute();
      const latest = pending.sort((a, b) => toDate(b.expiresAt).getTime() - toDate(a.expiresAt).getTime())[0];
      if (latest && isExpired(latest.expiresAt)) {
        await ctx.context.adapter.update({
          model: "invitation",
          where: [{ field: "id", value: latest.id }],
          update: { expiresAt: new Date(Date.now() + invitationExpiresIn * 1000) },
        });
      }
    },
  };
}

/** What the invitation landing page shows, signed in or not: the id itself is the secret the mail carried. */
export async function invitationPreview(db: Db, id: string) {
  const row = await db
    .selectFrom("invitation")
    .innerJoin("organization", "organization.id", "invitation.organizationId")
    .leftJoin("user", "user.id", "invitation.inviterId")
    .select([
      "invitation.id",
      "invitation.email",
      "invitation.role",
      "invitation.status",
      "invitation.teamId",
      "invitation.expiresAt",
      "invitation.organizationId",
      "organization.name as organizationName",
      "organization.slug as organizationSlug",
      "organization.logo as organizationLogo",
      "user.name as inviterName",
    ])
    .where("invitation.id", "=", id)
    .executeTakeFirst();
  if (!row) throw APIError.from("NOT_FOUND", ORGANIZATION_MESSAGES.invitationNotFound);
  const teamIds = (row.teamId ?? "").split(",").filter(Boolean);
  const teams =
    teamIds.length > 0
      ? await db.selectFrom("team").select(["id", "name"]).where("id", "in", teamIds).execute()
      : [];
  const { teamId: _teamId, ...rest } = row;
  return {
    ...rest,
    expiresAt: toDate(row.expiresAt),
    status: row.status === "pending" && isExpired(row.expiresAt) ? "expired" : row.status,
    teams,
  };
}
