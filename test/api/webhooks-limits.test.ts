import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { recordEvent } from "#server/events/record.ts";
import { claim } from "#server/features/webhooks/claim.ts";
import { fanOut } from "#server/features/webhooks/fan-out.ts";
import { recordFailure } from "#server/features/webhooks/outcomes.ts";
import { createOrganization } from "../support/organizations.ts";
import { startTestApp, type TestApp, testDatabase } from "../support/test-app.ts";
import { createUser, signUpVerified } from "../support/users.ts";
import { startWebhookReceiver, type WebhookReceiver, webhooksCall } from "../support/webhook-receiver.ts";

/** An event of `organizationId` as the audit hooks write one: the audit row and its outbox row. */
const teamCreated = (t: TestApp, organizationId: string) =>
  recordEvent(t.server.database.db, {
    action: "team.created",
    actor: { userId: null },
    target: { type: "team", id: "team_1" },
    organizationId,
  });

type Delivery = {
  eventId: string;
  status: string;
  attempts: number;
  responseStatus: number | null;
  lastError: string | null;
};

async function deliveryOf(t: TestApp, cookie: string, endpointId: string, eventId: string) {
  const page = await webhooksCall(t, `/${endpointId}/deliveries?limit=100`, cookie);
  return (page.body.deliveries as Delivery[]).find((d) => d.eventId === eventId);
}

describe(`webhooks: a late receiver, an expired previous secret (${testDatabase})`, () => {
  let t: TestApp;
  let receiver: WebhookReceiver;
  let owner: Awaited<ReturnType<typeof signUpVerified>>;

  beforeAll(async () => {
    // Attempts cut after 1 s (the 10 s of production, shortened: WEBHOOK_ATTEMPT_TIMEOUT_MS).
    t = await startTestApp({
      WEBHOOK_ALLOW_PRIVATE: "1",
      WEBHOOK_RETRY_SCALE: "0.001",
      WEBHOOK_ATTEMPT_TIMEOUT_MS: "1000",
    });
    receiver = await startWebhookReceiver();
    owner = await signUpVerified(t, createUser());
  });
  afterAll(async () => {
    await receiver?.close();
    await t?.close();
  });

  async function endpoint(organizationId: string) {
    const res = await webhooksCall(t, "", owner.cookie, {
      json: { url: receiver.url, events: ["team.created"], organizationId },
    });
    expect(res.status).toBe(201);
    return res.body as { id: string; secret: string };
  }

  it("records an attempt the receiver answers too late as timed out, and retries it", async () => {
    const orgId = (await createOrganization(t, owner.cookie)).id;
    const hook = await endpoint(orgId);
    receiver.respond = () => ({ status: 200, body: "too late", delayMs: 2500 });
    const eventId = await teamCreated(t, orgId);
    await expect
      .poll(async () => (await deliveryOf(t, owner.cookie, hook.id, eventId))?.lastError, { timeout: 10_000 })
      .toBe("timed out after 1 s");
    const late = await deliveryOf(t, owner.cookie, hook.id, eventId);
    expect(late).toMatchObject({ responseStatus: null, status: expect.stringMatching(/pending|delivering/) });
    // The receiver did get the request: what failed was its answer's lateness, not the connection.
    expect(receiver.received.some((h) => h.id === eventId)).toBe(true);
    expect(
      (await webhooksCall(t, `/${hook.id}`, owner.cookie)).body.health.consecutiveFailures,
    ).toBeGreaterThan(0);
    receiver.respond = () => ({ status: 200, body: "ok" });
    await expect
      .poll(async () => (await deliveryOf(t, owner.cookie, hook.id, eventId))?.status, { timeout: 10_000 })
      .toBe("delivered");
    const delivered = await deliveryOf(t, owner.cookie, hook.id, eventId);
    expect(delivered?.attempts).toBeGreaterThanOrEqual(2);
    expect(delivered?.lastError).toBeNull();
  }, 30_000);

  it("signs with the new secret alone once the previous one's 24 hours are over", async () => {
    const orgId = (await createOrganization(t, owner.cookie)).id;
    const hook = await endpoint(orgId);
    const rotated = await webhooksCall(t, `/${hook.id}/rotate-secret`, owner.cookie, { method: "POST" });
    expect(rotated.status).toBe(200);
    // The 24 hours, passed: the stored expiry a minute ago.
    await t.server.database.db
      .updateTable("webhook_endpoint")
      .set({ previousSecretExpiresAt: new Date(Date.now() - 60_000).toISOString() })
      .where("id", "=", hook.id)
      .execute();
    const eventId = await teamCreated(t, orgId);
    await receiver.waitFor((r) => r.some((h) => h.id === eventId));
    const hit = receiver.received.find((h) => h.id === eventId);
    if (!hit) throw new Error("not received");
    expect(hit.signature).toMatch(/^v1,[A-Za-z0-9+/]+={0,2}$/);
    expect(receiver.verify(hit, rotated.body.secret)).toMatchObject({ type: "team.created" });
    expect(() => receiver.verify(hit, hook.secret)).toThrow();
  });
});

