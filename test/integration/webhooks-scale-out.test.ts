import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, REMOTE_ORIGIN, signUpVerifiedRemote } from "../support/remote.ts";
import { integrationService } from "../support/services.ts";
import { type SmtpSink, startSmtpSink } from "../support/smtp-sink.ts";
import { type SpawnedServer, spawnServer } from "../support/spawn-server.ts";
import { freshPostgresUrl } from "../support/test-app.ts";
import { createUser } from "../support/users.ts";
import { startWebhookReceiver, type WebhookReceiver } from "../support/webhook-receiver.ts";

const postgres = await integrationService("TEST_DATABASE_URL");
const ENDPOINTS = Array.from({ length: 24 }, (_, i) => `e${i}`);

/**
 * Issue 17, acceptance 3: two instances share one PostgreSQL schema and both write events and deliver them.
 * The receiver answers each delivery's first attempt 500 (so retries are claimed again, by either instance) and
 * notes any two requests of one delivery open at once: there must be none, and each delivery succeeds once.
 */
describe.skipIf(!postgres)("webhooks: two instances on PostgreSQL", () => {
  let schema: Awaited<ReturnType<typeof freshPostgresUrl>>;
  let sink: SmtpSink;
  let receiver: WebhookReceiver;
  let dir: string;
  let a: SpawnedServer;
  let b: SpawnedServer;

  beforeAll(async () => {
    schema = await freshPostgresUrl(postgres as string);
    sink = await startSmtpSink();
    receiver = await startWebhookReceiver();
    const firstSeen = new Set<string>();
    receiver.respond = (hit) => {
      const key = `${hit.path} ${hit.id}`;
      const first = !firstSeen.has(key);
      firstSeen.add(key);
      return { status: first ? 500 : 200, delayMs: 20 + Math.floor(Math.random() * 60) };
    };
    dir = mkdtempSync(join(tmpdir(), "gatehouse-webhook-scale-"));
    const env = {
      BETTER_AUTH_SECRET: "webhook-scale-secret-webhook-scale-0123",
      BETTER_AUTH_URL: REMOTE_ORIGIN,
      SMTP_URL: sink.url,
      DATABASE_URL: schema.url,
      DATA_DIR: dir,
      STATIC_DIR: join(dir, "web"),
      WEBHOOK_ALLOW_PRIVATE: "1",
      WEBHOOK_RETRY_SCALE: "0.001",
    };
    [a, b] = await Promise.all([spawnServer(env), spawnServer(env)]);
  });
  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    await receiver?.close();
    await sink?.close();
    await schema?.drop();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it("delivers every event to every endpoint, never two attempts of one delivery at once", async () => {
    const cookie = await signUpVerifiedRemote(a.url, sink, createUser());
    const org = await call(a.url, "/api/auth/organization/create", {
      cookie,
      json: { name: "Scale hooks", slug: `scale-hooks-${Date.now().toString(36)}` },
    });
    const hooks: string[] = [];
    for (const name of ENDPOINTS) {
      const res = await call(b.url, "/api/webhooks", {
        cookie,
        json: { url: `${receiver.url}/${name}`, events: ["webhook.updated"], organizationId: org.body.id },
      });
      expect(res.status).toBe(201);
      hooks.push(res.body.id);
    }
    // 2 writers per instance, each changing one endpoint 15 times: 60 events, 1 440 deliveries.
    const writer = async (url: string, hook: string) => {
      for (let n = 0; n < 15; n++) {
        const res = await fetch(`${url}/api/webhooks/${hook}`, {
          method: "PATCH",
          headers: { origin: REMOTE_ORIGIN, cookie, "content-type": "application/json" },
          body: JSON.stringify({ description: `change ${n} through ${url}` }),
        });
        expect(res.status).toBe(200);
        await res.arrayBuffer();
      }
    };
    await Promise.all(hooks.slice(0, 4).map((hook, i) => writer(i % 2 ? a.url : b.url, hook)));

    const client = new pg.Client({ connectionString: schema.url });
    await client.connect();
    try {
      const { rows } = await client.query<{ id: string }>(
        `select id from audit_event where "organizationId" = $1 and action = 'webhook.updated'`,
        [org.body.id],
      );
      expect(rows).toHaveLength(60);
      const expected = ENDPOINTS.flatMap((name) => rows.map((r) => `/hook/${name} ${r.id}`));
      const succeeded = () => {
        const ok = new Map<string, number>();
        for (const hit of receiver.received) {
          const key = `${hit.path} ${hit.id}`;
          ok.set(key, (ok.get(key) ?? 0) + 1);
        }
        return ok;
      };
      await expect
        .poll(
          () => {
            // Counted once per look: the receiver shares this process, and a slow look slows its answers.
            const ok = succeeded();
            return expected.filter((key) => (ok.get(key) ?? 0) < 2).length;
          },
          { timeout: 60_000 },
        )
        .toBe(0);
      await new Promise((r) => setTimeout(r, 500));
      const { rows: left } = await client.query<{ n: string }>(
        `select count(*) as n from webhook_delivery where status <> 'delivered'`,
      );
      const attempts = succeeded();
      console.log(
        `[webhooks scale-out] ${expected.length} deliveries, ${receiver.received.length} requests, overlaps: ${receiver.overlaps.length}`,
      );
      // Each instance logs the refused first attempts it made: together they made each one once.
      const refusedBy = (server: SpawnedServer) =>
        server
          .output()
          .split("\n")
          .filter((line) => line.includes("webhook delivery failed, will retry")).length;
      console.log(
        `[webhooks scale-out] refused first attempts made by A: ${refusedBy(a)}, by B: ${refusedBy(b)}`,
      );
      expect(refusedBy(a) + refusedBy(b)).toBe(expected.length);
      expect(receiver.overlaps).toEqual([]);
      // One refused first attempt and one success each: no delivery was attempted twice by the two instances.
      expect([...attempts.values()].every((n) => n === 2)).toBe(true);
      expect(Number(left[0]?.n)).toBe(0);
    } finally {
      await client.end();
    }
  }, 120_000);
});
