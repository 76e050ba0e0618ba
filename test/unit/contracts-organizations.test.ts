import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import {
  fullOrganization,
  invitationList,
  invitationPreview,
  membersPage,
  organizationList,
  teamList,
  teamMemberList,
  userInvitationList,
} from "#shared/contracts/organizations.ts";
import { sessionDetails } from "#shared/contracts/sessions.ts";
import { api, createOrganization, invitationIdFromMail, invite, userIdOf } from "../support/organizations.ts";
import { startTestApp, type TestApp, testDatabase } from "../support/test-app.ts";
import { signUpVerified } from "../support/users.ts";

/**
 * The shared contracts (#shared/contracts/organizations.ts) hold for real server answers: the web types its
 * screens with them, so a field the server renames, drops or answers as null fails here.
 */
describe(`organization answers fit the shared contracts (${testDatabase})`, () => {
  let t: TestApp;
  let owner: Awaited<ReturnType<typeof signUpVerified>>;
  let invitee: Awaited<ReturnType<typeof signUpVerified>>;
  let org: { id: string; slug: string };
  let invitationId: string;

  beforeAll(async () => {
    t = await startTestApp();
    owner = await signUpVerified(t);
    invitee = await signUpVerified(t);
    org = await createOrganization(t, owner.cookie, { name: "Contracts" });
    const team = await api(t, "/organization/create-team", owner.cookie, {
      organizationId: org.id,
      name: "Core",
    });
    expect(team.status).toBe(200);
    const added = await api(t, "/organization/add-team-member", owner.cookie, {
      teamId: team.body.id,
      userId: await userIdOf(t, owner.cookie),
    });
    expect(added.status).toBe(200);
    await invite(t, owner.cookie, org.id, invitee.email, "admin", { teamId: team.body.id });
    invitationId = await invitationIdFromMail(t, invitee.email);
  });
  afterAll(() => t.close());

  async function answer(path: string, cookie?: string) {
    const res = await api(t, path, cookie);
    expect(res.status, `${path}: ${JSON.stringify(res.body)}`).toBe(200);
    return res.body;
  }

  it("organization/list", async () => {
    const list = organizationList.parse(await answer("/organization/list", owner.cookie));
    expect(list.map((o) => o.id)).toContain(org.id);
  });

  it("organization/get-full-organization", async () => {
    const full = fullOrganization.parse(
      await answer(`/organization/get-full-organization?organizationId=${org.id}`, owner.cookie),
    );
    expect(full).toMatchObject({ memberCount: 1, invitationCount: 1 });
  });

  it("organization/list-members", async () => {
    const page = membersPage.parse(
      await answer(`/organization/list-members?organizationId=${org.id}`, owner.cookie),
    );
    expect(page.members).toHaveLength(1);
  });

  it("organization/list-invitations", async () => {
    const items = invitationList.parse(
      await answer(`/organization/list-invitations?organizationId=${org.id}`, owner.cookie),
    );
    expect(items).toHaveLength(1);
  });

  it("organization/list-teams and list-team-members", async () => {
    const teams = teamList.parse(
      await answer(`/organization/list-teams?organizationId=${org.id}`, owner.cookie),
    );
    const core = teams.find((team) => team.name === "Core");
    expect(core?.memberCount).toBe(1);
    const members = teamMemberList.parse(
      await answer(`/organization/list-team-members?teamId=${core?.id}`, owner.cookie),
    );
    expect(members).toHaveLength(1);
  });

  it("organization/list-user-invitations", async () => {
    const mine = userInvitationList.parse(
      await answer("/organization/list-user-invitations", invitee.cookie),
    );
    expect(mine.map((i) => i.id)).toEqual([invitationId]);
  });

  it("organization/invitation-preview, signed out", async () => {
    const preview = invitationPreview.parse(
      await answer(`/organization/invitation-preview?id=${invitationId}`),
    );
    expect(preview.teams.map((team) => team.name)).toEqual(["Core"]);
  });

  it("list-sessions carries the accounts plugin's session details", async () => {
    const sessions = z.array(sessionDetails).parse(await answer("/list-sessions", owner.cookie));
    expect(sessions[0]?.current).toBe(true);
  });
});
