import { getCurrentAdapter, runWithTransaction } from "@better-auth/core/context";
import { APIError } from "better-auth/api";
import { z } from "zod";
import { type ActingSession, eventSourceOf } from "#server/auth/event-source.ts";
import { defineOverride, type HookContext, type Override } from "#server/auth/overrides.ts";
import { isPast, toDate } from "#server/db/dates.ts";
import type { Db } from "#server/db/tables.ts";
import { currentTransaction } from "#server/db/transaction-scope.ts";
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
import { roleDefinitions } from "#server/features/organizations/role-definitions.ts";
import { parseRoles } from "#shared/roles.ts";

const INVITATION_ID_REQUIRED = "invitationId is required (a string of at most 200 characters)";
const invitationIdBody = z.object({
  invitationId: z
    .string({ error: INVITATION_ID_REQUIRED })
    .min(1, INVITATION_ID_REQUIRED)
    .max(200, INVITATION_ID_REQUIRED),
});

interface InvitationRow {
  id: string;
  email: string;
  role: string;
}

/** better-auth's organization options, as far as a resend reads them (auth.ts sets sendInvitationEmail). */
interface OrgMailOptions {
  sendInvitationEmail?: (data: Record<string, unknown>, request?: Request) => Promise<void>;
}

/** Records a resent invitation's audit event in `trx`, the resend's transaction (the audit feature's). */
export type InvitationResent = (
  trx: Db,
  ctx: HookContext,
  session: ActingSession,
  invitation: Record<string, unknown> & { id: string },
) => Promise<void>;

/**
 * Invitations: paged lists, and the SPEC §4 transitions better-auth 1.7 leaves open (expired invitations
 * cannot be accepted or rejected, only pending ones cancelled, a resend renews an expired one).
 */
export function invitationOverrides(
  db: Db,
  invitationExpiresIn: number,
  invitationResent?: InvitationResent,
): Override[] {
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
      // A resend of a pending invitation, expired or not (stock would leave an expired one and create another),
      // is Gatehouse's own transaction: the renewed expiry, the queued mail and invitation.resent commit
      // together or not at all. Stock renews first, then queues the mail in the background, where a failure is
      // only logged: an answer of 200 for an invitation renewed without its mail. Whatever stock would refuse
      // (no right to invite, an unknown role, owner by a non-owner, an address already a member) or create
      // anew (nothing pending) goes on to it; the guards before this one (two-factor policy, grants above the
      // caller's own, mail limits) have run.
      path: "/organization/invite-member",
      mode: "guard",
      handler: async (ctx) => {
        const body = (ctx.body ?? {}) as Record<string, unknown>;
        if (body.resend !== true || typeof body.email !== "string") return;
        const session = await requireSession(ctx);
        const organizationId =
          typeof body.organizationId === "string" && body.organizationId
            ? body.organizationId
            : (session.session.activeOrganizationId as string | null);
        const member = organizationId ? await findMembership(db, organizationId, session.user.id) : undefined;
        if (!member || !(await can(db, member, { invitation: ["create"] }))) return;
        const roles =
          typeof body.role === "string" || Array.isArray(body.role) ? parseRoles(body.role as string[]) : [];
        const known = await roleDefinitions(db, member.organizationId);
        if (roles.length === 0 || roles.some((role) => !Object.hasOwn(known, role))) return;
        if (!isOwner(member.role) && roles.includes("owner")) return;
        const email = body.email.toLowerCase();
        const alreadyMember = await db
          .selectFrom("member")
          .innerJoin("user", "user.id", "member.userId")
          .select("member.id")
          .where("member.organizationId", "=", member.organizationId)
          .where("user.email", "=", email)
          .executeTakeFirst();
        if (alreadyMember) return;
        const pending = await db
          .selectFrom("invitation")
          .select(["id", "role", "expiresAt"])
          .where("organizationId", "=", member.organizationId)
          .where("email", "=", email)
          .where("status", "=", "pending")
          .execute();
        const latest = pending.sort(
          (a, b) => toDate(b.expiresAt).getTime() - toDate(a.expiresAt).getTime(),
        )[0];
        if (!latest || (isOwner(latest.role) && !isOwner(member.role))) return;
        const organization = await db
          .selectFrom("organization")
          .selectAll()
          .where("id", "=", member.organizationId)
          .executeTakeFirstOrThrow();
        // The organization plugin's own mail (auth.ts): a hook's context has no orgOptions, its plugin does.
        const plugin = ctx.context.getPlugin("organization") as { options?: OrgMailOptions } | null;
        const sendInvitationEmail = plugin?.options?.sendInvitationEmail;
        if (!sendInvitationEmail) return;

        const renewed = await runWithTransaction(ctx.context.adapter, async () => {
          const adapter = await getCurrentAdapter(ctx.context.adapter);
          const trx = currentTransaction();
          if (!trx) throw new Error("the invitation resend runs outside a tracked transaction");
          // Still pending: an accept or cancel that came first wins, and nothing is renewed.
          const invitation = await adapter.update<Record<string, unknown> & InvitationRow>({
            model: "invitation",
            where: [
              { field: "id", value: latest.id },
              { field: "status", value: "pending" },
            ],
            update: { expiresAt: new Date(Date.now() + invitationExpiresIn * 1000) },
          });
          if (!invitation) throw APIError.from("BAD_REQUEST", ORGANIZATION_MESSAGES.invitationNotFound);
          // Queued in this transaction (mail/queue.ts joins it): a mail that cannot be queued rolls it back.
          await sendInvitationEmail(
            {
              id: invitation.id,
              role: invitation.role,
              email: invitation.email,
              organization,
              inviter: { ...member, user: session.user },
              invitation,
            },
            ctx.request,
          );
          await invitationResent?.(trx, ctx, session, invitation);
          return invitation;
        });
        return ctx.json(renewed);
      },
    }),
  ];
}
