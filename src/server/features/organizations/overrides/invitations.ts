import { APIError } from "better-auth/api";
import { z } from "zod";
import { eventSourceOf } from "#server/auth/event-source.ts";
import { defineOverride, type HookContext, type Override } from "#server/auth/overrides.ts";
import { isPast, toDate } from "#server/db/dates.ts";
import type { Db } from "#server/db/tables.ts";
import { recordEvent } from "#server/events/record.ts";
import { can, findMembership, isOwner } from "#server/features/organizations/access.ts";
import { bodyString, organizationOf, requireSession } from "#server/features/organizations/context.ts";
import {
  INVITATION_STATUSES,
  invitationsForEmail,
  invitationsPage,
} from "#server/features/organizations/invitation-lists.ts";
import { ORGANIZATION_MESSAGES } from "#server/features/organizations/messages.ts";
import { answerPage, PAGE, readEnum, readPage } from "#server/features/organizations/paging.ts";

const INVITATION_ID_REQUIRED = "invitationId is required (a string of at most 200 characters)";
const invitationIdBody = z.object({
  invitationId: z
    .string({ error: INVITATION_ID_REQUIRED })
    .min(1, INVITATION_ID_REQUIRED)
    .max(200, INVITATION_ID_REQUIRED),
});

/**
 * Invitations: paged lists, and the SPEC §4 transitions better-auth 1.7 leaves open (expired invitations
 * cannot be accepted or rejected, only pending ones cancelled, a resend renews an expired one).
 */
export function invitationOverrides(db: Db, invitationExpiresIn: number): Override[] {
  const find = (id: string) =>
    db.selectFrom("invitation").selectAll().where("id", "=", id).executeTakeFirst();

  /** Only a pending, unexpired invitation can be accepted or rejected (stock rejects expired ones). */
  const refuseExpired = async (_ctx: HookContext, { body }: { body: z.infer<typeof invitationIdBody> }) => {
    const invitation = await find(body.invitationId);
    if (invitation?.status === "pending" && isPast(invitation.expiresAt)) {
      throw APIError.from("BAD_REQUEST", ORGANIZATION_MESSAGES.invitationExpired);
    }
  };

  return [
    defineOverride({
      // Invitation ids are sign-up links: only those who may create invitations see them (as stock).
      path: "/organization/list-invitations",
      mode: "replace",
      handler: async (ctx) => {
        const { query, member, organizationId } = await organizationOf(db, ctx);
        if (!(await can(db, member, { invitation: ["create"] }))) {
          throw APIError.from("FORBIDDEN", ORGANIZATION_MESSAGES.notAllowedToListInvitations);
        }
        return answerPage(
          ctx,
          await invitationsPage(db, organizationId, {
            ...readPage(query, PAGE.maxLimit),
            status: readEnum(query, "status", INVITATION_STATUSES),
            viewerRole: member.role,
          }),
        );
      },
    }),

    defineOverride({
      path: "/organization/list-user-invitations",
      mode: "replace",
      handler: async (ctx) => {
        const session = await requireSession(ctx);
        if (!session.user.emailVerified)
          throw APIError.fromStatus("FORBIDDEN", { message: "Email not verified" });
        return ctx.json(await invitationsForEmail(db, session.user.email));
      },
    }),

    defineOverride({
      path: "/organization/accept-invitation",
      mode: "guard",
      body: invitationIdBody,
      handler: refuseExpired,
    }),
    defineOverride({
      path: "/organization/reject-invitation",
      mode: "guard",
      body: invitationIdBody,
      handler: refuseExpired,
    }),

    defineOverride({
      // Only a pending invitation can be cancelled, atomically: a cancel racing an accept cannot undo it.
      path: "/organization/cancel-invitation",
      mode: "replace",
      handler: async (ctx) => {
        const session = await requireSession(ctx);
        const invitation = await find(bodyString(ctx, "invitationId"));
        const member = invitation
          ? await findMembership(db, invitation.organizationId, session.user.id)
          : undefined;
        if (!invitation || !member)
          throw APIError.from("BAD_REQUEST", ORGANIZATION_MESSAGES.invitationNotFound);
        if (
          !(await can(db, member, { invitation: ["cancel"] })) ||
          (isOwner(invitation.role) && !isOwner(member.role))
        ) {
          throw APIError.from("FORBIDDEN", ORGANIZATION_MESSAGES.notAllowedToCancelInvitation);
        }
        const answer = await db.transaction().execute(async (trx) => {
          const canceled = await trx
            .updateTable("invitation")
            .set({ status: "canceled" })
            .where("id", "=", invitation.id)
            .where("status", "=", "pending")
            .returningAll()
            .executeTakeFirst();
          if (!canceled) throw APIError.from("BAD_REQUEST", ORGANIZATION_MESSAGES.invitationNotPending);
          const json = {
            ...canceled,
            expiresAt: toDate(canceled.expiresAt),
            createdAt: toDate(canceled.createdAt),
          };
          // The audit event and its webhook commit with the status, or neither does (decision 30).
          await recordEvent(trx, {
            ...eventSourceOf(ctx, session),
            action: "invitation.cancelled",
            target: { type: "invitation", id: canceled.id, label: canceled.email },
            organizationId: canceled.organizationId,
            details: { role: canceled.role },
            data: json,
          });
          return json;
        });
        return ctx.json(answer);
      },
    }),

    defineOverride({
      // Resending renews an invitation even once it has expired (stock would leave it and create another).
      path: "/organization/invite-member",
      mode: "guard",
      handler: async (ctx) => {
        const body = (ctx.body ?? {}) as Record<string, unknown>;
        if (body.resend !== true || typeof body.email !== "string") return;
        const session = await requireSession(ctx);
        const organizationId =
          typeof body.organizationId === "string"
            ? body.organizationId
            : (session.session.activeOrganizationId as string | null);
        const member = organizationId ? await findMembership(db, organizationId, session.user.id) : undefined;
        if (!member || !(await can(db, member, { invitation: ["create"] }))) return;
        const pending = await db
          .selectFrom("invitation")
          .select(["id", "expiresAt"])
          .where("organizationId", "=", member.organizationId)
          .where("email", "=", body.email.toLowerCase())
          .where("status", "=", "pending")
          .execute();
        const latest = pending.sort(
          (a, b) => toDate(b.expiresAt).getTime() - toDate(a.expiresAt).getTime(),
        )[0];
        if (latest && isPast(latest.expiresAt)) {
          await ctx.context.adapter.update({
            model: "invitation",
            where: [{ field: "id", value: latest.id }],
            update: { expiresAt: new Date(Date.now() + invitationExpiresIn * 1000) },
          });
        }
      },
    }),
  ];
}
