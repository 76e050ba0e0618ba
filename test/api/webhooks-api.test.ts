import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { recordEvent } from "#server/events/record.ts";
import { DELIVERY_RETENTION_MS, purgeDeliveries } from "#server/features/webhooks/purge.ts";
import { createOrganization, inviteAndAccept } from "../support/organizations.ts";
import { startTestApp, type TestApp, testDatabase } from "../support/test-app.ts";
import { createUser, signUpVerified } from "../support/users.ts";
import { startWebhookReceiver, type WebhookReceiver, webhooksCall } from "../support/webhook-receiver.ts";

const ADMIN_EMAIL = "hooks-admin@example.test";

describe(`/api/webhooks: who manages which endpoints (${testDatabase})`, () => {
  let t: TestApp;
  let receiver: WebhookReceiver;
  let owner: Awaited<ReturnType<typeof signUpVerified>>;
  let admin: Awaited<ReturnType<typeof signUpVerified>>;
  let member: Awaited<ReturnType<typeof inviteAndAccept>>;
  let orgAdmin: Awaited<ReturnType<typeof inviteAndAccept>>;
  let outsider: Awaited<ReturnType<typeof signUpVerified>>;
  let orgId: string;
  let hookId: string;

  beforeAll(async () => {
    t = await startTestApp({ ADMIN_EMAILS: ADMIN_EMAIL, WEBHOOK_ALLOW_PRIVATE: "1" });
    receiver = await startWebhookReceiver();
    owner = await signUpVerified(t, createUser());
    admin = await signUpVerified(t, createUser({ email: ADMIN_EMAIL }));
    outsider = await signUpVerified(t, createUser());
    orgId = (await createOrganization(t, owner.cookie)).id;
    member = await inviteAndAccept(t, owner.cookie, orgId, "member");
    orgAdmin = await inviteAndAccept(t, owner.cookie, orgId, "admin");
    await createOrganization(t, outsider.cookie);
  });
  afterAll(async () => {
    await receiver?.close();
    await t?.close();
  });

  const body = (extra: Record<string, unknown> = {}) => ({
    url: receiver.url,
    events: ["member.added", "member.removed"],
    description: "CRM sync",
    organizationId: orgId,
    ...extra,
  });

  it("an organization's admin registers an endpoint; the secret is answered once and recorded nowhere readable", async () => {
    const res = await webhooksCall(t, "", orgAdmin.cookie, { json: body() });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      url: receiver.url,
      events: ["member.added", "member.removed"],
      description: "CRM sync",
      organizationId: orgId,
      enabled: true,
      disabledReason: null,
      health: { lastAttemptAt: null, lastStatus: null, consecutiveFailures: 0, pending: 0 },
    });
    expect(res.body.secret).toMatch(/^whsec_/);
    hookId = res.body.id;
    const stored = await t.server.database.db
      .selectFrom("webhook_endpoint")
      .select("secret")
      .where("id", "=", hookId)
      .executeTakeFirstOrThrow();
    expect(stored.secret).not.toContain(res.body.secret.slice(6));
    const list = await webhooksCall(t, `?organizationId=${orgId}`, owner.cookie);
    expect(list.status).toBe(200);
    expect(list.body.endpoints.map((e: { id: string }) => e.id)).toEqual([hookId]);
    expect(JSON.stringify(list.body)).not.toContain(res.body.secret);
    expect(JSON.stringify((await webhooksCall(t, `/${hookId}`, owner.cookie)).body)).not.toContain("whsec_");
  });

  it("a member is refused (403); someone outside the organization learns nothing (404); signed out 401", async () => {
    const calls: [string, { method?: string; json?: unknown }][] = [
      [`?organizationId=${orgId}`, {}],
      ["", { json: body() }],
      [`/${hookId}`, {}],
      [`/${hookId}`, { method: "PATCH", json: { description: "x" } }],
      [`/${hookId}`, { method: "DELETE" }],
      [`/${hookId}/rotate-secret`, { method: "POST" }],
      [`/${hookId}/test`, { method: "POST" }],
      [`/${hookId}/deliveries`, {}],
    ];
    for (const [path, init] of calls) {
      const asMember = await webhooksCall(t, path, member.cookie, init);
      expect(asMember.status, `member ${init.method ?? "GET"} ${path}`).toBe(403);
      expect(asMember.body.code).toBe("FORBIDDEN");
      const asOutsider = await webhooksCall(t, path, outsider.cookie, init);
      expect(asOutsider.status, `outsider ${init.method ?? "GET"} ${path}`).toBe(404);
      expect(asOutsider.body.code).toMatch(/^(ORGANIZATION|WEBHOOK)_NOT_FOUND$/);
      expect((await webhooksCall(t, path, undefined, init)).status).toBe(401);
    }
    expect((await webhooksCall(t, "/wh_nope", owner.cookie)).status).toBe(404);
    expect(
      (await webhooksCall(t, "/deliveries/msg_nope/resend", owner.cookie, { method: "POST" })).status,
    ).toBe(404);
    // An API key, and a change from a foreign origin, are refused.
    const keyed = await webhooksCall(t, `/${hookId}`, owner.cookie, {
      headers: { "x-api-key": "gh_anything" },
    });
    expect(keyed).toMatchObject({ status: 403, body: { code: "API_KEY_NOT_ALLOWED" } });
    const foreign = await webhooksCall(t, `/${hookId}`, owner.cookie, {
      method: "PATCH",
      json: { description: "x" },
      headers: { origin: "https://evil.example" },
    });
    expect(foreign).toMatchObject({ status: 403, body: { code: "INVALID_ORIGIN" } });
  });

  it("installation-wide endpoints are for Gatehouse admins, who may manage any organization's too", async () => {
    const wide = { url: receiver.url, events: ["*"] };
    expect((await webhooksCall(t, "", owner.cookie, { json: wide })).status).toBe(403);
    expect((await webhooksCall(t, "", owner.cookie)).status).toBe(403);
    const created = await webhooksCall(t, "", admin.cookie, { json: wide });
    expect(created.status).toBe(201);
    expect(created.body.organizationId).toBeNull();
    expect((await webhooksCall(t, `/${created.body.id}`, owner.cookie)).status).toBe(404);
    const list = await webhooksCall(t, "", admin.cookie);
    expect(list.body.endpoints.map((e: { id: string }) => e.id)).toEqual([created.body.id]);
    expect((await webhooksCall(t, `/${hookId}`, admin.cookie)).status).toBe(200);
    // It hears every organization's events and those of none.
    const inOrg = await recordEvent(t.server.database.db, {
      action: "member.added",
      actor: { userId: null },
      organizationId: orgId,
    });
    const noOrg = await recordEvent(t.server.database.db, {
      action: "user.created",
      actor: { userId: null },
    });
    await receiver.waitFor((r) => [inOrg, noOrg].every((id) => r.some((h) => h.id === id)));
    const hits = receiver.received.filter((h) => h.id === noOrg);
    expect(hits).toHaveLength(1);
    receiver.verify(hits[0] as never, created.body.secret);
    expect((await webhooksCall(t, `/${created.body.id}`, admin.cookie, { method: "DELETE" })).status).toBe(
      200,
    );
  });

  it("refuses bad input with INVALID_FIELD and writes nothing", async () => {
    const count = async () =>
      Number(
        (
          await t.server.database.db
            .selectFrom("webhook_endpoint")
            .select((eb) => eb.fn.countAll().as("n"))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = await count();
    for (const bad of [
      body({ url: "not a url" }),
      body({ events: [] }),
      body({ events: ["member.exploded"] }),
      body({ description: "x".repeat(501) }),
      { events: ["*"], organizationId: orgId },
    ]) {
      const res = await webhooksCall(t, "", owner.cookie, { json: bad });
      expect(res.status, JSON.stringify(bad)).toBe(400);
      expect(res.body.code).toBe("INVALID_FIELD");
      expect(res.body.message).toMatch(/^(url|events(\.0)?|description): /);
    }
    // A body that is no object at all: the refusal names the body.
    const list = await webhooksCall(t, "", owner.cookie, { json: [body({})] });
    expect(list).toMatchObject({ status: 400, body: { code: "INVALID_FIELD" } });
    expect(list.body.message).toMatch(/^body: /);
    const ftp = await webhooksCall(t, "", owner.cookie, { json: body({ url: "ftp://example.com/x" }) });
    expect(ftp).toMatchObject({ status: 400, body: { code: "WEBHOOK_URL_NOT_ALLOWED" } });
    const unknownOrg = await webhooksCall(t, "", owner.cookie, {
      json: body({ organizationId: "org_nope" }),
    });
    expect(unknownOrg.status).toBe(404);
    const badCursor = await webhooksCall(t, `/${hookId}/deliveries?cursor=zzz`, owner.cookie);
    expect(badCursor).toMatchObject({ status: 400, body: { code: "INVALID_FIELD" } });
    expect((await webhooksCall(t, `/${hookId}/deliveries?limit=0`, owner.cookie)).status).toBe(400);
    expect(await count()).toBe(before);
  });

  it("records webhook.created / updated / secret_rotated / deleted with the actor, in the change's transaction", async () => {
    const created = await webhooksCall(t, "", owner.cookie, { json: body({ events: ["team.created"] }) });
    const id = created.body.id as string;
    const patched = await webhooksCall(t, `/${id}`, orgAdmin.cookie, {
      method: "PATCH",
      json: { events: ["*"], enabled: false },
    });
    expect(patched.body).toMatchObject({ events: ["*"], enabled: false, disabledReason: "manual" });
    expect((await webhooksCall(t, `/${id}/rotate-secret`, owner.cookie, { method: "POST" })).status).toBe(
      200,
    );
    expect((await webhooksCall(t, `/${id}`, owner.cookie, { method: "DELETE" })).status).toBe(200);
    expect((await webhooksCall(t, `/${id}`, owner.cookie)).status).toBe(404);
    const events = await t.server.database.db
      .selectFrom("audit_event")
      .select(["action", "actorId", "organizationId", "targetType", "details"])
      .where("targetId", "=", id)
      .orderBy("createdAt")
      .execute();
    expect(events.map((e) => e.action)).toEqual([
      "webhook.created",
      "webhook.updated",
      "webhook.secret_rotated",
      "webhook.deleted",
    ]);
    expect(events[1]?.actorId).toBe(orgAdmin.member.userId);
    expect(JSON.parse(events[1]?.details ?? "{}")).toMatchObject({
      events: ["*"],
      enabled: false,
      disabledReason: "manual",
    });
    for (const e of events) expect(e).toMatchObject({ organizationId: orgId, targetType: "webhook" });
    const outbox = await t.server.database.db.selectFrom("webhook_delivery").select("payload").execute();
    for (const row of outbox) expect(row.payload).not.toContain("whsec_");
  });

  it("pages the deliveries newest first by cursor", async () => {
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) {
      ids.push(
        await recordEvent(t.server.database.db, {
          action: "member.added",
          actor: { userId: null },
          organizationId: orgId,
        }),
      );
    }
    // Each one delivered (the pending count does not see events still in the outbox).
    await expect
      .poll(async () => {
        const page = await webhooksCall(t, `/${hookId}/deliveries?limit=100`, owner.cookie);
        const delivered = page.body.deliveries.filter((d: { status: string }) => d.status === "delivered");
        return ids.every((id) => delivered.some((d: { eventId: string }) => d.eventId === id));
      })
      .toBe(true);
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page: { body: { deliveries: { id: string; createdAt: string }[]; nextCursor: string | null } } =
        await webhooksCall(
          t,
          `/${hookId}/deliveries?limit=2${cursor ? `&cursor=${cursor}` : ""}`,
          owner.cookie,
        );
      expect(page.body.deliveries.length).toBeLessThanOrEqual(2);
      seen.push(...page.body.deliveries.map((d) => `${d.createdAt} ${d.id}`));
      cursor = page.body.nextCursor;
    } while (cursor);
    expect(seen.length).toBeGreaterThanOrEqual(6);
    expect(new Set(seen).size).toBe(seen.length);
    expect([...seen].sort().reverse()).toEqual(seen);
  });

  it("purges finished deliveries past the retention, never unfinished ones", async () => {
    const db = t.server.database.db;
    const old = new Date(Date.now() - DELIVERY_RETENTION_MS - 60_000).toISOString();
    const row = (id: string, status: "delivered" | "failed" | "pending", createdAt: string) => ({
      id,
      endpointId: "wh_purge",
      eventId: `evt_${id}`,
      eventType: "member.added",
      payload: "{}",
      status,
      attempts: 1,
      nextAttemptAt: status === "pending" ? new Date(Date.now() + 3_600_000).toISOString() : null,
      responseStatus: null,
      responseBody: null,
      lastError: null,
      createdAt,
      deliveredAt: null,
    });
    await db
      .insertInto("webhook_delivery")
      .values([
        row("purge_1", "delivered", old),
        row("purge_2", "failed", old),
        row("purge_3", "pending", old),
        row("purge_4", "delivered", new Date().toISOString()),
      ])
      .execute();
    expect(await purgeDeliveries(db)).toBe(2);
    const left = await db
      .selectFrom("webhook_delivery")
      .select("id")
      .where("endpointId", "=", "wh_purge")
      .execute();
    expect(left.map((r) => r.id).sort()).toEqual(["purge_3", "purge_4"]);
    await db.deleteFrom("webhook_delivery").where("endpointId", "=", "wh_purge").execute();
  });
});
