import { APIError } from "better-auth/api";
import type { Db } from "#server/db/tables.ts";
import {
  can,
  findMembership,
  requireMembership,
  resolveOrganizationId,
} from "#server/features/organizations/access.ts";
import { queryOf, requireSession } from "#server/features/organizations/context.ts";
import {
  INVITATION_STATUSES,
  invitationsForEmail,
  invitationsPage,
  MEMBER_SORTS,
  membersPage,
  organizationJson,
  organizationsOfUser,
  teamMembersPage,
  teamsPage,
} from "#server/features/organizations/lists.ts";
import { ORGANIZATION_MESSAGES } from "#server/features/organizations/messages.ts";
import { readEnum, readPage, readString } from "#server/features/organizations/paging.ts";
import type { AuthMiddlewareContext } from "#server/features/organizations/types.ts";

type Handler = (ctx: AuthMiddlewareContext) => Promise<unknown>;

/** How many members, invitations and teams get-full-organization embeds, unless asked for fewer. */
const FULL_ORGANIZATION_LIMIT = 100;

/** Replacements for better-auth's organization reads: complete or explicitly paged, one or two queries each. */
export function listRoutes(db: Db): Record<string, Handler> {
  async function organizationOf(ctx: AuthMiddlewareContext) {
    const session = await requireSession(ctx);
    const query = queryOf(ctx);
    const organizationId = await resolveOrganizationId(
      db,
      {
        organizationId: readString(query, "organizationId"),
        organizationSlug: readString(query, "organizationSlug"),
      },
      session.session.activeOrganizationId as string | null | undefined,
    );
    const member = await requireMembership(db, organizationId, session.user.id);
    return { session, query, member, organizationId: member.organizationId };
  }

  return {
    "/organization/list": async (ctx) => {
      const session = await requireSession(ctx);
      return ctx.json(await organizationsOfUser(db, session.user.id));
    },

    "/organization/list-members": async (ctx) => {
      const { query, organizationId } = await organizationOf(ctx);
      return ctx.json(
        await membersPage(db, organizationId, {
          ...readPage(query),
          search: readString(query, "search", 254),
          sortBy: readEnum(query, "sortBy", MEMBER_SORTS),
          sortDirection: readEnum(query, "sortDirection", ["asc", "desc"] as const),
        }),
      );
    },

    "/organization/list-invitations": async (ctx) => {
      const { query, member, organizationId } = await organizationOf(ctx);
      // Invitation ids are sign-up links: only those who may create invitations see them (as stock).
      if (!can(member.role, { invitation: ["create"] })) {
        throw APIError.from("FORBIDDEN", ORGANIZATION_MESSAGES.notAllowedToListInvitations);
      }
      return ctx.json(
        await invitationsPage(db, organizationId, {
          ...readPage(query),
          status: readEnum(query, "status", INVITATION_STATUSES),
          viewerRole: member.role,
        }),
      );
    },

    "/organization/list-teams": async (ctx) => {
      const { query, organizationId } = await organizationOf(ctx);
      return ctx.json(await teamsPage(db, organizationId, readPage(query)));
    },

    "/organization/list-team-members": async (ctx) => {
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
      if (!inTeam && !can(member.role, { team: ["update"] })) {
        throw APIError.from("FORBIDDEN", ORGANIZATION_MESSAGES.notAllowedToListTeamMembers);
      }
      return ctx.json(await teamMembersPage(db, team.id, readPage(query)));
    },

    "/organization/get-full-organization": async (ctx) => {
      const session = await requireSession(ctx);
      const query = queryOf(ctx);
      const organizationId = await resolveOrganizationId(
        db,
        {
          organizationId: readString(query, "organizationId"),
          organizationSlug: readString(query, "organizationSlug"),
        },
        session.session.activeOrganizationId as string | null | undefined,
      );
      if (!organizationId) return ctx.json(null);
      const member = await requireMembership(db, organizationId, session.user.id);
      const organization = await db
        .selectFrom("organization")
        .selectAll()
        .where("id", "=", organizationId)
        .executeTakeFirst();
      if (!organization) throw APIError.from("BAD_REQUEST", ORGANIZATION_MESSAGES.organizationNotFound);
      const { limit } = readPage({ limit: query.membersLimit }, FULL_ORGANIZATION_LIMIT);
      const page = { limit, offset: 0 };
      const seesInvitations = can(member.role, { invitation: ["create"] });
      const [members, teams, invitations] = await Promise.all([
        membersPage(db, organizationId, page),
        teamsPage(db, organizationId, page),
        seesInvitations
          ? invitationsPage(db, organizationId, { ...page, status: "pending", viewerRole: member.role })
          : { invitations: [], total: 0 },
      ]);
      return ctx.json({
        ...organizationJson(organization),
        members: members.members,
        memberCount: members.total,
        invitations: invitations.invitations,
        invitationCount: invitations.total,
        teams: teams.teams,
        teamCount: teams.total,
      });
    },

    "/organization/list-user-invitations": async (ctx) => {
      const session = await requireSession(ctx);
      if (!session.user.emailVerified)
        throw APIError.fromStatus("FORBIDDEN", { message: "Email not verified" });
      return ctx.json(await invitationsForEmail(db, session.user.email));
    },
  };
}