describe(`webhooks in production: https:// only without WEBHOOK_ALLOW_HTTP (${testDatabase})`, () => {
  let t: TestApp;
  let receiver: WebhookReceiver;
  let owner: Awaited<ReturnType<typeof signUpVerified>>;
  let orgId: string;

  beforeAll(async () => {
    t = await startTestApp({ NODE_ENV: "production", WEBHOOK_ALLOW_PRIVATE: "1" });
    receiver = await startWebhookReceiver();
    owner = await signUpVerified(t, createUser());
    orgId = (await createOrganization(t, owner.cookie)).id;
  });
  afterAll(async () => {
    await receiver?.close();
    await t?.close();
  });

  it("refuses an http:// endpoint when it is registered or changed", async () => {
    expect(t.config.webhooks.allowHttp).toBe(false);
    const refused = await webhooksCall(t, "", owner.cookie, {
      json: { url: receiver.url, events: ["*"], organizationId: orgId },
    });
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual({
      code: "WEBHOOK_URL_NOT_ALLOWED",
      message: "url: only https:// URLs (WEBHOOK_ALLOW_HTTP is off)",
    });
    const https = await webhooksCall(t, "", owner.cookie, {
      json: { url: `https://127.0.0.1:${receiver.port}/hook`, events: ["*"], organizationId: orgId },
    });
    expect(https.status).toBe(201);
    const patched = await webhooksCall(t, `/${https.body.id}`, owner.cookie, {
      method: "PATCH",
      json: { url: receiver.url },
    });
    expect(patched.status).toBe(400);
    expect(patched.body.code).toBe("WEBHOOK_URL_NOT_ALLOWED");
    await webhooksCall(t, `/${https.body.id}`, owner.cookie, { method: "DELETE" });
  });

  it("refuses it again at send time: an http:// endpoint stored earlier gets nothing", async () => {
    const hook = await webhooksCall(t, "", owner.cookie, {
      json: {
        url: `https://127.0.0.1:${receiver.port}/hook`,
        events: ["team.created"],
        organizationId: orgId,
      },
    });
    expect(hook.status).toBe(201);
    // As registered while http:// was allowed (WEBHOOK_ALLOW_HTTP=1 since removed).
    await t.server.database.db
      .updateTable("webhook_endpoint")
      .set({ url: receiver.url })
      .where("id", "=", hook.body.id)
      .execute();
    const eventId = await teamCreated(t, orgId);
    await expect
      .poll(async () => (await deliveryOf(t, owner.cookie, hook.body.id, eventId))?.lastError)
      .toBe("refused URL: only https:// URLs (WEBHOOK_ALLOW_HTTP is off)");
    expect(receiver.received).toHaveLength(0);
  });
});

describe(`webhooks: when a delivery that failed for good turns its endpoint off (${testDatabase})`, () => {
  let t: TestApp;
  let owner: Awaited<ReturnType<typeof signUpVerified>>;
  const failure = { ok: false, status: 503, body: "unavailable", error: "HTTP 503" };

  beforeAll(async () => {
    // No worker: this test claims and records the outcomes itself.
    t = await startTestApp({ WEBHOOK_DELIVERY: "0" });
    owner = await signUpVerified(t, createUser());
  });
  afterAll(() => t?.close());

  /** A new endpoint with one delivery, claimed as the worker would: the claim and the endpoint's id. */
  async function claimedDelivery() {
    const orgId = (await createOrganization(t, owner.cookie)).id;
    const hook = await webhooksCall(t, "", owner.cookie, {
      json: { url: "https://example.com/hook", events: ["team.created"], organizationId: orgId },
    });
    expect(hook.status).toBe(201);
    const eventId = await teamCreated(t, orgId);
    const { db, kind } = t.server.database;
    const claimed = await db.transaction().execute(async (trx) => {
      await fanOut(trx, kind);
      return claim(trx, kind, 100, new Set());
    });
    const mine = claimed.find((c) => c.delivery.eventId === eventId);
    if (!mine) throw new Error("nothing claimed");
    return { row: mine.delivery, endpointId: hook.body.id as string };
  }

  const endpointOf = async (id: string) => (await webhooksCall(t, `/${id}`, owner.cookie)).body;

  it("a failed attempt with a retry ahead does not", async () => {
    const { row, endpointId } = await claimedDelivery();
    const db = t.server.database.db;
    const retryAt = Date.now() + 60_000;
    expect(await db.transaction().execute((trx) => recordFailure(trx, row, failure, retryAt))).toBe(false);
    expect(await endpointOf(endpointId)).toMatchObject({ enabled: true, health: { consecutiveFailures: 1 } });
  });

  it("failing for good with no success since the delivery was made turns it off, once", async () => {
    const { row, endpointId } = await claimedDelivery();
    const db = t.server.database.db;
    expect(await db.transaction().execute((trx) => recordFailure(trx, row, failure, null))).toBe(true);
    expect(await endpointOf(endpointId)).toMatchObject({
      enabled: false,
      disabledReason: "failing",
      health: { lastStatus: "failed", consecutiveFailures: 1 },
    });
    const audit = await db
      .selectFrom("audit_event")
      .select(["actorId", "details"])
      .where("action", "=", "webhook.updated")
      .where("targetId", "=", endpointId)
      .execute();
    expect(audit).toEqual([
      { actorId: null, details: JSON.stringify({ enabled: false, disabledReason: "failing" }) },
    ]);
    // The same outcome recorded again (a claim no longer held) changes nothing.
    expect(await db.transaction().execute((trx) => recordFailure(trx, row, failure, null))).toBe(false);
  });

  it("failing for good after a success since the delivery was made fails the delivery but keeps the endpoint on", async () => {
    const { row, endpointId } = await claimedDelivery();
    const db = t.server.database.db;
    await db
      .updateTable("webhook_endpoint")
      .set({ lastSuccessAt: new Date(Date.parse(row.createdAt) + 1000).toISOString() })
      .where("id", "=", endpointId)
      .execute();
    expect(await db.transaction().execute((trx) => recordFailure(trx, row, failure, null))).toBe(false);
    expect(await endpointOf(endpointId)).toMatchObject({ enabled: true, disabledReason: null });
    const delivery = await db
      .selectFrom("webhook_delivery")
      .select(["status", "nextAttemptAt"])
      .where("id", "=", row.id)
      .executeTakeFirst();
    expect(delivery).toEqual({ status: "failed", nextAttemptAt: null });
  });
});
