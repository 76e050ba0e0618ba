import { CookieJar } from "../cookie-jar.ts";
import type { SmtpSink } from "../smtp-sink.ts";
import { type Answer, answerOf, authClientFor, type ContractClient } from "./driver.ts";

export interface Person {
  name: string;
  email: string;
  password: string;
}

/** The people of the scenario; the owner is the instance admin (ADMIN_EMAILS on both servers). */
export interface Cast {
  owner: Person;
  member: Person;
  invitee: Person;
  /** Invited, never signs up: the invitation the owner cancels. */
  outsider: string;
  /** Created by the admin. */
  created: Person;
}

export interface ContractServer {
  url: string;
  sink: SmtpSink;
}

/**
 * Every /api/auth call the web app or an integrator makes through better-auth's client, labelled by its
 * path, in the order the scenario makes them. Calls made only to set up data are not recorded.
 * Not driven here: the social-account paths (/sign-in/social, /link-social, /unlink-account,
 * /get-access-token, /refresh-token, /account-info) need an OAuth provider; mailed links followed by a
 * browser (/delete-user/callback, the /verify-email of an email change) answer with redirects, not JSON.
 */
export const CONTRACT_CALLS = [
  "/sign-up/email",
  "/verify-email",
  "/sign-in/email",
  "/get-session",
  "/list-sessions",
  "/update-user",
  "/list-accounts",
  "/organization/check-slug",
  "/organization/create",
  "/organization/list",
  "/organization/set-active",
  "/organization/update",
  "/organization/create-team",
  "/organization/invite-member",
  "/organization/list-invitations",
  "/organization/get-invitation",
  "/organization/list-user-invitations",
  "/organization/accept-invitation",
  "/organization/reject-invitation",
  "/organization/cancel-invitation",
  "/organization/list-members",
  "/organization/get-active-member",
  "/organization/get-active-member-role",
  "/organization/update-member-role",
  "/organization/list-teams",
  "/organization/update-team",
  "/organization/add-team-member",
  "/organization/list-team-members",
  "/organization/list-user-teams",
  "/organization/set-active-team",
  "/organization/get-full-organization",
  "/organization/has-permission",
  "/organization/remove-team-member",
  "/organization/remove-team",
  "/organization/remove-member",
  "/organization/leave",
  "/organization/delete",
  "/request-password-reset",
  "/reset-password",
  "/admin/create-user",
  "/send-verification-email",
  "/admin/list-users",
  "/admin/update-user",
  "/admin/set-user-password",
  "/admin/has-permission",
  "/admin/get-user",
  "/admin/set-role",
  "/admin/ban-user",
  "/admin/unban-user",
  "/admin/list-user-sessions",
  "/admin/revoke-user-session",
  "/admin/revoke-user-sessions",
  "/admin/impersonate-user",
  "/admin/stop-impersonating",
  "/admin/remove-user",
  "/change-password",
  "/change-email",
  "/delete-user",
  "/revoke-session",
  "/revoke-other-sessions",
  "/sign-out",
] as const;

export type ContractCall = (typeof CONTRACT_CALLS)[number];

// biome-ignore lint/suspicious/noExplicitAny: ids are read from whatever the server answered
type Data = any;

