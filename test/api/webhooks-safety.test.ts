import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "#server/boot/config.ts";
import { recordEvent } from "#server/events/record.ts";
import { isRefusedAddress } from "#server/features/webhooks/addresses.ts";
import { createOrganization, inviteAndAccept } from "../support/organizations.ts";
import { startTestApp, type TestApp, testDatabase } from "../support/test-app.ts";
import { createUser, signUpVerified } from "../support/users.ts";
import { startWebhookReceiver, type WebhookReceiver, webhooksCall } from "../support/webhook-receiver.ts";

const event = (t: TestApp, organizationId: string) =>
  recordEvent(t.server.database.db, {
    action: "team.created",
    actor: { userId: null },
    target: { type: "team", id: "team_1" },
    organizationId,
  });

describe(`webhooks refuse private addresses without WEBHOOK_ALLOW_PRIVATE (${testDatabase})`, () => {
  let t: TestApp;
  let receiver: WebhookReceiver;
  let owner: Awaited<ReturnType<typeof signUpVerified>>;
  let orgId: string;
  beforeAll(async () => {
    t = await startTestApp();
    receiver = await startWebhookReceiver();
    owner = await signUpVerified(t, createUser());
    orgId = (await createOrganization(t, owner.cookie)).id;
  });
  afterAll(async () => {
    await receiver?.close();
    await t?.close();
  });

  it("refuses a loopback, private, link-local or metadata address when the endpoint is registered", async () => {
    for (const url of [
      receiver.url,
      "http://10.1.2.3/x",
      "http://169.254.169.254/latest/meta-data",
      "http://[::1]:8080/x",
      "http://[fd00:ec2::254]/x",
      "http://[::ffff:127.0.0.1]/x",
      "http://100.100.100.200/x",
    ]) {
      const res = await webhooksCall(t, "", owner.cookie, {
        json: { url, events: ["*"], organizationId: orgId },
      });
      expect(res.status, url).toBe(400);
      expect(res.body.code).toBe("WEBHOOK_URL_NOT_ALLOWED");
    }
    const later = await webhooksCall(t, "", owner.cookie, {
      json: { url: "https://example.com/hook", events: ["*"], organizationId: orgId },
    });
    expect(later.status).toBe(201);
    const patched = await webhooksCall(t, `/${later.body.id}`, owner.cookie, {
      method: "PATCH",
      json: { url: "http://192.168.1.1/x" },
    });
    expect(patched.status).toBe(400);
    expect(patched.body.code).toBe("WEBHOOK_URL_NOT_ALLOWED");
    await webhooksCall(t, `/${later.body.id}`, owner.cookie, { method: "DELETE" });
  });

  it("checks the address after the name is resolved, on every attempt: a name of a loopback address gets nothing", async () => {
    // A name is accepted when registered; what it resolves to is checked at each attempt.
    const url = `http://localhost:${receiver.port}/hook`;
    const res = await webhooksCall(t, "", owner.cookie, {
      json: { url, events: ["*"], organizationId: orgId },
    });
    expect(res.status).toBe(201);
    await event(t, orgId);
    await expect
      .poll(async () => {
        const page = await webhooksCall(t, `/${res.body.id}/deliveries`, owner.cookie);
        return page.body.deliveries.find((d: { eventType: string }) => d.eventType === "team.created")
          ?.lastError;
      })
      .toMatch(/refused address 127\.0\.0\.1/);
    expect(receiver.received).toHaveLength(0);
  });

  it("classifies addresses as the public internet or not", () => {
    for (const address of [
      "127.0.0.1",
      "10.0.0.1",
      "172.31.255.255",
      "192.168.0.1",
      "100.64.0.1",
      "169.254.169.254",
      "0.0.0.0",
      "::1",
      "::",
      "fe80::1",
      "fc00::1",
      "fd12::1",
      "::ffff:10.0.0.1",
      "::ffff:7f00:1",
      "64:ff9b::a00:1",
      "224.0.0.1",
      "not an address",
    ])
      expect(isRefusedAddress(address), address).toBe(true);
    for (const address of [
      "93.184.216.34",
      "8.8.8.8",
      "2606:4700::1111",
      "::ffff:8.8.8.8",
      "172.32.0.1",
      "100.128.0.1",
    ])
      expect(isRefusedAddress(address), address).toBe(false);
  });

  it("production takes https:// only, unless WEBHOOK_ALLOW_HTTP=1", () => {
    const base = {
      NODE_ENV: "production",
      BETTER_AUTH_SECRET: "x".repeat(32),
      MAIL_OUTBOX: "1",
      DATA_DIR: t.config.dataDir,
    };
    expect(loadConfig(base).webhooks.allowHttp).toBe(false);
    expect(loadConfig({ ...base, WEBHOOK_ALLOW_HTTP: "1" }).webhooks.allowHttp).toBe(true);
    expect(() => loadConfig({ ...base, WEBHOOK_RETRY_SCALE: "0.5" })).toThrow(/WEBHOOK_RETRY_SCALE/);
    expect(t.config.webhooks).toMatchObject({
      delivery: true,
      allowHttp: true,
      allowPrivate: false,
      retryScale: 1,
    });
    expect(loadConfig({ ...base, WEBHOOK_DELIVERY: "0" }).webhooks.delivery).toBe(false);
    expect(loadConfig({ ...base, WEBHOOK_DELIVERY: "on" }).webhooks.delivery).toBe(true);
  });
});

