import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import SQLite from "better-sqlite3";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, REMOTE_ORIGIN, signUpVerifiedRemote } from "../support/remote.ts";
import { integrationService } from "../support/services.ts";
import { type SmtpSink, startSmtpSink } from "../support/smtp-sink.ts";
import { type SpawnedServer, spawnServer } from "../support/spawn-server.ts";
import { freshPostgresUrl } from "../support/test-app.ts";
import { createUser } from "../support/users.ts";

const ROUNDS = Number(process.env.BULK_CRASH_ROUNDS ?? 3);
const ROWS = 200;

const postgres = await integrationService("TEST_DATABASE_URL");
const redis = postgres ? await integrationService("TEST_REDIS_URL") : undefined;

/** What the check reads of the database, whichever it is. */
interface Store {
  rows<T>(query: string): Promise<T[]>;
  close(): Promise<void>;
}

function sqliteStore(file: string): Store {
  const db = new SQLite(file, { readonly: true });
  return {
    async rows<T>(query: string) {
      return db.prepare(query).all() as T[];
    },
    async close() {
      db.close();
    },
  };
}

async function postgresStore(url: string): Promise<Store> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  return {
    async rows<T>(query: string) {
      return (await client.query(query)).rows as T[];
    },
    close: () => client.end(),
  };
}

/**
 * Issue 18, "nothing is half-sent on a crash": `kill -9` of the server in the middle of a bulk send of 200
 * rows, a few times, restarting each time. Each row's invitation, its queued mail and its invitation.created
 * event commit together (patched invite-member, decision 34), so after the restarts every stored invitation has
 * exactly one queued mail and one event, and there is no mail or event without its invitation. The relay refuses
 * every mail meanwhile (a temporary error), so each invitation mail stays a row of the queue to be counted.
 */
