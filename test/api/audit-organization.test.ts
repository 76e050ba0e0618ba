import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eventsOf, onlyEvent, outboxOf } from "../support/audit.ts";
import {
  addMember,
  api,
  createOrganization,
  invitationIdFromMail,
  invite,
  signUpWithId,
  withApiKey,
} from "../support/organizations.ts";
import { startTestApp, type TestApp, testDatabase } from "../support/test-app.ts";

/** Issue 17: organization, member, invitation, team and API key actions each write exactly one event. */
describe(`audit log: organization events (${testDatabase})`, () => {
  let t: TestApp;
  let owner: Awaited<ReturnType<typeof signUpWithId>>;
  let orgId: string;

  beforeAll(async () => {
    // No delivery worker: the outbox keeps each event's row for the assertions on its webhook payload.
    t = await startTestApp({ WEBHOOK_DELIVERY: "0" });
    owner = await signUpWithId(t);
    orgId = (await createOrganization(t, owner.cookie, { name: "Audited" })).id;
  });
  afterAll(() => t.close());

  it("records an organization's creation, update and deletion (in its transaction), with webhook data", async () => {
    const created = await onlyEvent(t, "organization.created", orgId);
    expect(created).toMatchObject({ actorId: owner.id, organizationId: orgId, targetLabel: "Audited" });
    expect((await outboxOf(t, created.id))?.payload.data).toMatchObject({ id: orgId, name: "Audited" });
    const update = await api(t, "/organization/update", owner.cookie, {
      organizationId: orgId,
      data: { name: "Audited 2" },
    });
    expect(update.status).toBe(200);
    expect((await onlyEvent(t, "organization.updated", orgId)).details).toEqual({ changed: ["name"] });
    const policy = await api(t, "/organization/set-two-factor-policy", owner.cookie, {
      organizationId: orgId,
      required: false,
    });
    expect(policy.status).toBe(200);
    const updates = await eventsOf(t, { action: "organization.updated", targetId: orgId });
    expect(updates.map((e) => e.details)).toEqual([
      { changed: ["name"] },
      { changed: ["requireTwoFactor"], requireTwoFactor: false },
    ]);

    const doomed = (await createOrganization(t, owner.cookie)).id;
    expect((await api(t, "/organization/delete", owner.cookie, { organizationId: doomed })).status).toBe(200);
    const deleted = await onlyEvent(t, "organization.deleted", doomed);
    expect(deleted).toMatchObject({ actorId: owner.id, organizationId: doomed });
    expect((await outboxOf(t, deleted.id))?.payload).toMatchObject({
      type: "organization.deleted",
      data: { id: doomed },
    });
    // A refused deletion records nothing.
    const outsider = await signUpWithId(t);
    expect((await api(t, "/organization/delete", outsider.cookie, { organizationId: orgId })).status).toBe(
      403,
    );
    expect(await eventsOf(t, { action: "organization.deleted", targetId: orgId })).toHaveLength(0);
  });

  it("records invitations sent, resent, accepted, rejected and cancelled", async () => {
    const joiner = await signUpWithId(t);
    const sent = await invite(t, owner.cookie, orgId, joiner.email, "admin");
    expect(await onlyEvent(t, "invitation.created", sent.id)).toMatchObject({
      actorId: owner.id,
      organizationId: orgId,
      targetLabel: joiner.email,
      details: { role: "admin", teamId: null },
    });
    const again = await invite(t, owner.cookie, orgId, joiner.email, "admin", { resend: true });
    expect(again.id).toBe(sent.id);
    expect((await onlyEvent(t, "invitation.resent", sent.id)).actorId).toBe(owner.id);
    const invitationId = await invitationIdFromMail(t, joiner.email);
    expect((await api(t, "/organization/accept-invitation", joiner.cookie, { invitationId })).status).toBe(
      200,
    );
    const accepted = await onlyEvent(t, "invitation.accepted", invitationId);
    expect(accepted).toMatchObject({ actorId: joiner.id, organizationId: orgId });
    expect((await outboxOf(t, accepted.id))?.payload.data.member).toMatchObject({
      userId: joiner.id,
      organizationId: orgId,
    });
    // The join is also a member.added event, about the new membership.
    const memberId = accepted.details.memberId as string;
    expect(await onlyEvent(t, "member.added", memberId)).toMatchObject({
      actorId: joiner.id,
      organizationId: orgId,
      details: { userId: joiner.id, role: "admin", invitationId },
    });

    const decliner = await signUpWithId(t);
    const declined = await invite(t, owner.cookie, orgId, decliner.email);
    expect(
      (await api(t, "/organization/reject-invitation", decliner.cookie, { invitationId: declined.id }))
        .status,
    ).toBe(200);
    expect((await onlyEvent(t, "invitation.rejected", declined.id)).actorId).toBe(decliner.id);

    const cancelled = await invite(t, owner.cookie, orgId, `never-${Date.now()}@example.test`);
    expect(
      (await api(t, "/organization/cancel-invitation", owner.cookie, { invitationId: cancelled.id })).status,
    ).toBe(200);
    expect((await onlyEvent(t, "invitation.cancelled", cancelled.id)).actorId).toBe(owner.id);
    // A second cancel is refused and records nothing more.
    expect(
      (await api(t, "/organization/cancel-invitation", owner.cookie, { invitationId: cancelled.id })).status,
    ).toBe(400);
    await onlyEvent(t, "invitation.cancelled", cancelled.id);
  });

  it("records role changes, removals and leaving", async () => {
    const added = await signUpWithId(t);
    const member = await addMember(t, owner.cookie, orgId, added);
    const changed = await api(t, "/organization/update-member-role", owner.cookie, {
      organizationId: orgId,
      memberId: member.id,
      role: "admin",
    });
    expect(changed.status).toBe(200);
    const roleEvent = await onlyEvent(t, "member.role_changed", member.id);
    expect(roleEvent).toMatchObject({
      actorId: owner.id,
      details: { userId: added.id, from: "member", to: "admin" },
    });
    expect((await outboxOf(t, roleEvent.id))?.payload.data).toMatchObject({ id: member.id, role: "admin" });

    const removed = await api(t, "/organization/remove-member", owner.cookie, {
      organizationId: orgId,
      memberIdOrEmail: added.email,
    });
    expect(removed.status).toBe(200);
    expect(await onlyEvent(t, "member.removed", member.id)).toMatchObject({
      actorId: owner.id,
      targetLabel: added.email,
    });

    const leaver = await signUpWithId(t);
    const membership = await addMember(t, owner.cookie, orgId, leaver);
    expect((await api(t, "/organization/leave", leaver.cookie, { organizationId: orgId })).status).toBe(200);
    expect(await onlyEvent(t, "member.left", membership.id)).toMatchObject({
      actorId: leaver.id,
      organizationId: orgId,
    });
  });

  it("records teams and their members", async () => {
    const team = await api(t, "/organization/create-team", owner.cookie, {
      organizationId: orgId,
      name: "Blue",
    });
    expect(team.status).toBe(200);
    const teamId = team.body.id as string;
    expect(await onlyEvent(t, "team.created", teamId)).toMatchObject({
      organizationId: orgId,
      targetLabel: "Blue",
    });
    expect(
      (
        await api(t, "/organization/update-team", owner.cookie, {
          teamId,
          data: { organizationId: orgId, name: "Green" },
        })
      ).status,
    ).toBe(200);
    expect((await onlyEvent(t, "team.updated", teamId)).details).toEqual({ from: "Blue", to: "Green" });
    expect(
      (
        await api(t, "/organization/add-team-member", owner.cookie, {
          organizationId: orgId,
          teamId,
          userId: owner.id,
        })
      ).status,
    ).toBe(200);
    expect((await onlyEvent(t, "team_member.added", teamId)).details).toEqual({ userId: owner.id });
    expect(
      (
        await api(t, "/organization/remove-team-member", owner.cookie, {
          organizationId: orgId,
          teamId,
          userId: owner.id,
        })
      ).status,
    ).toBe(200);
    expect((await onlyEvent(t, "team_member.removed", teamId)).details).toEqual({ userId: owner.id });
    expect(
      (await api(t, "/organization/remove-team", owner.cookie, { teamId, organizationId: orgId })).status,
    ).toBe(200);
    expect(await onlyEvent(t, "team.deleted", teamId)).toMatchObject({
      organizationId: orgId,
      targetLabel: "Green",
    });
  });

  it("records API keys created and revoked, and names the key behind what a key does", async () => {
    const created = await api(t, "/api-key/create", owner.cookie, {
      name: "Deploy bot",
      organizationId: orgId,
      permissions: { invitation: ["create"] },
      expiresIn: 30 * 86_400,
    });
    expect(created.status).toBe(200);
    const keyId = created.body.id as string;
    const event = await onlyEvent(t, "api_key.created", keyId);
    expect(event).toMatchObject({ actorId: owner.id, organizationId: orgId, targetLabel: "Deploy bot" });
    expect(JSON.stringify((await outboxOf(t, event.id))?.payload)).not.toContain(created.body.key);

    const viaKey = await withApiKey(t, created.body.key, "/organization/invite-member", {
      email: `by-key-${Date.now()}@example.test`,
      role: "member",
      organizationId: orgId,
    });
    expect(viaKey.status).toBe(200);
    expect(await onlyEvent(t, "invitation.created", viaKey.body.id)).toMatchObject({
      actorId: owner.id,
      apiKeyId: keyId,
    });

    expect((await api(t, "/api-key/delete", owner.cookie, { keyId })).status).toBe(200);
    expect(await onlyEvent(t, "api_key.deleted", keyId)).toMatchObject({
      actorId: owner.id,
      organizationId: orgId,
    });
  });
});
