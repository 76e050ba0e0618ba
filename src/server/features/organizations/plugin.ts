import type { BetterAuthPlugin } from "better-auth";
import { APIError, createAuthEndpoint, createAuthMiddleware, isAPIError } from "better-auth/api";
import { z } from "zod";
import { overrideHooks } from "#server/auth/overrides.ts";
import type { LimitCounters } from "#server/db/limit-counters.ts";
import type { Db } from "#server/db/tables.ts";
import { customRoleOverrides, myPermissions } from "#server/features/organizations/custom-roles.ts";
import { invitationLimitOverrides } from "#server/features/organizations/invitation-limits.ts";
import { invitationPreview } from "#server/features/organizations/invitation-preview.ts";
import { verifyInviteeOnSignUp } from "#server/features/organizations/invitee-verification.ts";
import { STOCK_REWRITES } from "#server/features/organizations/messages.ts";
import {
  type InvitationResent,
  invitationOverrides,
} from "#server/features/organizations/overrides/invitations.ts";
import { memberOverrides } from "#server/features/organizations/overrides/members.ts";
import { organizationOverrides } from "#server/features/organizations/overrides/organizations.ts";
import { teamOverrides } from "#server/features/organizations/overrides/teams.ts";
import { deactivateOrganization } from "#server/features/organizations/sessions.ts";

export interface GatehouseOrganizationsOptions {
  db: Db;
  /** Seconds an invitation stays valid; a resend renews it by as much. @default 172800 */
  invitationExpiresIn?: number;
  /** Counters for invitation mails per recipient and organization; undefined when limits are off. */
  mailLimits?: LimitCounters;
  /** Records a resent invitation's audit event in the resend's transaction (the audit feature's). */
  invitationResent?: InvitationResent;
}

/**
 * Gatehouse's layer over better-auth's organization plugin: complete and paged lists,
 * the SPEC §4 invitation rules, owner protection, offboarding, and SPEC §8 wording.
 */
export function gatehouseOrganizations({
  db,
  invitationExpiresIn = 172800,
  mailLimits,
  invitationResent,
}: GatehouseOrganizationsOptions) {
  // Each stock path served differently, replaced or guarded (docs/ARCHITECTURE.md lists them).
  const overrides = [
    ...organizationOverrides(db),
    ...memberOverrides(db),
    // Custom roles (decision 35): first, so no grant above the granter's own reaches the others.
    ...customRoleOverrides(db),
    ...invitationLimitOverrides(db, mailLimits),
    ...invitationOverrides(db, invitationExpiresIn, invitationResent),
    ...teamOverrides(db),
  ];

  return {
    id: "gatehouse-organizations",
    endpoints: {
      getInvitationPreview: createAuthEndpoint(
        "/organization/invitation-preview",
        { method: "GET", query: z.object({ id: z.string().min(1).max(100) }) },
        async (ctx) => ctx.json(await invitationPreview(db, ctx.query.id)),
      ),
      // Custom roles (decision 35): the caller's permissions there, built-in and custom roles merged.
      getMyPermissions: createAuthEndpoint(
        "/organization/my-permissions",
        {
          method: "GET",
          query: z.object({ organizationId: z.string().min(1).max(200).optional() }).optional(),
        },
        async (ctx) => ctx.json(await myPermissions(db, ctx, ctx.query?.organizationId)),
      ),
    },
    hooks: {
      before: overrideHooks(overrides),
      after: [
        // An invitee's sign-up from the invitation's link proves the invited address.
        verifyInviteeOnSignUp,
        {
          // Offboarding: the organization stops being active in every session of whoever left or was removed.
          matcher: (ctx: { path?: string }) =>
            ctx.path === "/organization/leave" || ctx.path === "/organization/remove-member",
          handler: createAuthMiddleware(async (ctx) => {
            const returned = ctx.context.returned as { member?: Gone } & Gone;
            if (!returned || isAPIError(returned)) return;
            const gone = returned.member ?? returned;
            if (gone.organizationId && gone.userId) {
              await deactivateOrganization(ctx.context, db, gone.organizationId, [gone.userId]);
            }
          }),
        },
        {
          matcher: (ctx: { path?: string }) => ctx.path?.startsWith("/organization/") ?? false,
          handler: createAuthMiddleware(async (ctx) => {
            const returned = ctx.context.returned;
            if (!isAPIError(returned)) return;
            const rewrite = STOCK_REWRITES[String(returned.body?.code ?? "")];
            if (rewrite) throw new APIError(returned.status, rewrite);
          }),
        },
      ],
    },
  } satisfies BetterAuthPlugin;
}

interface Gone {
  organizationId?: string;
  userId?: string;
}
