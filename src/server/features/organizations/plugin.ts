import type { BetterAuthPlugin } from "better-auth";
import { APIError, createAuthEndpoint, createAuthMiddleware, isAPIError } from "better-auth/api";
import type { Kysely } from "kysely";
import { z } from "zod";
import { invitationPreview, invitationRoutes } from "#server/features/organizations/invitation-routes.ts";
import { listRoutes } from "#server/features/organizations/list-routes.ts";
import { memberRoutes } from "#server/features/organizations/member-routes.ts";
import { STOCK_REWRITES } from "#server/features/organizations/messages.ts";
import { deactivateOrganization } from "#server/features/organizations/sessions.ts";
import type { OrganizationDb } from "#server/features/organizations/tables.ts";

export interface GatehouseOrganizationsOptions {
  // biome-ignore lint/suspicious/noExplicitAny: the same Kysely instance better-auth uses
  db: Kysely<any>;
  /** Seconds an invitation stays valid; a resend renews it by as much. @default 172800 */
  invitationExpiresIn?: number;
}

/**
 * Gatehouse's layer over better-auth's organization plugin: complete and paged lists,
 * the SPEC §4 invitation rules, owner protection, offboarding, and SPEC §8 wording.
 */
export function gatehouseOrganizations({ db, invitationExpiresIn = 172800 }: GatehouseOrganizationsOptions) {
  const orgDb = db as OrganizationDb;
  const routes = {
    ...listRoutes(orgDb),
    ...invitationRoutes(orgDb, invitationExpiresIn),
    ...memberRoutes(orgDb),
  };

  return {
    id: "gatehouse-organizations",
    endpoints: {
      getInvitationPreview: createAuthEndpoint(
        "/organization/invitation-preview",
        { method: "GET", query: z.object({ id: z.string().min(1).max(100) }) },
        async (ctx) => ctx.json(await invitationPreview(orgDb, ctx.query.id)),
      ),
    },
    hooks: {
      before: Object.entries(routes).map(([path, handler]) => ({
        matcher: (ctx: { path?: string }) => ctx.path === path,
        handler: createAuthMiddleware(handler),
      })),
      after: [
        {
          // Offboarding: the organization stops being active in every session of whoever left or was removed.
          matcher: (ctx: { path?: string }) =>
            ctx.path === "/organization/leave" || ctx.path === "/organization/remove-member",
          handler: createAuthMiddleware(async (ctx) => {
            const returned = ctx.context.returned as { member?: Gone } & Gone;
            if (!returned || isAPIError(returned)) return;
            const gone = returned.member ?? returned;
            if (gone.organizationId && gone.userId) {
              await deactivateOrganization(ctx.context, orgDb, gone.organizationId, [gone.userId]);
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
