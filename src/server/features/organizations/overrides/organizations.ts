import { APIError } from "better-auth/api";
import { keyAllows } from "#server/auth/api-key-access.ts";
import { eventSourceOf } from "#server/auth/event-source.ts";
import { defineOverride, type Override } from "#server/auth/overrides.ts";
import type { Db } from "#server/db/tables.ts";
import { recordEvent } from "#server/events/record.ts";
import { can, findMembership, requireMembership } from "#server/features/organizations/access.ts";
import { DELETION_TABLE } from "#server/features/organizations/constraints.ts";
import { bodyString, requestedOrganization, requireSession } from "#server/features/organizations/context.ts";
import {
  fullOrganization,
  organizationJson,
  organizationsOfUser,
} from "#server/features/organizations/lists.ts";
import { ORGANIZATION_MESSAGES } from "#server/features/organizations/messages.ts";
import { readPage } from "#server/features/organizations/paging.ts";
import { deactivateOrganization } from "#server/features/organizations/sessions.ts";

/** How many members, invitations and teams get-full-organization embeds, unless asked for fewer. */
const FULL_ORGANIZATION_LIMIT = 100;

/** Organizations themselves: the complete list, the full view, and deletion in one transaction. */
export function organizationOverrides(db: Db): Override[] {
  const findOrganization = async (organizationId: string) => {
    const organization = await db
      .selectFrom("organization")
      .selectAll()
      .where("id", "=", organizationId)
      .executeTakeFirst();
    if (!organization) throw APIError.from("BAD_REQUEST", ORGANIZATION_MESSAGES.organizationNotFound);
    return organization;
  };

  return [
    defineOverride({
      // Every organization of the user in one query (stock stops at 100).
      path: "/organization/list",
      mode: "replace",
      handler: async (ctx) => {
        const session = await requireSession(ctx);
        return ctx.json(await organizationsOfUser(db, session.user.id));
      },
    }),

    defineOverride({
      // Members, teams and (for those who may invite) pending invitations, paged, with their totals.
      path: "/organization/get-full-organization",
      mode: "replace",
      handler: async (ctx) => {
        const { session, query, organizationId } = await requestedOrganization(db, ctx);
        if (!organizationId) return ctx.json(null);
        const member = await requireMembership(db, organizationId, session.user.id);
        const organization = await findOrganization(organizationId);
        const { limit } = readPage({ limit: query.membersLimit }, FULL_ORGANIZATION_LIMIT);
        // An API key without invitation:create sees no invitations, whoever created it.
        const seesInvitations =
          (await can(db, member, { invitation: ["create"] })) && keyAllows(ctx, "invitation", "create");
        return ctx.json(
          await fullOrganization(
            db,
            organization,
            { limit, offset: 0 },
            seesInvitations ? member.role : null,
          ),
        );
      },
    }),

    defineOverride({
      // One transaction: the organization and everything in it (members, teams, team members, invitations).
      path: "/organization/delete",
      mode: "replace",
      handler: async (ctx) => {
        const session = await requireSession(ctx);
        const organizationId = bodyString(ctx, "organizationId");
        const member = await findMembership(db, organizationId, session.user.id);
        if (!member) throw APIError.from("FORBIDDEN", ORGANIZATION_MESSAGES.notAMember);
        if (!(await can(db, member, { organization: ["delete"] }))) {
          throw APIError.from("FORBIDDEN", ORGANIZATION_MESSAGES.notAllowedToManageOrganization);
        }
        const organization = await findOrganization(organizationId);
        const teamIds = (
          await db.selectFrom("team").select("id").where("organizationId", "=", organizationId).execute()
        ).map((t) => t.id);
        await db.transaction().execute(async (trx) => {
          // The marker lets the last-owner trigger allow the owners to go with their organization.
          await trx.insertInto(DELETION_TABLE).values({ organizationId }).execute();
          await trx.deleteFrom("organization").where("id", "=", organizationId).execute();
          await trx.deleteFrom(DELETION_TABLE).where("organizationId", "=", organizationId).execute();
          // The audit event and its webhook commit with the deletion, or neither does (decision 30).
          await recordEvent(trx, {
            ...eventSourceOf(ctx, session),
            action: "organization.deleted",
            target: { type: "organization", id: organizationId, label: organization.name },
            organizationId,
            details: { slug: organization.slug },
            data: organizationJson(organization),
          });
        });
        await deactivateOrganization(ctx.context, db, organizationId, undefined, teamIds);
        return ctx.json(organizationJson(organization));
      },
    }),
  ];
}