describe(`webhooks: an endpoint failing for 3 days is turned off and its owners mailed (${testDatabase})`, () => {
  let t: TestApp;
  let receiver: WebhookReceiver;
  beforeAll(async () => {
    // 3 days at 1/100 000: 2.6 s, in which the schedule makes about 10 attempts.
    t = await startTestApp({ WEBHOOK_ALLOW_PRIVATE: "1", WEBHOOK_RETRY_SCALE: "0.00001" });
    receiver = await startWebhookReceiver();
    receiver.respond = () => ({ status: 503, body: "unavailable" });
  });
  afterAll(async () => {
    await receiver?.close();
    await t?.close();
  });

  it("fails the delivery after the schedule, turns the endpoint off (failing) and mails the owners", async () => {
    const owner = await signUpVerified(t, createUser());
    const orgId = (await createOrganization(t, owner.cookie)).id;
    const coOwner = await inviteAndAccept(t, owner.cookie, orgId, "owner");
    const admin = await inviteAndAccept(t, owner.cookie, orgId, "admin");
    const hook = await webhooksCall(t, "", owner.cookie, {
      json: { url: receiver.url, events: ["team.created"], organizationId: orgId },
    });
    const eventId = await event(t, orgId);
    await expect
      .poll(async () => (await webhooksCall(t, `/${hook.body.id}`, owner.cookie)).body, { timeout: 15_000 })
      .toMatchObject({ enabled: false, disabledReason: "failing" });
    const attempts = receiver.received.filter((h) => h.id === eventId).length;
    expect(attempts).toBeGreaterThanOrEqual(7);
    const endpoint = (await webhooksCall(t, `/${hook.body.id}`, owner.cookie)).body;
    expect(endpoint.health).toMatchObject({
      lastStatus: "failed",
      consecutiveFailures: attempts,
      pending: 0,
    });
    const [delivery] = (await webhooksCall(t, `/${hook.body.id}/deliveries`, owner.cookie)).body.deliveries;
    expect(delivery).toMatchObject({ status: "failed", attempts, responseStatus: 503, nextAttemptAt: null });
    for (const to of [owner.email, coOwner.email]) {
      const mail = await t.sink.waitFor(to, /webhook endpoint .* was turned off/i, 10_000);
      expect(mail.text).toContain("three days");
    }
    expect(
      t.sink.mails.some((m) => m.to.includes(admin.email.toLowerCase()) && /webhook/i.test(m.subject)),
    ).toBe(false);
    // Recorded as an audit event without an actor; nothing more is sent to it.
    const audit = await t.server.database.db
      .selectFrom("audit_event")
      .selectAll()
      .where("action", "=", "webhook.updated")
      .where("targetId", "=", hook.body.id)
      .execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]?.actorId).toBeNull();
    await event(t, orgId);
    await new Promise((r) => setTimeout(r, 300));
    expect(receiver.received.filter((h) => h.id !== eventId)).toHaveLength(0);
    // A test event is refused while it is off; turning it on clears the failure count.
    expect((await webhooksCall(t, `/${hook.body.id}/test`, owner.cookie, { method: "POST" })).status).toBe(
      409,
    );
    const on = await webhooksCall(t, `/${hook.body.id}`, owner.cookie, {
      method: "PATCH",
      json: { enabled: true },
    });
    expect(on.body).toMatchObject({
      enabled: true,
      disabledReason: null,
      health: { consecutiveFailures: 0 },
    });
  }, 30_000);
});

describe(`webhooks: an instance with WEBHOOK_DELIVERY=0 writes events but sends nothing (${testDatabase})`, () => {
  let t: TestApp;
  let receiver: WebhookReceiver;
  beforeAll(async () => {
    t = await startTestApp({ WEBHOOK_ALLOW_PRIVATE: "1", WEBHOOK_DELIVERY: "0" });
    receiver = await startWebhookReceiver();
  });
  afterAll(async () => {
    await receiver?.close();
    await t?.close();
  });

  it("keeps the events in the outbox for an instance that delivers", async () => {
    const owner = await signUpVerified(t, createUser());
    const orgId = (await createOrganization(t, owner.cookie)).id;
    const hook = await webhooksCall(t, "", owner.cookie, {
      json: { url: receiver.url, events: ["*"], organizationId: orgId },
    });
    expect(hook.status).toBe(201);
    const eventId = await event(t, orgId);
    await new Promise((r) => setTimeout(r, 500));
    expect(receiver.received).toHaveLength(0);
    const waiting = await t.server.database.db.selectFrom("event_outbox").select("id").execute();
    expect(waiting.map((r) => r.id)).toContain(eventId);
  });
});
