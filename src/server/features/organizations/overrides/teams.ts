import { APIError, getSessionFromCtx } from "better-auth/api";
import { defineOverride, type Override } from "#server/auth/overrides.ts";
import type { Db } from "#server/db/tables.ts";
import { can, findMembership } from "#server/features/organizations/access.ts";
import { organizationOf, queryOf, requireSession } from "#server/features/organizations/context.ts";
import { teamMembersPage, teamsPage } from "#server/features/organizations/lists.ts";
import { ORGANIZATION_MESSAGES } from "#server/features/organizations/messages.ts";
import { answerPage, PAGE, readPage, readString } from "#server/features/organizations/paging.ts";
import { refuseTakenTeamName } from "#server/features/organizations/team-names.ts";

/**
 * Teams: lists of teams and of a team's members in better-auth's array shape, paged by optional
 * `limit`/`offset` (up to 200 without them), the total in `X-Total-Count` (decision 10); one name per
 * team within an organization, stored without its surrounding spaces (issue 20).
 */
export function teamOverrides(db: Db): Override[] {
  return [
    defineOverride({
      path: "/organization/create-team",
      mode: "guard",
      handler: async (ctx) => {
        const body = ctx.body as { name?: unknown; organizationId?: unknown } | undefined;
        if (typeof body?.name !== "string") return;
        const session = await getSessionFromCtx(ctx);
        const organizationId =
          (typeof body.organizationId === "string" && body.organizationId) ||
          (session?.session.activeOrganizationId as string | null | undefined);
        if (!organizationId || !(await mayNameTeams(db, session, organizationId, "create"))) return;
        await refuseTakenTeamName(db, organizationId, body.name);
        return { context: { body: { ...body, name: body.name.trim() } } };
      },
    }),

    defineOverride({
      path: "/organization/update-team",
      mode: "guard",
      handler: async (ctx) => {
        const body = ctx.body as { teamId?: unknown; data?: { name?: unknown } } | undefined;
        const name = body?.data?.name;
        if (typeof body?.teamId !== "string" || typeof name !== "string") return;
        const team = await db
          .selectFrom("team")
          .select(["id", "organizationId"])
          .where("id", "=", body.teamId)
          .executeTakeFirst();
        const session = await getSessionFromCtx(ctx);
        if (!team || !(await mayNameTeams(db, session, team.organizationId, "update"))) return;
        await refuseTakenTeamName(db, team.organizationId, name, team.id);
        return { context: { body: { ...body, data: { ...body.data, name: name.trim() } } } };
      },
    }),

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

/**
 * Whether the caller may create or rename this organization's teams, so a taken name is told only to
 * them; anyone else goes on to better-auth's own refusal. A call from the server itself has no session.
 */
async function mayNameTeams(
  db: Db,
  session: { user: { id: string } } | null,
  organizationId: string,
  action: "create" | "update",
): Promise<boolean> {
  if (!session) return true;
  const member = await findMembership(db, organizationId, session.user.id);
  return !!member && (await can(db, member, { team: [action] }));
}
