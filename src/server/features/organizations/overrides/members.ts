import { APIError } from "better-auth/api";
import { defineOverride, type Override } from "#server/auth/overrides.ts";
import type { Db } from "#server/db/tables.ts";
import { can, findMembership, isOwner } from "#server/features/organizations/access.ts";
import { bodyString, organizationOf, requireSession } from "#server/features/organizations/context.ts";
import { MEMBER_SORTS, membersPage } from "#server/features/organizations/lists.ts";
import { ORGANIZATION_MESSAGES } from "#server/features/organizations/messages.ts";
import { readEnum, readPage, readString } from "#server/features/organizations/paging.ts";
import { teamOf } from "#server/features/organizations/team-names.ts";

/** Members: an explicitly paged, searchable list, and removal kept inside the caller's organization. */
export function memberOverrides(db: Db): Override[] {
  return [
    defineOverride({
      path: "/organization/list-members",
      mode: "replace",
      handler: async (ctx) => {
        const { query, organizationId, member } = await organizationOf(db, ctx);
        // Owners see who lacks two-factor (issue 16's policies), and may list only them.
        const owner = isOwner(member.role);
        const twoFactor = readEnum(query, "twoFactor", ["missing"] as const);
        if (twoFactor && !owner) throw APIError.from("FORBIDDEN", ORGANIZATION_MESSAGES.ownersSeeTwoFactor);
        // A team of this organization only: another organization's team would leave nobody out, silently.
        const notInTeam = readString(query, "notInTeam", 64);
        if (notInTeam && !(await teamOf(db, organizationId, notInTeam))) {
          throw APIError.from("BAD_REQUEST", ORGANIZATION_MESSAGES.teamNotFound);
        }
        return ctx.json(
          await membersPage(db, organizationId, {
            ...readPage(query),
            search: readString(query, "search", 254),
            sortBy: readEnum(query, "sortBy", MEMBER_SORTS),
            sortDirection: readEnum(query, "sortDirection", ["asc", "desc"] as const),
            withTwoFactor: owner,
            withoutTwoFactorOnly: twoFactor === "missing",
            notInTeam,
          }),
        );
      },
    }),

    defineOverride({
      // Resolves the target inside the caller's organization only, and keeps owners for owners to remove.
      path: "/organization/remove-member",
      mode: "guard",
      handler: async (ctx) => {
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
        if (!(await can(db, actor, { member: ["delete"] }))) {
          throw APIError.from("FORBIDDEN", ORGANIZATION_MESSAGES.notAllowedToRemoveMember);
        }
        if (isOwner(member.role) && !isOwner(actor.role)) {
          throw APIError.from("FORBIDDEN", ORGANIZATION_MESSAGES.notAllowedToRemoveOwner);
        }
      },
    }),
  ];
}
