import { APIError } from "better-auth/api";
import { defineOverride, type Override } from "#server/auth/overrides.ts";
import type { Db } from "#server/db/tables.ts";
import { can, findMembership } from "#server/features/organizations/access.ts";
import { organizationOf, queryOf, requireSession } from "#server/features/organizations/context.ts";
import { teamMembersPage, teamsPage } from "#server/features/organizations/lists.ts";
import { ORGANIZATION_MESSAGES } from "#server/features/organizations/messages.ts";
import { answerPage, PAGE, readPage, readString } from "#server/features/organizations/paging.ts";

/**
 * Teams: lists of teams and of a team's members in better-auth's array shape, paged by optional
 * `limit`/`offset` (up to 200 without them), the total in `X-Total-Count` (decision 10).
 */
export function teamOverrides(db: Db): Override[] {
  return [
    defineOverride({
      path: "/organization/list-teams",
      mode: "replace",
      handler: async (ctx) => {
        const { query, organizationId } = await organizationOf(db, ctx);
        return answerPage(ctx, await teamsPage(db, organizationId, readPage(query, PAGE.maxLimit)));
      },
    }),

    defineOverride({
      path: "/organization/list-team-members",
      mode: "replace",
      handler: async (ctx) => {
        const session = await requireSession(ctx);
        const query = queryOf(ctx);
        const teamId =
          readString(query, "teamId") ?? (session.session.activeTeamId as string | null | undefined);
        const team = teamId
          ? await db.selectFrom("team").selectAll().where("id", "=", teamId).executeTakeFirst()
          : undefined;
        const member = team ? await findMembership(db, team.organizationId, session.user.id) : undefined;
        // Someone outside the organization learns nothing, not even that the team exists.
        if (!team || !member) throw APIError.from("BAD_REQUEST", ORGANIZATION_MESSAGES.teamNotFound);
        const inTeam = await db
          .selectFrom("teamMember")
          .select("id")
          .where("teamId", "=", team.id)
          .where("userId", "=", session.user.id)
          .executeTakeFirst();
        if (!inTeam && !(await can(db, member, { team: ["update"] }))) {
          throw APIError.from("FORBIDDEN", ORGANIZATION_MESSAGES.notAllowedToListTeamMembers);
        }
        return answerPage(ctx, await teamMembersPage(db, team.id, readPage(query, PAGE.maxLimit)));
      },
    }),
  ];
}
