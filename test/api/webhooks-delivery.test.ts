import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { recordEvent } from "#server/events/record.ts";
import { freePort } from "../support/free-port.ts";
import { createOrganization } from "../support/organizations.ts";
import { startTestApp, type TestApp, testDatabase } from "../support/test-app.ts";
import { createUser, signUpVerified } from "../support/users.ts";
import { startWebhookReceiver, type WebhookReceiver, webhooksCall } from "../support/webhook-receiver.ts";

// Retry delays at 1/1000: 5 s → 5 ms, 5 min → 300 ms, 30 min → 1.8 s.
const SCALE = "0.001";

/** An event of `organizationId` as the audit hooks write one: the audit row and its outbox row. */
function memberAdded(t: TestApp, organizationId: string, data: unknown = { id: "mem_1", role: "member" }) {
  return recordEvent(t.server.database.db, {
    action: "member.added",
    actor: { userId: null },
    target: { type: "member", id: "mem_1" },
    organizationId,
    data,
  });
}

const deliveriesOf = async (t: TestApp, cookie: string, endpointId: string) =>
  (await webhooksCall(t, `/${endpointId}/deliveries?limit=100`, cookie)).body.deliveries as {
    id: string;
    eventId: string;
    status: string;
    attempts: number;
    responseStatus: number | null;
    responseBody: string | null;
    lastError: string | null;
  }[];