function crashSuite(kind: "sqlite" | "postgres") {
  const label = kind === "sqlite" ? "SQLite" : `PostgreSQL${redis ? " + Redis" : ""}`;
  describe.skipIf(kind === "postgres" && !postgres)(`bulk invitations: kill -9 mid-send (${label})`, () => {
    let sink: SmtpSink;
    let dir: string;
    let schema: Awaited<ReturnType<typeof freshPostgresUrl>> | undefined;
    let server: SpawnedServer | undefined;
    let store: Store | undefined;

    const env = () => ({
      DATA_DIR: dir,
      DATABASE_URL: schema?.url ?? join(dir, "gatehouse.db"),
      STATIC_DIR: join(dir, "web"),
      BETTER_AUTH_SECRET: "bulk-crash-secret-bulk-crash-secret-0123",
      BETTER_AUTH_URL: REMOTE_ORIGIN,
      SMTP_URL: sink.url,
      MEMBERSHIP_LIMIT: String(ROUNDS * ROWS + 10),
      ...(kind === "postgres" && redis
        ? { REDIS_URL: redis, REDIS_KEY_PREFIX: `test:bulk-crash:${randomBytes(6).toString("hex")}:` }
        : {}),
    });

    beforeAll(async () => {
      sink = await startSmtpSink();
      dir = mkdtempSync(join(tmpdir(), "gatehouse-bulk-crash-"));
      if (kind === "postgres") schema = await freshPostgresUrl(postgres as string);
    });
    afterAll(async () => {
      await server?.stop("SIGKILL");
      await store?.close();
      await sink?.close();
      await schema?.drop();
      if (dir) rmSync(dir, { recursive: true, force: true });
    });

    const invitationCount = async (s: Store, organizationId: string) =>
      Number(
        (
          await s.rows<{ n: number | string }>(
            `select count(*) as n from invitation where "organizationId" = '${organizationId}'`,
          )
        )[0]?.n ?? 0,
      );

    it("leaves every invitation with exactly its queued mail and its event, and nothing else", async () => {
      const started = performance.now();
      server = await spawnServer(env());
      const cookie = await signUpVerifiedRemote(server.url, sink, createUser());
      const org = await call(server.url, "/api/auth/organization/create", {
        cookie,
        json: { name: "Bulk crash", slug: `bulk-crash-${Date.now().toString(36)}` },
      });
      expect(org.status).toBe(200);
      const organizationId = org.body.id as string;
      // From here on no mail leaves the queue: each invitation mail stays a row to count.
      sink.refusing = true;
      store =
        kind === "sqlite" ? sqliteStore(join(dir, "gatehouse.db")) : await postgresStore(schema?.url ?? "");

      const killedAt: number[] = [];
      for (let round = 0; round < ROUNDS; round++) {
        server ??= await spawnServer(env());
        const before = await invitationCount(store, organizationId);
        const tag = randomBytes(4).toString("hex");
        const csv = [
          "email,roles",
          ...Array.from({ length: ROWS }, (_, i) => `bulk-${tag}-${i}@example.com,member`),
        ].join("\n");
        const send = fetch(`${server.url}/api/organizations/${organizationId}/bulk-invitations/send`, {
          method: "POST",
          headers: { origin: REMOTE_ORIGIN, cookie, "content-type": "text/csv" },
          body: csv,
        }).then(
          (res) => res.status,
          () => "cut" as const,
        );
        // Kill somewhere between the 10th and the 150th row of this send.
        const target = before + 10 + Math.floor(Math.random() * 140);
        const deadline = Date.now() + 30_000;
        let now = before;
        while (now < target && Date.now() < deadline) {
          await new Promise((r) => setTimeout(r, 5));
          now = await invitationCount(store, organizationId);
        }
        await server.stop("SIGKILL");
        server = undefined;
        killedAt.push(now - before);
        // The kill landed mid-send: the request never got its summary.
        expect(await send).toBe("cut");
      }
      // The last restart: the server starts on what the kills left, and the queue keeps its mails.
      server = await spawnServer(env());
      expect((await call(server.url, "/api/ready")).status).toBe(200);

      const invitations = await store.rows<{ id: string; email: string }>(
        `select id, email from invitation where "organizationId" = '${organizationId}'`,
      );
      const mails = await store.rows<{ to: string; text: string }>(
        `select "to", text from mail_queue where text like '%/accept-invitation/%'`,
      );
      const events = await store.rows<{ targetId: string }>(
        `select "targetId" from audit_event where action = 'invitation.created'`,
      );
      console.log(
        `[bulk-crash ${label}] ${ROUNDS} kills after ${killedAt.join(", ")} rows of ${ROWS}; ${invitations.length} invitations, ${mails.length} queued invitation mails, ${events.length} invitation.created events; ${Math.round((performance.now() - started) / 1000)} s`,
      );
      expect(invitations.length).toBeGreaterThanOrEqual(ROUNDS * 10);

      const mailsOf = new Map<string, { to: string }[]>();
      for (const mail of mails) {
        const id = decodeURIComponent(mail.text.match(/\/accept-invitation\/([^?\s]+)/)?.[1] ?? "");
        mailsOf.set(id, [...(mailsOf.get(id) ?? []), mail]);
      }
      const eventsOf = new Map<string, number>();
      for (const e of events) eventsOf.set(e.targetId, (eventsOf.get(e.targetId) ?? 0) + 1);
      for (const invitation of invitations) {
        expect(
          mailsOf.get(invitation.id)?.map((m) => m.to),
          invitation.email,
        ).toEqual([invitation.email]);
        expect(eventsOf.get(invitation.id), invitation.email).toBe(1);
      }
      // Nothing without its invitation.
      const ids = new Set(invitations.map((i) => i.id));
      expect([...mailsOf.keys()].filter((id) => !ids.has(id))).toEqual([]);
      expect([...eventsOf.keys()].filter((id) => !ids.has(id))).toEqual([]);
      // Four server starts and three sends: 59–82 s on a quiet VM, 112 s and more in CI beside the other suites
      // (load average 11–15; one PostgreSQL run passed 120 s on 7 December).
    }, 240_000);
  });
}

crashSuite("sqlite");
crashSuite("postgres");
