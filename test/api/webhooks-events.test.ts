import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { api, createOrganization, inviteAndAccept } from "../support/organizations.ts";
import { startTestApp, type TestApp, testDatabase } from "../support/test-app.ts";
import { createUser, signUpVerified } from "../support/users.ts";
import { startWebhookReceiver, type WebhookReceiver, webhooksCall } from "../support/webhook-receiver.ts";

/** The audit log's hooks (features/audit) write the events; these are real API actions, not recordEvent calls. */
describe(`webhooks carry the events of real actions (${testDatabase})`, () => {
  let t: TestApp;
  let receiver: WebhookReceiver;
  beforeAll(async () => {
    t = await startTestApp({ WEBHOOK_ALLOW_PRIVATE: "1" });
    receiver = await startWebhookReceiver();
  });
  afterAll(async () => {
    await receiver?.close();
    await t?.close();
  });

  it("a role change, a new team and a removal reach the organization's endpoint, signed, in order", async () => {
    const owner = await signUpVerified(t, createUser());
    const orgId = (await createOrganization(t, owner.cookie)).id;
    const hook = await webhooksCall(t, "", owner.cookie, {
      json: {
        url: receiver.url,
        events: ["member.role_changed", "team.created", "member.removed"],
        organizationId: orgId,
      },
    });
    expect(hook.status).toBe(201);
    const member = await inviteAndAccept(t, owner.cookie, orgId, "member");
    const role = await api(t, "/organization/update-member-role", owner.cookie, {
      memberId: member.member.id,
      role: "admin",
      organizationId: orgId,
    });
    expect(role.status).toBe(200);
    const team = await api(t, "/organization/create-team", owner.cookie, {
      name: "Platform",
      organizationId: orgId,
    });
    expect(team.status).toBe(200);
    const removed = await api(t, "/organization/remove-member", owner.cookie, {
      memberIdOrEmail: member.member.id,
      organizationId: orgId,
    });
    expect(removed.status).toBe(200);
    await receiver.waitFor((r) => r.length >= 3);
    await new Promise((r) => setTimeout(r, 300));
    const payloads = receiver.received.map(
      (h) => receiver.verify(h, hook.body.secret) as { type: string; data: Record<string, unknown> },
    );
    expect(payloads.map((p) => p.type)).toEqual(["member.role_changed", "team.created", "member.removed"]);
    expect(payloads[0]?.data).toMatchObject({ id: member.member.id, organizationId: orgId, role: "admin" });
    expect(JSON.stringify(payloads)).not.toMatch(/password|token|secret/i);
    const events = await t.server.database.db
      .selectFrom("audit_event")
      .select("id")
      .where("organizationId", "=", orgId)
      .execute();
    for (const hit of receiver.received) expect(events.map((e) => e.id)).toContain(hit.id);
  });
});
