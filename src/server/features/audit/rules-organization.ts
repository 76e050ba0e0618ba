import { API_KEY_CONFIG } from "#shared/api-keys.ts";
import {
  apiKeyData,
  invitationData,
  memberData,
  organizationData,
  rolesText,
  teamData,
  teamMemberData,
} from "./data.ts";
import type { AuditRule, RuleEvent, RuleInput } from "./rule.ts";

type Row = Record<string, unknown> & { id: string };

/** Reads one row by id through better-auth's adapter (its caches and field names). */
const rowById = (model: string, field: string) => (ctx: RuleInput["ctx"]) => {
  const id = (ctx.body as Record<string, unknown> | undefined)?.[field];
  return typeof id === "string"
    ? ctx.context.adapter.findOne<Row>({ model, where: [{ field: "id", value: id }] })
    : Promise.resolve(null);
};

/** A member as a target: labelled with the person's address, read when the answer lacks it. */
async function memberTarget(
  ctx: RuleInput["ctx"],
  member: Row & { userId?: string; user?: { email?: string } },
) {
  const email =
    member.user?.email ??
    (member.userId ? (await ctx.context.internalAdapter.findUserById(member.userId))?.email : null);
  return { type: "member" as const, id: member.id, label: email ?? null };
}

const organizationTarget = (org: Row & { name?: string }) => ({
  type: "organization" as const,
  id: org.id,
  label: org.name ?? null,
});

const invitationTarget = (invitation: Row & { email?: string }) => ({
  type: "invitation" as const,
  id: invitation.id,
  label: invitation.email ?? null,
});

const teamTarget = (team: Row & { name?: string }) => ({
  type: "team" as const,
  id: team.id,
  label: team.name ?? null,
});

/**
 * invitation.created or invitation.resent, for the invitation invite-member answers: no rule here, each is
 * written in the transaction of its invitation and mail (plugin.ts invitationCreated and invitationResent).
 */
export const invitationEvent = (
  action: "invitation.created" | "invitation.resent",
  invitation: Row & { organizationId?: unknown; role?: unknown; teamId?: unknown },
): Omit<RuleEvent, "actor"> => ({
  action,
  target: invitationTarget(invitation),
  organizationId: invitation.organizationId as string,
  details: { role: rolesText(invitation.role), teamId: invitation.teamId ?? null },
  data: invitationData(invitation),
});

/**
 * Organizations, members, invitations, teams and organization API keys. Deleting an organization and
 * cancelling an invitation are Gatehouse's own transactions and record their event inside them
 * (features/organizations/overrides); so does nothing here for those paths.
 */
