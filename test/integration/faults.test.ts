import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Redis } from "ioredis";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, type RemoteResponse, signUpVerifiedRemote } from "../support/remote.ts";
import { integrationService } from "../support/services.ts";
import { type SmtpSink, startSmtpSink } from "../support/smtp-sink.ts";
import { spawnServer } from "../support/spawn-server.ts";
import { startTcpProxy, type TcpProxy } from "../support/tcp-proxy.ts";
import { freshPostgresUrl } from "../support/test-app.ts";
import { createUser } from "../support/users.ts";

const postgres = await integrationService("TEST_DATABASE_URL");
const redisUrl = await integrationService("TEST_REDIS_URL");

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Polls until `check` passes; returns the milliseconds it took. */
async function within(ms: number, check: () => Promise<boolean>): Promise<number> {
  const started = performance.now();
  while (performance.now() - started < ms) {
    if (await check().catch(() => false)) return Math.round(performance.now() - started);
    await sleep(100);
  }
  throw new Error(`not within ${ms} ms`);
}

/** Counts answers by status; anything but 200 or a JSON 503 is a failure of the test. */
class Tally {
  counts = new Map<string, number>();
  bad: string[] = [];
  add(res: RemoteResponse | Error) {
    const key = res instanceof Error ? "network error" : String(res.status);
    this.counts.set(key, (this.counts.get(key) ?? 0) + 1);
    if (res instanceof Error) return void this.bad.push(res.message);
    if (res.status === 503 && res.body?.code !== "SERVICE_UNAVAILABLE")
      this.bad.push(`503 ${JSON.stringify(res.body)}`);
    if (res.status !== 200 && res.status !== 503) this.bad.push(`${res.status} ${JSON.stringify(res.body)}`);
  }
  toString() {
    return [...this.counts].map(([k, v]) => `${k}: ${v}`).join(", ");
  }
}

/**
 * Resilience requirements 3 and 4 (outages of PostgreSQL and Redis). The server reaches PostgreSQL and Redis through a loopback proxy the test
 * controls, so an outage is real for this server (refused and cut connections) while the shared services,
 * and the suites that use them, are untouched. PostgreSQL's own connection kill (pg_terminate_backend)
 * is aimed at this server's connections only, by application_name.
 */