describe(`webhook delivery to a real receiver (${testDatabase})`, () => {
  let t: TestApp;
  let receiver: WebhookReceiver;
  let owner: Awaited<ReturnType<typeof signUpVerified>>;
  let orgId: string;
  let otherOrgId: string;

  beforeAll(async () => {
    t = await startTestApp({ WEBHOOK_ALLOW_PRIVATE: "1", WEBHOOK_RETRY_SCALE: SCALE });
    receiver = await startWebhookReceiver();
    owner = await signUpVerified(t, createUser());
    orgId = (await createOrganization(t, owner.cookie)).id;
    otherOrgId = (await createOrganization(t, owner.cookie)).id;
  });
  afterAll(async () => {
    await receiver?.close();
    await t?.close();
  });

  /** Each test works in an organization of its own, so only its endpoints hear its events. */
  const freshOrganization = async () => {
    orgId = (await createOrganization(t, owner.cookie)).id;
    return orgId;
  };

  async function endpoint(events: string[], url = receiver.url, organizationId = orgId) {
    const res = await webhooksCall(t, "", owner.cookie, { json: { url, events, organizationId } });
    expect(res.status).toBe(201);
    return res.body as { id: string; secret: string };
  }

  it("signs every event the Standard Webhooks way; the payload is { type, timestamp, data } without secrets", async () => {
    const hook = await endpoint(["member.added"]);
    expect(hook.secret).toMatch(/^whsec_[A-Za-z0-9+/]+={0,2}$/);
    const eventId = await memberAdded(t, orgId, { id: "mem_1", role: "member", user: { email: "a@b.test" } });
    await receiver.waitFor((r) => r.some((h) => h.id === eventId));
    const hit = receiver.received.find((h) => h.id === eventId);
    if (!hit) throw new Error("not received");
    expect(hit.headers["content-type"]).toBe("application/json");
    expect(Math.abs(Number(hit.timestamp) - Date.now() / 1000)).toBeLessThan(30);
    expect(hit.signature).toMatch(/^v1,[A-Za-z0-9+/]+={0,2}$/);
    const payload = receiver.verify(hit, hook.secret) as { type: string; timestamp: string; data: unknown };
    expect(payload).toEqual({
      type: "member.added",
      timestamp: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      data: { id: "mem_1", role: "member", user: { email: "a@b.test" } },
    });
    // Another secret does not verify; a body changed in transit does not either.
    const other = await endpoint(["member.removed"]);
    expect(() => receiver.verify(hit, other.secret)).toThrow();
    expect(() =>
      receiver.verify({ ...hit, body: hit.body.replace("member", "admin") }, hook.secret),
    ).toThrow();
    // The webhook-id is the audit event's id.
    const audit = await t.server.database.db
      .selectFrom("audit_event")
      .select("action")
      .where("id", "=", eventId)
      .executeTakeFirst();
    expect(audit?.action).toBe("member.added");
  });

  it("sends an event only to the endpoints of its organization that subscribed to it, and not to another organization's", async () => {
    const star = await endpoint(["*"]);
    const only = await endpoint(["team.created"]);
    const elsewhere = await endpoint(["*"], receiver.url, otherOrgId);
    const eventId = await memberAdded(t, orgId);
    const verifiedBy = (secret: string) =>
      receiver.received.filter((h) => {
        if (h.id !== eventId) return false;
        try {
          receiver.verify(h, secret);
          return true;
        } catch {
          return false;
        }
      }).length;
    // The earlier test's endpoint of this organization hears of it too, and may be first: wait for this one's
    // delivery (CI once read the deliveries 300 ms after that first one, before this one had come), then give a
    // wrong delivery the same time to show.
    await receiver.waitFor(() => verifiedBy(star.secret) > 0);
    await new Promise((r) => setTimeout(r, 300));
    expect(verifiedBy(star.secret)).toBe(1);
    expect(verifiedBy(only.secret)).toBe(0);
    expect(verifiedBy(elsewhere.secret)).toBe(0);
    // An endpoint subscribed to "*" also hears of its own organization's webhook changes.
    const created = receiver.received.filter((h) => {
      try {
        return (receiver.verify(h, star.secret) as { type: string }).type === "webhook.created";
      } catch {
        return false;
      }
    });
    expect(created.length).toBeGreaterThan(0);
  });

  it("retries after 500s with backoff, then delivers on the 200; same webhook-id each time", async () => {
    await freshOrganization();
    const hook = await endpoint(["member.added"]);
    const answers = [500, 500, 200];
    let calls = 0;
    receiver.respond = () => ({
      status: answers[calls++] ?? 200,
      body: calls < 3 ? "down for maintenance" : "ok",
    });
    const eventId = await memberAdded(t, orgId);
    await receiver.waitFor((r) => r.filter((h) => h.id === eventId).length >= 3, 10_000);
    receiver.respond = () => ({ status: 200, body: "ok" });
    const hits = receiver.received.filter((h) => h.id === eventId);
    expect(hits).toHaveLength(3);
    for (const hit of hits) receiver.verify(hit, hook.secret);
    // 5 s and 5 min, scaled by 1/1000.
    expect((hits[2]?.at ?? 0) - (hits[1]?.at ?? 0)).toBeGreaterThanOrEqual(250);
    await expect
      .poll(async () => (await deliveriesOf(t, owner.cookie, hook.id)).find((d) => d.eventId === eventId))
      .toMatchObject({
        status: "delivered",
        attempts: 3,
        responseStatus: 200,
        responseBody: "ok",
        lastError: null,
      });
    const endpointNow = (await webhooksCall(t, `/${hook.id}`, owner.cookie)).body;
    expect(endpointNow.health).toMatchObject({ lastStatus: "delivered", consecutiveFailures: 0, pending: 0 });
  });

  it("keeps a delivery while the receiver is down and delivers once it is back", async () => {
    await freshOrganization();
    const port = await freePort();
    const hook = await endpoint(["member.added"], `http://127.0.0.1:${port}/down`);
    const eventId = await memberAdded(t, orgId);
    await expect
      .poll(async () => (await deliveriesOf(t, owner.cookie, hook.id))[0]?.lastError ?? null, {
        timeout: 5000,
      })
      .toMatch(/ECONNREFUSED/);
    const waiting = (await deliveriesOf(t, owner.cookie, hook.id))[0];
    expect(waiting?.status).toMatch(/pending|delivering/);
    expect(
      (await webhooksCall(t, `/${hook.id}`, owner.cookie)).body.health.consecutiveFailures,
    ).toBeGreaterThan(0);
    const back = await startWebhookReceiver(port);
    try {
      await back.waitFor((r) => r.some((h) => h.id === eventId), 15_000);
      back.verify(back.received[0] as never, hook.secret);
      await expect
        .poll(async () => (await deliveriesOf(t, owner.cookie, hook.id))[0]?.status)
        .toBe("delivered");
    } finally {
      await back.close();
    }
  }, 30_000);

  it("after a secret rotation signs with both secrets; each verifies alone", async () => {
    await freshOrganization();
    const hook = await endpoint(["member.added"]);
    const rotated = await webhooksCall(t, `/${hook.id}/rotate-secret`, owner.cookie, { method: "POST" });
    expect(rotated.status).toBe(200);
    expect(rotated.body.secret).not.toBe(hook.secret);
    expect(Date.parse(rotated.body.previousExpiresAt) - Date.now()).toBeGreaterThan(23.9 * 3600_000);
    const eventId = await memberAdded(t, orgId);
    await receiver.waitFor((r) => r.some((h) => h.id === eventId && h.signature.includes(" ")));
    const hit = receiver.received.find((h) => h.id === eventId && h.signature.includes(" "));
    if (!hit) throw new Error("not received");
    expect(hit.signature.split(" ")).toHaveLength(2);
    expect(receiver.verify(hit, hook.secret)).toBeTruthy();
    expect(receiver.verify(hit, rotated.body.secret)).toBeTruthy();
  });

  it("a redirect is a failure and is not followed; at most 1 KB of the answer is kept", async () => {
    await freshOrganization();
    const hook = await endpoint(["member.added"]);
    receiver.respond = () => ({
      status: 302,
      headers: { location: `${receiver.url}?followed` },
      body: "é".repeat(3000),
    });
    const eventId = await memberAdded(t, orgId);
    await expect
      .poll(async () => (await deliveriesOf(t, owner.cookie, hook.id))[0]?.lastError ?? null)
      .toBe("redirect 302 (not followed)");
    const failed = (await deliveriesOf(t, owner.cookie, hook.id))[0];
    expect(failed?.responseStatus).toBe(302);
    expect(Buffer.byteLength(failed?.responseBody ?? "")).toBeLessThanOrEqual(1024);
    expect(failed?.responseBody?.length).toBeGreaterThan(400);
    receiver.respond = () => ({ status: 200, body: "ok" });
    await expect
      .poll(async () => (await deliveriesOf(t, owner.cookie, hook.id))[0]?.status, { timeout: 10_000 })
      .toBe("delivered");
    expect(receiver.received.some((h) => h.path.includes("followed"))).toBe(false);
    expect(receiver.received.filter((h) => h.id === eventId).length).toBeGreaterThanOrEqual(2);
  });

  it("a test event goes to that endpoint only; a resend repeats the webhook-id", async () => {
    await freshOrganization();
    const hook = await endpoint(["member.removed"]);
    const test = await webhooksCall(t, `/${hook.id}/test`, owner.cookie, { method: "POST" });
    expect(test.status).toBe(201);
    expect(test.body).toMatchObject({ eventType: "webhook.test", status: "pending", endpointId: hook.id });
    await receiver.waitFor((r) => r.some((h) => h.id === test.body.eventId));
    const hit = receiver.received.find((h) => h.id === test.body.eventId);
    expect((receiver.verify(hit as never, hook.secret) as { type: string }).type).toBe("webhook.test");
    expect(receiver.received.filter((h) => h.id === test.body.eventId)).toHaveLength(1);
    const again = await webhooksCall(t, `/deliveries/${test.body.id}/resend`, owner.cookie, {
      method: "POST",
    });
    expect(again.status).toBe(201);
    expect(again.body.id).not.toBe(test.body.id);
    expect(again.body.eventId).toBe(test.body.eventId);
    await receiver.waitFor((r) => r.filter((h) => h.id === test.body.eventId).length === 2);
  });
});