export const organizationRules: AuditRule[] = [
  {
    path: "/organization/create",
    event: ({ returned }) =>
      returned?.id && {
        action: "organization.created",
        target: organizationTarget(returned),
        organizationId: returned.id,
        details: { slug: returned.slug ?? null },
        data: organizationData(returned),
      },
  },
  {
    path: "/organization/update",
    event: ({ returned, body }) =>
      returned?.id && {
        action: "organization.updated",
        target: organizationTarget(returned),
        organizationId: returned.id,
        details: { changed: Object.keys(body.data ?? {}) },
        data: organizationData(returned),
      },
  },
  {
    path: "/organization/set-two-factor-policy",
    event: async ({ ctx, returned }) => {
      if (!returned?.organizationId) return null;
      const org = await ctx.context.adapter.findOne<Row>({
        model: "organization",
        where: [{ field: "id", value: returned.organizationId }],
      });
      return org
        ? {
            action: "organization.updated",
            target: organizationTarget(org),
            organizationId: org.id,
            details: { changed: ["requireTwoFactor"], requireTwoFactor: returned.requireTwoFactor },
            data: organizationData(org),
          }
        : null;
    },
  },
  {
    path: "/organization/add-member",
    event: async ({ ctx, returned }) =>
      returned?.id && {
        action: "member.added",
        target: await memberTarget(ctx, returned),
        organizationId: returned.organizationId,
        details: { userId: returned.userId, role: rolesText(returned.role) },
        data: memberData(returned),
      },
  },
  {
    // Joining by invitation makes a member too: subscribers of member.added learn of every join.
    path: "/organization/accept-invitation",
    event: async ({ ctx, returned }) =>
      returned?.member?.id && {
        action: "member.added",
        target: await memberTarget(ctx, returned.member),
        organizationId: returned.member.organizationId,
        details: {
          userId: returned.member.userId,
          role: rolesText(returned.member.role),
          invitationId: returned.invitation?.id ?? null,
        },
        data: memberData(returned.member),
      },
  },
  ...(
    [
      ["/organization/remove-member", "member.removed"],
      ["/organization/leave", "member.left"],
    ] as const
  ).map(
    ([path, action]): AuditRule => ({
      path,
      event: async ({ ctx, returned }) => {
        const member = returned?.member ?? returned;
        return member?.id
          ? {
              action,
              target: await memberTarget(ctx, member),
              organizationId: member.organizationId,
              details: { userId: member.userId, role: rolesText(member.role) },
              data: memberData(member),
            }
          : null;
      },
    }),
  ),
  {
    path: "/organization/update-member-role",
    before: rowById("member", "memberId"),
    event: async ({ ctx, returned, captured }) =>
      returned?.id && {
        action: "member.role_changed",
        target: await memberTarget(ctx, returned),
        organizationId: returned.organizationId,
        details: { userId: returned.userId, from: rolesText(captured?.role), to: rolesText(returned.role) },
        data: memberData(returned),
      },
  },
  ...(
    [
      ["/organization/accept-invitation", "invitation.accepted"],
      ["/organization/reject-invitation", "invitation.rejected"],
    ] as const
  ).map(
    ([path, action]): AuditRule => ({
      path,
      event: ({ returned }) =>
        returned?.invitation && {
          action,
          target: invitationTarget(returned.invitation),
          organizationId: returned.invitation.organizationId,
          details: {
            role: rolesText(returned.invitation.role),
            ...(returned.member ? { memberId: returned.member.id } : {}),
          },
          data: { invitation: invitationData(returned.invitation), member: memberData(returned.member) },
        },
    }),
  ),
  {
    path: "/organization/create-team",
    event: ({ returned }) =>
      returned?.id && {
        action: "team.created",
        target: teamTarget(returned),
        organizationId: returned.organizationId,
        details: {},
        data: teamData(returned),
      },
  },
  {
    path: "/organization/update-team",
    before: rowById("team", "teamId"),
    event: ({ returned, captured }) =>
      returned?.id && {
        action: "team.updated",
        target: teamTarget(returned),
        organizationId: returned.organizationId,
        details: { from: captured?.name ?? null, to: returned.name ?? null },
        data: teamData(returned),
      },
  },
  {
    path: "/organization/remove-team",
    before: rowById("team", "teamId"),
    event: ({ captured }) =>
      captured && {
        action: "team.deleted",
        target: teamTarget(captured),
        organizationId: captured.organizationId,
        details: {},
        data: teamData(captured),
      },
  },
  ...(
    [
      ["/organization/add-team-member", "team_member.added"],
      ["/organization/remove-team-member", "team_member.removed"],
    ] as const
  ).map(
    ([path, action]): AuditRule => ({
      path,
      before: rowById("team", "teamId"),
      event: ({ captured, body, returned }) =>
        captured && {
          action,
          target: teamTarget(captured),
          organizationId: captured.organizationId,
          details: { userId: body.userId ?? null },
          data: returned?.id
            ? teamMemberData(returned)
            : { teamId: captured.id, userId: body.userId ?? null },
        },
    }),
  ),
  {
    // Created by Gatehouse's replace override (auth/api-keys.ts): reported through the override observer.
    path: "/api-key/create",
    event: ({ returned }) =>
      returned?.id && {
        action: "api_key.created",
        target: { type: "api_key", id: returned.id, label: returned.name ?? null },
        organizationId: returned.configId === API_KEY_CONFIG.organization ? returned.referenceId : null,
        details: { permissions: returned.permissions ?? null },
        data: apiKeyData(returned),
      },
  },
  {
    path: "/api-key/delete",
    before: rowById("apikey", "keyId"),
    event: ({ captured }) =>
      captured && {
        action: "api_key.deleted",
        target: { type: "api_key", id: captured.id, label: captured.name ?? null },
        organizationId: captured.configId === API_KEY_CONFIG.organization ? captured.referenceId : null,
        details: {},
        data: apiKeyData(captured),
      },
  },
];