/** The first link in a mail that contains `part` (both servers put links in the text part). */
async function mailedLink(sink: SmtpSink, to: string, subject: RegExp, part: string): Promise<URL> {
  const mail = await sink.waitFor(to, subject, 10_000);
  const link = mail.text.match(/https?:\/\/[^\s<>"]+/g)?.find((u) => u.includes(part));
  if (!link) throw new Error(`no ${part} link in "${mail.subject}" to ${to}`);
  return new URL(link);
}

/** Runs the scenario against one server and returns each recorded call's answer. */
export async function runContractScenario(server: ContractServer, cast: Cast): Promise<Map<string, Answer>> {
  const answers = new Map<string, Answer>();
  const client = (): ContractClient => authClientFor(server.url, new CookieJar());
  const owner = client();
  const member = client();
  const invitee = client();
  const anonymous = client();

  /** Makes one call; records it under `label` unless it is set-up only. Returns the data (null on error). */
  async function call(label: ContractCall | null, run: () => Promise<unknown>): Promise<Data> {
    const answer = await answerOf(run);
    if (label && !answers.has(label)) answers.set(label, answer);
    if (!label && answer.error) throw new Error(`set-up call failed: ${JSON.stringify(answer.error)}`);
    return answer.data;
  }

  async function join(c: ContractClient, person: Person, record: boolean) {
    await call(record ? "/sign-up/email" : null, () => c.signUp.email(person));
    const link = await mailedLink(server.sink, person.email, /verify/i, "/verify-email");
    const token = link.searchParams.get("token") ?? "";
    return call(record ? "/verify-email" : null, () => c.verifyEmail({ query: { token } }));
  }

  await join(owner, cast.owner, true);
  await join(member, cast.member, false);
  await join(invitee, cast.invitee, false);
  // A second session each for the owner and the member: one to revoke, one to keep.
  await call("/sign-in/email", () => owner.signIn.email(cast.owner));
  await call(null, () => member.signIn.email(cast.member));

  const session: Data = await call(null, () => owner.getSession());
  const sessions: Data = await call("/list-sessions", () => owner.listSessions());
  await call("/update-user", () => owner.updateUser({ name: `${cast.owner.name} Renamed` }));
  await call("/list-accounts", () => owner.listAccounts());

  // Organizations, invitations, members and teams.
  const slug = `contract-${cast.owner.email.split("@")[0]}`;
  const o = owner.organization;
  await call("/organization/check-slug", () => o.checkSlug({ slug }));
  const org: Data = await call("/organization/create", () => o.create({ name: "Contract Org", slug }));
  const organizationId: string = org?.id;
  await call("/organization/list", () => o.list());
  await call("/organization/set-active", () => o.setActive({ organizationId }));
  await call("/organization/update", () => o.update({ organizationId, data: { name: "Contract Org 2" } }));
  const team: Data = await call("/organization/create-team", () =>
    o.createTeam({ name: "Core", organizationId }),
  );
  const teamId: string = team?.id;
  const invite = (email: string) => () => o.inviteMember({ email, role: "member", organizationId });
  const toMember: Data = await call("/organization/invite-member", invite(cast.member.email));
  const toInvitee: Data = await call(null, invite(cast.invitee.email));
  const toOutsider: Data = await call(null, invite(cast.outsider));
  await call("/organization/list-invitations", () => o.listInvitations({ query: { organizationId } }));
  const m = member.organization;
  await call("/organization/get-invitation", () => m.getInvitation({ query: { id: toMember?.id } }));
  await call("/organization/list-user-invitations", () => m.listUserInvitations());
  const accepted: Data = await call("/organization/accept-invitation", () =>
    m.acceptInvitation({ invitationId: toMember?.id }),
  );
  const i = invitee.organization;
  await call("/organization/reject-invitation", () => i.rejectInvitation({ invitationId: toInvitee?.id }));
  await call("/organization/cancel-invitation", () => o.cancelInvitation({ invitationId: toOutsider?.id }));
  // The invitee is invited again and joins, to be removed later.
  const again: Data = await call(null, invite(cast.invitee.email));
  const joined: Data = await call(null, () => i.acceptInvitation({ invitationId: again?.id }));
  const inviteeUserId: string = joined?.member?.userId;

  // One invitation stays pending, so that every list of invitations has one.
  await call(null, invite(`pending-${cast.outsider}`));
  await call("/organization/list-members", () => o.listMembers({ query: { organizationId } }));
  await call("/organization/get-active-member", () => o.getActiveMember());
  await call("/organization/get-active-member-role", () => o.getActiveMemberRole());
  const memberId: string = accepted?.member?.id;
  await call("/organization/update-member-role", () =>
    o.updateMemberRole({ memberId, role: "admin", organizationId }),
  );
  await call("/organization/list-teams", () => o.listTeams({ query: { organizationId } }));
  await call("/organization/update-team", () => o.updateTeam({ teamId, data: { name: "Core team" } }));
  const memberUserId: string = accepted?.member?.userId;
  await call("/organization/add-team-member", () => o.addTeamMember({ teamId, userId: memberUserId }));
  // Stock lists a team's members to its members only: the member asks.
  await call("/organization/list-team-members", () => m.listTeamMembers({ query: { teamId } }));
  await call("/organization/list-user-teams", () => m.listUserTeams());
  await call(null, () => m.setActive({ organizationId }));
  await call("/organization/set-active-team", () => m.setActiveTeam({ teamId }));
  // Read with an active organization and team, so that those fields are set in both answers.
  await call("/get-session", () => member.getSession());
  await call("/organization/get-full-organization", () =>
    o.getFullOrganization({ query: { organizationId } }),
  );
  await call("/organization/has-permission", () =>
    o.hasPermission({ organizationId, permissions: { invitation: ["create"] } }),
  );
  await call("/organization/remove-team-member", () => o.removeTeamMember({ teamId, userId: memberUserId }));
  await call("/organization/remove-team", () => o.removeTeam({ teamId, organizationId }));
  await call("/organization/remove-member", () =>
    o.removeMember({ memberIdOrEmail: cast.invitee.email, organizationId }),
  );
  await call("/organization/leave", () => m.leave({ organizationId }));
  await call("/organization/delete", () => o.delete({ organizationId }));

  // Password reset (signed out), then the admin's calls.
  await call("/request-password-reset", () =>
    anonymous.requestPasswordReset({ email: cast.invitee.email, redirectTo: "/reset-password" }),
  );
  const reset = await mailedLink(server.sink, cast.invitee.email, /reset/i, "/reset-password/");
  const resetToken = reset.pathname.split("/").pop() ?? "";
  await call("/reset-password", () =>
    anonymous.resetPassword({ token: resetToken, newPassword: `${cast.invitee.password}-new` }),
  );

  const a = owner.admin;
  const created: Data = await call("/admin/create-user", () =>
    a.createUser({ ...cast.created, role: "user" }),
  );
  await call("/send-verification-email", () =>
    anonymous.sendVerificationEmail({ email: cast.created.email }),
  );
  await call("/admin/list-users", () => a.listUsers({ query: { limit: 10, sortBy: "createdAt" } }));
  const createdId: string = created?.user?.id;
  await call("/admin/update-user", () =>
    a.updateUser({ userId: createdId, data: { name: "Created Renamed" } }),
  );
  await call("/admin/set-user-password", () =>
    a.setUserPassword({ userId: createdId, newPassword: `${cast.created.password}-new` }),
  );
  await call("/admin/has-permission", () => a.hasPermission({ permissions: { user: ["list"] } }));
  await call("/admin/get-user", () => a.getUser({ query: { id: inviteeUserId } }));
  await call("/admin/set-role", () => a.setRole({ userId: inviteeUserId, role: "user" }));
  await call("/admin/ban-user", () => a.banUser({ userId: inviteeUserId, banReason: "contract test" }));
  await call("/admin/unban-user", () => a.unbanUser({ userId: inviteeUserId }));
  const memberSessions: Data = await call("/admin/list-user-sessions", () =>
    a.listUserSessions({ userId: memberUserId }),
  );
  const sessionToken: string = memberSessions?.sessions?.[0]?.token;
  await call("/admin/revoke-user-session", () => a.revokeUserSession({ sessionToken }));
  await call("/admin/revoke-user-sessions", () => a.revokeUserSessions({ userId: memberUserId }));
  await call("/admin/impersonate-user", () => a.impersonateUser({ userId: inviteeUserId }));
  await call("/admin/stop-impersonating", () => a.stopImpersonating());
  await call("/admin/remove-user", () => a.removeUser({ userId: inviteeUserId }));

  // The owner's own sessions, last.
  await call("/change-password", () =>
    owner.changePassword({
      currentPassword: cast.owner.password,
      newPassword: `${cast.owner.password}-new`,
      revokeOtherSessions: false,
    }),
  );
  await call("/change-email", () => owner.changeEmail({ newEmail: `renamed-${cast.owner.email}` }));
  // Without a password both servers mail a confirmation link (and delete nothing yet).
  await call("/delete-user", () => owner.deleteUser({ callbackURL: "/" }));
  const current: string = session?.session?.token;
  const other: string = (sessions as Data[] | null)?.find((s) => s.token !== current)?.token;
  await call("/revoke-session", () => owner.revokeSession({ token: other }));
  await call("/revoke-other-sessions", () => owner.revokeOtherSessions());
  await call("/sign-out", () => owner.signOut());
  return answers;
}
