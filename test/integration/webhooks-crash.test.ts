import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import SQLite from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, REMOTE_ORIGIN, signUpVerifiedRemote } from "../support/remote.ts";
import { type SmtpSink, startSmtpSink } from "../support/smtp-sink.ts";
import { type SpawnedServer, spawnServer } from "../support/spawn-server.ts";
import { createUser } from "../support/users.ts";
import { startWebhookReceiver, type WebhookReceiver } from "../support/webhook-receiver.ts";

const ROUNDS = Number(process.env.WEBHOOK_CRASH_ROUNDS ?? 6);
const ENDPOINTS = ["a", "b", "c"];
const WRITES_PER_ROUND = 10;

/**
 * Issue 17, acceptance 3: `kill -9` of a SQLite server while deliveries are in flight and events are being
 * written. Every change to an endpoint is an audit event with its webhook in the same transaction; the three
 * endpoints subscribe to every event of the organization. After the last restart, every event the database
 * holds reached every endpoint at least once (counted by webhook-id), and nothing is left to send.
 */
describe("webhooks: kill -9 under a write load loses no event (SQLite)", () => {
  let sink: SmtpSink;
  let receiver: WebhookReceiver;
  let dir: string;
  let server: SpawnedServer | undefined;

  const env = () => ({
    DATA_DIR: dir,
    DATABASE_URL: join(dir, "gatehouse.db"),
    STATIC_DIR: join(dir, "web"),
    BETTER_AUTH_SECRET: "webhook-crash-secret-webhook-crash-0123",
    BETTER_AUTH_URL: REMOTE_ORIGIN,
    SMTP_URL: sink.url,
    WEBHOOK_ALLOW_PRIVATE: "1",
    WEBHOOK_RETRY_SCALE: "0.001",
  });

  beforeAll(async () => {
    sink = await startSmtpSink();
    receiver = await startWebhookReceiver();
    // Slow enough that deliveries are in flight when the kill lands.
    receiver.respond = () => ({ status: 200, body: "ok", delayMs: 5 + Math.floor(Math.random() * 40) });
    dir = mkdtempSync(join(tmpdir(), "gatehouse-webhook-crash-"));
  });
  afterAll(async () => {
    await server?.stop("SIGKILL");
    await receiver?.close();
    await sink?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it("delivers every committed event to every endpoint at least once after the restarts", async () => {
    server = await spawnServer(env());
    const cookie = await signUpVerifiedRemote(server.url, sink, createUser());
    const org = await call(server.url, "/api/auth/organization/create", {
      cookie,
      json: { name: "Crash hooks", slug: `crash-hooks-${Date.now().toString(36)}` },
    });
    expect(org.status).toBe(200);
    const hooks: string[] = [];
    for (const name of ENDPOINTS) {
      const res = await call(server.url, "/api/webhooks", {
        cookie,
        json: { url: `${receiver.url}/${name}`, events: ["*"], organizationId: org.body.id },
      });
      expect(res.status).toBe(201);
      hooks.push(res.body.id);
    }
    let acknowledged = 0;
    let cut = 0;
    for (let round = 0; round < ROUNDS; round++) {
      server ??= await spawnServer(env());
      const url = server.url;
      let running = true;
      const before = acknowledged;
      const writer = async (hook: string) => {
        let n = 0;
        while (running) {
          n += 1;
          try {
            const res = await fetch(`${url}/api/webhooks/${hook}`, {
              method: "PATCH",
              headers: { origin: REMOTE_ORIGIN, cookie, "content-type": "application/json" },
              body: JSON.stringify({ description: `round ${round} change ${n}` }),
            });
            if (res.status === 200) acknowledged += 1;
            await res.arrayBuffer();
          } catch {
            cut += 1;
          }
        }
      };
      const writers = hooks.map(writer);
      // The kill must land under load however slow the machine: wait for this round's first writes (a busy CI
      // machine has acknowledged 6 in a second), then a random moment more.
      const busy = Date.now() + 30_000;
      while (acknowledged - before < WRITES_PER_ROUND && Date.now() < busy)
        await new Promise((r) => setTimeout(r, 20));
      await new Promise((r) => setTimeout(r, 200 + Math.random() * 600));
      await server.stop("SIGKILL");
      server = undefined;
      running = false;
      await Promise.all(writers);
    }
    server = await spawnServer(env());

    const db = new SQLite(join(dir, "gatehouse.db"), { readonly: true });
    try {
      const events = (
        db
          .prepare(
            // What happened before the last endpoint existed (the organization's creation, the endpoints' own
            // registrations) could not reach every endpoint.
            `select id from audit_event where "organizationId" = ? and outcome = 'success' and "createdAt" > (select max("createdAt") from webhook_endpoint)`,
          )
          .all(org.body.id) as { id: string }[]
      ).map((e) => e.id);
      expect(events.length).toBeGreaterThanOrEqual(acknowledged);
      const missing = () =>
        ENDPOINTS.flatMap((name) => {
          const got = new Set(receiver.received.filter((h) => h.path === `/hook/${name}`).map((h) => h.id));
          return events.filter((id) => !got.has(id)).map((id) => `${name} ${id}`);
        });
      const deadline = Date.now() + 60_000;
      while (missing().length > 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
      const received = receiver.received.length;
      const unique = new Set(receiver.received.map((h) => `${h.path} ${h.id}`)).size;
      console.log(
        `[webhooks crash] ${ROUNDS} kill -9 rounds; ${acknowledged} changes acknowledged (${cut} cut), ${events.length} events committed; ${received} requests received, ${unique} distinct (endpoint, webhook-id), ${received - unique} repeats after kills`,
      );
      expect(missing()).toEqual([]);
      expect(acknowledged).toBeGreaterThanOrEqual(ROUNDS * WRITES_PER_ROUND);
      const left = () =>
        db
          .prepare(
            `select (select count(*) from event_outbox) + (select count(*) from webhook_delivery where status <> 'delivered') as n`,
          )
          .get() as { n: number };
      await expect.poll(() => left().n, { timeout: 10_000 }).toBe(0);
    } finally {
      db.close();
    }
  }, 400_000);
});
