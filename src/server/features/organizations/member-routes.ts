import { APIError } from "better-auth/api";
import type { Db } from "#server/db/tables.ts";
import { can, findMembership, isOwner } from "#server/features/organizations/access.ts";
import { DELETION_TABLE } from "#server/features/organizations/constraints.ts";
import { bodyString, requireSession } from "#server/features/organizations/context.ts";
import { organizationJson } from "#server/features/organizations/lists.ts";
import { ORGANIZATION_MESSAGES } from "#server/features/organizations/messages.ts";
import { deactivateOrganization } from "#server/features/organizations/sessions.ts";
import type { AuthMiddlewareContext } from "#server/features/organizations/types.ts";

type Handler = (ctx: AuthMiddlewareContext) => Promise<unknown>;

export function memberRoutes(db: Db): Record<string, Handler> {
  return {
    // Resolves the target inside the caller's organization only, and keeps owners for owners to remove.
    "/organization/remove-member": async (ctx) => {
      const session = await requireSession(ctx);
      const body = (ctx.body ?? {}) as Record<string, unknown>;
      const organizationId =
        typeof body.organizationId === "string"
          ? body.organizationId
          : (session.session.activeOrganizationId as string | null);
      const target = bodyString(ctx, "memberIdOrEmail", 254);
      const actor = organizationId ? await findMembership(db, organizationId, session.user.id) : undefined;
      if (!actor) return;
      const member = await db
        .selectFrom("member")
        .innerJoin("user", "user.id", "member.userId")
        .select(["member.id", "member.role"])
        .where("member.organizationId", "=", actor.organizationId)
        .where(
          target.includes("@") ? "user.email" : "member.id",
          "=",
          target.includes("@") ? target.toLowerCase() : target,
        )
        .executeTakeFirst();
      if (!member) throw APIError.from("BAD_REQUEST", ORGANIZATION_MESSAGES.memberNotFound);
      if (!can(actor.role, { member: ["delete"] })) {
        throw APIError.from("FORBIDDEN", ORGANIZATION_MESSAGES.notAllowedToRemoveMember);
      }
      if (isOwner(member.role) && !isOwner(actor.role)) {
        throw APIError.from("FORBIDDEN", ORGANIZATION_MESSAGES.notAllowedToRemoveOwner);
      }
    },

    // One transaction: the organization and everything in it (members, teams, team members, invitations).
    "/organization/delete": async (ctx) => {
      const session = await requireSession(ctx);
      const organizationId = bodyString(ctx, "organizationId");
      const member = await findMembership(db, organizationId, session.user.id);
      if (!member) throw APIError.from("FORBIDDEN", ORGANIZATION_MESSAGES.notAMember);
      if (!can(member.role, { organization: ["delete"] })) {
        throw APIError.from("FORBIDDEN", ORGANIZATION_MESSAGES.notAllowedToManageOrganization);
      }
      const organization = await db
        .selectFrom("organization")
        .selectAll()
        .where("id", "=", organizationId)
        .executeTakeFirst();
      if (!organization) throw APIError.from("BAD_REQUEST", ORGANIZATION_MESSAGES.organizationNotFound);
      const teamIds = (
        await db.selectFrom("team").select("id").where("organizationId", "=", organizationId).execute()
      ).map((t) => t.id);
      await db.transaction().execute(async (trx) => {
        // The marker lets the last-owner trigger allow the owners to go with their organization.
        await trx.insertInto(DELETION_TABLE).values({ organizationId }).execute();
        await trx.deleteFrom("organization").where("id", "=", organizationId).execute();
        await trx.deleteFrom(DELETION_TABLE).where("organizationId", "=", organizationId).execute();
      });
      await deactivateOrganization(ctx.context, db, organizationId, undefined, teamIds);
      return ctx.json(organizationJson(organization));
    },
  };
}
