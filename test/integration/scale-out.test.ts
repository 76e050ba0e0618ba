import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, signUpVerifiedRemote } from "../support/remote.ts";
import { integrationService } from "../support/services.ts";
import { type SmtpSink, startSmtpSink } from "../support/smtp-sink.ts";
import { type SpawnedServer, spawnServer } from "../support/spawn-server.ts";
import { freshPostgresUrl } from "../support/test-app.ts";
import { createUser } from "../support/users.ts";

const postgres = await integrationService("TEST_DATABASE_URL");
const redis = await integrationService("TEST_REDIS_URL");

/**
 * Resilience requirement 1 (scale out): two instances behind no balancer at all — the client picks — share one PostgreSQL
 * schema (and one Redis key prefix): sessions, revocations and the sign-in budget are the same on both.
 * Both start at once on an empty schema, so migrations race (migrate.ts takes an advisory lock).
 */
function scaleOutSuite(withRedis: boolean) {
  const label = withRedis ? "PostgreSQL + Redis" : "PostgreSQL only (rate limits in the database)";
  describe.skipIf(!postgres || (withRedis && !redis))(`two instances on ${label}`, () => {
    let schema: Awaited<ReturnType<typeof freshPostgresUrl>>;
    let sink: SmtpSink;
    let dir: string;
    let a: SpawnedServer;
    let b: SpawnedServer;

    beforeAll(async () => {
      schema = await freshPostgresUrl(postgres as string);
      sink = await startSmtpSink();
      dir = mkdtempSync(join(tmpdir(), "gatehouse-scale-"));
      const env = {
        NODE_ENV: "production",
        BETTER_AUTH_SECRET: "scale-out-secret-scale-out-secret-0123",
        BETTER_AUTH_URL: "http://127.0.0.1",
        SMTP_URL: sink.url,
        DATABASE_URL: schema.url,
        DATA_DIR: dir,
        STATIC_DIR: join(dir, "web"),
        ...(withRedis
          ? { REDIS_URL: redis as string, REDIS_KEY_PREFIX: `test:scale:${randomBytes(6).toString("hex")}:` }
          : {}),
      };
      const started = performance.now();
      [a, b] = await Promise.all([spawnServer(env), spawnServer(env)]);
      console.log(
        `[scale-out ${label}] both instances migrated an empty schema and listen after ${Math.round(performance.now() - started)} ms`,
      );
    });

    afterAll(async () => {
      await Promise.all([a?.stop(), b?.stop()]);
      await sink?.close();
      await schema?.drop();
      if (dir) rmSync(dir, { recursive: true, force: true });
    });

    it("migrated once: one set of tables, both instances ready", async () => {
      const client = new pg.Client({ connectionString: schema.url });
      await client.connect();
      try {
        const { rows } = await client.query(
          "select count(*)::int as n from information_schema.tables where table_schema = current_schema() and table_name in ('user', 'session', 'organization', 'member', 'outbox', 'gatehouse_cache_generation')",
        );
        expect(rows[0].n).toBe(6);
      } finally {
        await client.end();
      }
      for (const s of [a, b]) expect((await call(s.url, "/api/ready")).status).toBe(200);
    });

    it("a session made on A works on B; revoked on B, A refuses it at once", async () => {
      const user = createUser();
      const cookie = await signUpVerifiedRemote(a.url, sink, user);
      const onB = await call(b.url, "/api/auth/get-session", { cookie });
      expect(onB.body?.user?.email).toBe(user.email);

      const revoked = await call(b.url, "/api/auth/revoke-sessions", { cookie, json: {} });
      expect(revoked.status).toBe(200);
      const started = performance.now();
      const onA = await call(a.url, "/api/auth/get-session", { cookie });
      const sensitiveOnA = await call(a.url, "/api/auth/list-sessions", { cookie });
      console.log(
        `[scale-out ${label}] session from A read on B: ${onB.status}; after revoke on B, A answers get-session ${JSON.stringify(onA.body)} and list-sessions ${sensitiveOnA.status} within ${Math.round(performance.now() - started)} ms`,
      );
      expect(onA.status).toBe(200);
      expect(onA.body).toBeNull();
      expect(sensitiveOnA.status).toBe(401);
    });

    it("the sign-in rate limit is one budget across both instances", async () => {
      const statuses: number[] = [];
      for (let i = 0; i < 8; i++) {
        const server = i % 2 === 0 ? a : b;
        const res = await call(server.url, "/api/auth/sign-in/email", {
          json: { email: `nobody-${i}@example.test`, password: "wrong password" },
        });
        statuses.push(res.status);
      }
      console.log(`[scale-out ${label}] 8 wrong sign-ins alternating A,B: ${statuses.join(" ")}`);
      // better-auth: 3 sign-ins per 10 s per client address; both instances see 127.0.0.1.
      expect(statuses.filter((s) => s !== 429)).toHaveLength(3);
      expect(statuses.slice(3).every((s) => s === 429)).toBe(true);
    });
  });
}

scaleOutSuite(true);
scaleOutSuite(false);
