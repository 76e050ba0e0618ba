import { getSessionFromCtx } from "better-auth/api";
import { enforceLimits, MAIL_LIMITS, recipientKey } from "#server/auth/abuse-limits.ts";
import { defineOverride, type Override } from "#server/auth/overrides.ts";
import type { LimitCounters } from "#server/db/limit-counters.ts";
import type { Db } from "#server/db/tables.ts";
import { can, findMembership } from "#server/features/organizations/access.ts";

/**
 * Invitation mails (new or resent) are limited per recipient, whichever organization sends them, and per
 * organization, whichever client address asks (abuse-limits.ts MAIL_LIMITS). Only a member who may invite
 * is counted: anyone else is refused by better-auth anyway, and must not use up an organization's quota.
 */
export function invitationLimitOverrides(db: Db, counters: LimitCounters | undefined): Override[] {
  if (!counters) return [];
  return [
    defineOverride({
      path: "/organization/invite-member",
      mode: "guard",
      handler: async (ctx) => {
        const body = (ctx.body ?? {}) as Record<string, unknown>;
        if (typeof body.email !== "string" || !body.email) return;
        const session = await getSessionFromCtx(ctx);
        if (!session) return;
        const organizationId =
          typeof body.organizationId === "string"
            ? body.organizationId
            : (session.session.activeOrganizationId as string | null | undefined);
        const member = organizationId ? await findMembership(db, organizationId, session.user.id) : undefined;
        if (!member || !(await can(db, member, { invitation: ["create"] }))) return;
        await enforceLimits(counters, [
          [recipientKey("invitation", body.email), MAIL_LIMITS.perRecipient],
          [`mail:organization:${member.organizationId}`, MAIL_LIMITS.perOrganization],
        ]);
      },
    }),
  ];
}