describe.skipIf(!postgres || !redisUrl)("backing services failing under load", () => {
  let sink: SmtpSink;
  let dir: string;
  const cleanups: (() => Promise<unknown> | unknown)[] = [];

  beforeAll(async () => {
    sink = await startSmtpSink();
    dir = mkdtempSync(join(tmpdir(), "gatehouse-faults-"));
  });
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await Promise.resolve(cleanup()).catch(() => {});
    await sink?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  async function start(env: Record<string, string>) {
    const server = await spawnServer(
      {
        BETTER_AUTH_SECRET: "faults-test-secret-faults-test-secret-01",
        BETTER_AUTH_URL: "http://127.0.0.1",
        SMTP_URL: sink.url,
        DATA_DIR: dir,
        STATIC_DIR: join(dir, "web"),
        ...env,
      },
      {},
    );
    cleanups.push(() => server.stop("SIGKILL"));
    return server;
  }

  /** `workers` loops of `step` until `stop()`; every answer goes to the tally. */
  function load(workers: number, step: (i: number) => Promise<RemoteResponse>, tally: Tally) {
    let running = true;
    const loops = Array.from({ length: workers }, async (_, w) => {
      for (let i = 0; running; i++) tally.add(await step(w * 1000 + i).catch((err: Error) => err));
    });
    return async () => {
      running = false;
      await Promise.all(loops);
    };
  }

  it("PostgreSQL cut under load: in-flight requests get a clean 503, the process lives, service returns", async () => {
    const proxy: TcpProxy = await startTcpProxy(postgres as string);
    cleanups.push(() => proxy.close());
    const schema = await freshPostgresUrl(postgres as string);
    cleanups.push(() => schema.drop());
    const appName = `gatehouse-faults-${randomBytes(4).toString("hex")}`;
    const url = new URL(proxy.url(schema.url));
    url.searchParams.set("application_name", appName);
    // The built web app (npm test builds it first), for its pages' answers during the outage.
    const server = await start({ DATABASE_URL: url.toString(), STATIC_DIR: join(process.cwd(), "dist/web") });
    const cookie = await signUpVerifiedRemote(server.url, sink, createUser());
    const admin = new pg.Client({ connectionString: schema.url });
    await admin.connect();
    cleanups.push(() => admin.end());

    const tally = new Tally();
    const stop = load(
      3,
      (i) =>
        i % 3 === 0
          ? call(server.url, "/api/auth/organization/create", {
              cookie,
              json: { name: `Load ${i}`, slug: `load-${Date.now().toString(36)}-${i}` },
            })
          : call(server.url, i % 3 === 1 ? "/api/auth/get-session" : "/api/auth/organization/list", {
              cookie,
            }),
      tally,
    );
    await sleep(500);

    // 1. A request certainly in flight: it waits on a table lock held here when its connection is killed.
    await admin.query("begin");
    await admin.query(`lock table "organization" in access exclusive mode`);
    const blocked = call(server.url, "/api/auth/organization/list", { cookie });
    await sleep(300);
    // A page's answer waits for its hints (decision 44) no longer than their budget: the loading shell comes.
    const pageAsked = Date.now();
    const pageDuringLock = await fetch(`${server.url}/org/anything/members`, { headers: { cookie } });
    const pageMs = Date.now() - pageAsked;
    expect(pageDuringLock.status).toBe(200);
    expect(await pageDuringLock.text()).toContain('id="root"');
    expect(pageDuringLock.headers.get("link")).toBeNull();
    expect(pageMs).toBeLessThan(2_000);
    const killed = await admin.query(
      "select count(pg_terminate_backend(pid))::int as n from pg_stat_activity where application_name = $1",
      [appName],
    );
    const inFlight = await blocked;
    await admin.query("rollback");
    const afterKill = await within(
      10_000,
      async () => (await call(server.url, "/api/auth/get-session", { cookie })).status === 200,
    );

    // 2. PostgreSQL unreachable for 1.5 s: refused and cut connections.
    await proxy.down();
    await sleep(300);
    const readyDown = await call(server.url, "/api/ready");
    const healthDown = await call(server.url, "/api/health");
    const duringOutage = await call(server.url, "/api/auth/organization/list", { cookie });
    const pageDuringOutage = await fetch(`${server.url}/org/anything/members`, { headers: { cookie } });
    expect(pageDuringOutage.status).toBe(200);
    expect(pageDuringOutage.headers.get("link")).toBeNull();
    await sleep(1200);
    await proxy.up();
    const backIn = await within(10_000, async () => (await call(server.url, "/api/ready")).status === 200);
    const sessionBack = await within(
      5_000,
      async () => (await call(server.url, "/api/auth/get-session", { cookie })).body?.user,
    );
    await sleep(300);
    await stop();

    console.log(
      `[faults: PostgreSQL] ${killed.rows[0].n} connections terminated: the blocked request answered ${inFlight.status} ${JSON.stringify(inFlight.body)}, service back in ${afterKill} ms; proxy down: /api/ready ${readyDown.status} ${JSON.stringify(readyDown.body)}, /api/health ${healthDown.status}, a request ${duringOutage.status}; back up: ready in ${backIn} ms, sessions in ${sessionBack} ms; load answers: ${tally}`,
    );
    expect(killed.rows[0].n).toBeGreaterThan(0);
    expect(inFlight.status).toBe(503);
    expect(inFlight.body).toMatchObject({ code: "SERVICE_UNAVAILABLE" });
    expect(readyDown.status).toBe(503);
    expect(readyDown.body.reason).toMatch(/database/);
    expect(healthDown.status).toBe(200);
    expect(duringOutage.status).toBe(503);
    expect(backIn).toBeLessThan(10_000);
    expect(tally.bad).toEqual([]);
    expect(tally.counts.get("503") ?? 0).toBeGreaterThan(0);
    expect(server.proc.exitCode).toBeNull();
  }, 60_000);

  it("Redis cut under load: reads fall back to the database, never another's or a revoked session; Redis returns", async () => {
    const proxy = await startTcpProxy(redisUrl as string);
    cleanups.push(() => proxy.close());
    const schema = await freshPostgresUrl(postgres as string);
    cleanups.push(() => schema.drop());
    const prefix = `test:faults:${randomBytes(6).toString("hex")}:`;
    const direct = new Redis(redisUrl as string);
    cleanups.push(() => direct.quit());
    cleanups.push(async () => {
      const keys = await direct.keys(`${prefix}*`);
      if (keys.length) await direct.del(...keys);
    });
    const server = await start({
      DATABASE_URL: schema.url,
      REDIS_URL: proxy.url(redisUrl as string),
      REDIS_KEY_PREFIX: prefix,
    });
    const db = new pg.Client({ connectionString: schema.url });
    await db.connect();
    cleanups.push(() => db.end());
    const generation = async () =>
      Number(
        (await db.query(`select generation from gatehouse_cache_generation where id = 1`)).rows[0].generation,
      );

    const users = await Promise.all(
      [0, 1, 2].map(async () => {
        const input = createUser();
        return { email: input.email, cookie: await signUpVerifiedRemote(server.url, sink, input) };
      }),
    );
    const [kept, revokedUser, third] = users as [(typeof users)[0], (typeof users)[0], (typeof users)[0]];
    const revoked = new Set<string>();
    const cachedBefore = (await direct.keys(`${prefix}g*`)).length;
    const generationBefore = await generation();

    // Every answer is checked: a cookie yields its own user, or nobody once revoked; never someone else.
    const tally = new Tally();
    let wrongUser = 0;
    let revivedSessions = 0;
    let inFlightAtRevoke = 0;
    const stop = load(
      4,
      async (i) => {
        const user = users[i % users.length] as (typeof users)[0];
        // Only a request sent after the revoke was acknowledged must find the session gone; one sent
        // earlier may legitimately be answered from before it.
        const sentAfterRevoke = revoked.has(user.cookie);
        const res = await call(server.url, "/api/auth/get-session", { cookie: user.cookie });
        if (res.status === 200 && res.body?.user && res.body.user.email !== user.email) wrongUser += 1;
        if (res.status === 200 && res.body?.user && sentAfterRevoke) revivedSessions += 1;
        if (res.status === 200 && res.body?.user && !sentAfterRevoke && revoked.has(user.cookie))
          inFlightAtRevoke += 1;
        return res;
      },
      tally,
    );
    await sleep(500);

    await proxy.down();
    await sleep(300);
    const readyDown = await call(server.url, "/api/ready");
    const keptDuring = await call(server.url, "/api/auth/get-session", { cookie: kept.cookie });
    // Revoked while Redis is away: the database forgets the session, Redis (still holding it) cannot be told.
    const revoke = await call(server.url, "/api/auth/revoke-sessions", {
      cookie: revokedUser.cookie,
      json: {},
    });
    if (revoke.status === 200) revoked.add(revokedUser.cookie);
    const revokedDuring = await call(server.url, "/api/auth/get-session", { cookie: revokedUser.cookie });
    const signInDuring = await call(server.url, "/api/auth/sign-in/email", {
      json: { email: third.email, password: "correct horse battery" },
    });
    const staleKeys = (await direct.keys(`${prefix}g${generationBefore}:*`)).length;
    await sleep(1000);
    await proxy.up();
    const backIn = await within(10_000, async () => (await call(server.url, "/api/ready")).status === 200);
    await sleep(1500);
    const revokedAfter = await call(server.url, "/api/auth/get-session", { cookie: revokedUser.cookie });
    const newSessionAfter = await call(server.url, "/api/auth/get-session", { cookie: signInDuring.cookie });
    // A fresh sign-in lands in Redis again (under the new generation): Redis is in use once more.
    const signInAfter = await call(server.url, "/api/auth/sign-in/email", {
      json: { email: kept.email, password: "correct horse battery" },
    });
    const generationAfter = await generation();
    const cachedAfter = (await direct.keys(`${prefix}g${generationAfter}:*`)).length;

    // A flush of every key of this deployment: sessions are found in the database, the revoked one stays out.
    const keys = await direct.keys(`${prefix}*`);
    if (keys.length) await direct.del(...keys);
    const keptAfterFlush = await call(server.url, "/api/auth/get-session", { cookie: kept.cookie });
    const revokedAfterFlush = await call(server.url, "/api/auth/get-session", { cookie: revokedUser.cookie });
    await stop();

    console.log(
      `[faults: Redis] ${cachedBefore} cache keys before; Redis cut: /api/ready ${readyDown.status} ${JSON.stringify(readyDown.body)}, get-session ${keptDuring.status} (${keptDuring.body?.user ? "signed in, from the database" : "signed out"}), revoke-sessions ${revoke.status}, the revoked cookie then ${JSON.stringify(revokedDuring.body)}, a sign-in ${signInDuring.status}; ${staleKeys} stale keys of generation ${generationBefore} still in Redis; back up: ready in ${backIn} ms, generation ${generationBefore} → ${generationAfter}, revoked cookie ${JSON.stringify(revokedAfter.body)}, the outage's session ${newSessionAfter.body?.user ? "signed in" : "signed out"}, ${cachedAfter} keys in the new generation; after a flush: kept ${keptAfterFlush.body?.user ? "signed in" : "signed out"}, revoked ${JSON.stringify(revokedAfterFlush.body)}; load answers: ${tally}; wrong user: ${wrongUser}, revoked sessions served: ${revivedSessions} (answered from before the revoke while it ran: ${inFlightAtRevoke})`,
    );
    expect(readyDown.status).toBe(503);
    expect(readyDown.body.reason).toMatch(/redis/);
    expect(keptDuring.body?.user?.email).toBe(kept.email);
    expect(revoke.status).toBe(200);
    expect(revokedDuring.body).toBeNull();
    expect(signInDuring.status).toBe(200);
    expect(staleKeys).toBeGreaterThan(0);
    expect(generationAfter).toBeGreaterThan(generationBefore);
    expect(revokedAfter.body).toBeNull();
    expect(newSessionAfter.body?.user?.email).toBe(third.email);
    expect(signInAfter.status).toBe(200);
    expect(cachedAfter).toBeGreaterThan(0);
    expect(keptAfterFlush.body?.user?.email).toBe(kept.email);
    expect(revokedAfterFlush.body).toBeNull();
    expect(wrongUser).toBe(0);
    expect(revivedSessions).toBe(0);
    expect(tally.bad).toEqual([]);
    expect(server.proc.exitCode).toBeNull();
  }, 60_000);
});
