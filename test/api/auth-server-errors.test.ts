import { Writable } from "node:stream";
import { sql } from "kysely";
import { pino } from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { api, createOrganization, invite, rawDb, signUpWithId } from "../support/organizations.ts";
import { startTestApp, type TestApp, testDatabase } from "../support/test-app.ts";
import { createUser, signUpVerified } from "../support/users.ts";

interface LogLine {
  level: number;
  msg: string;
  reqId?: string;
  err?: string;
}

/** A logger that keeps every line the server writes, for the test to read. */
function keptLogs() {
  const lines: LogLine[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split("\n")) if (line) lines.push(JSON.parse(line));
      done();
    },
  });
  return { lines, logger: pino({ level: "info" }, stream) };
}

const INTERNAL = { code: "INTERNAL_SERVER_ERROR", message: "Something went wrong on our side" };
/** pino's level number for error. */
const ERROR = 50;

/**
 * The product rule: an unexpected failure inside a better-auth endpoint (here a hook's database write that
 * fails: the audit table is away, so cancel-invitation's event cannot be written) answers the JSON error shape
 * of every other route, never better-call's bare 500, and is logged once with the request id.
 */
describe(`unexpected errors inside /api/auth (${testDatabase})`, () => {
  let t: TestApp;
  let owner: Awaited<ReturnType<typeof signUpWithId>>;
  const logs = keptLogs();

  beforeAll(async () => {
    t = await startTestApp({}, { logger: logs.logger });
    owner = await signUpWithId(t);
  });
  afterAll(() => t?.close());

  async function withoutAuditTable<T>(change: () => Promise<T>): Promise<T> {
    const db = rawDb(t);
    await sql`alter table audit_event rename to audit_event_away`.execute(db);
    try {
      return await change();
    } finally {
      await sql`alter table audit_event_away rename to audit_event`.execute(db);
    }
  }

  it("answers a generic JSON 500, without the error's text, logged once with the request id", async () => {
    const orgId = (await createOrganization(t, owner.cookie)).id;
    const invitation = await invite(t, owner.cookie, orgId, `unexpected-${Date.now()}@example.test`);
    logs.lines.length = 0;
    const res = await withoutAuditTable(() =>
      t.request("/api/auth/organization/cancel-invitation", {
        cookie: owner.cookie,
        json: { invitationId: invitation.id },
      }),
    );
    expect(res.status).toBe(500);
    expect(res.headers.get("content-type")).toMatch(/^application\/json/);
    expect(res.headers.get("cache-control")).toBe("no-store");
    const text = await res.text();
    expect(JSON.parse(text)).toEqual(INTERNAL);
    expect(text).not.toMatch(/audit_event/);
    const reqId = res.headers.get("x-request-id");
    expect(reqId).toBeTruthy();
    const errors = logs.lines.filter((l) => l.level >= ERROR);
    expect(errors).toEqual([expect.objectContaining({ reqId, msg: "unhandled error" })]);
    expect(errors[0]?.err).toMatch(/audit_event/);
    // Nothing was half-done: the invitation is still pending, and cancels once the table is back.
    const row = await rawDb(t)
      .selectFrom("invitation")
      .select("status")
      .where("id", "=", invitation.id)
      .executeTakeFirst();
    expect(row?.status).toBe("pending");
    const again = await api(t, "/organization/cancel-invitation", owner.cookie, {
      invitationId: invitation.id,
    });
    expect(again.status).toBe(200);
  });

  it("answers the same over HTTP, through the hot paths' listener", async () => {
    const base = await t.listen();
    const orgId = (await createOrganization(t, owner.cookie)).id;
    const invitation = await invite(t, owner.cookie, orgId, `over-http-${Date.now()}@example.test`);
    const res = await withoutAuditTable(() =>
      fetch(`${base}/api/auth/organization/cancel-invitation`, {
        method: "POST",
        headers: { origin: t.config.baseURL, cookie: owner.cookie, "content-type": "application/json" },
        body: JSON.stringify({ invitationId: invitation.id }),
      }),
    );
    expect(res.status).toBe(500);
    expect(await res.json()).toEqual(INTERNAL);
  });

  it("answers a database failure at sign-in (the session row refused) the same way", async () => {
    const user = createUser();
    await signUpVerified(t, user);
    logs.lines.length = 0;
    const db = rawDb(t);
    await sql`alter table session rename to session_away`.execute(db);
    const res = await t
      .request("/api/auth/sign-in/email", { json: { email: user.email, password: user.password } })
      .finally(() => sql`alter table session_away rename to session`.execute(db));
    expect(res.status).toBe(500);
    expect(await res.json()).toEqual(INTERNAL);
    const reqId = res.headers.get("x-request-id");
    const errors = logs.lines.filter((l) => l.level >= ERROR);
    expect(errors).toEqual([expect.objectContaining({ reqId, msg: "unhandled error" })]);
  });

  it("logs better-auth's own 5xx answers (an APIError, JSON already) and its own error lines with the request id", async () => {
    const user = await signUpVerified(t, createUser());
    // Every delete of a session row fails, so revoke-sessions answers better-auth's INTERNAL_SERVER_ERROR.
    const db = rawDb(t);
    if (testDatabase.startsWith("postgres")) {
      await sql`create function refuse_delete() returns trigger language plpgsql as $$ begin raise exception 'delete refused'; end $$`.execute(
        db,
      );
      await sql`create trigger refuse_session_delete before delete on session for each row execute function refuse_delete()`.execute(
        db,
      );
    } else {
      await sql`create trigger refuse_session_delete before delete on session begin select raise(abort, 'delete refused'); end`.execute(
        db,
      );
    }
    logs.lines.length = 0;
    // The request names its id (hono's requestId keeps a client's), as better-auth's answer does not carry it.
    const reqId = `revoke-${Date.now()}`;
    const res = await t
      .request("/api/auth/revoke-sessions", {
        cookie: user.cookie,
        json: {},
        headers: { "x-request-id": reqId },
      })
      .finally(() =>
        sql`drop trigger refuse_session_delete${sql.raw(testDatabase.startsWith("postgres") ? " on session" : "")}`.execute(
          db,
        ),
      );
    const body = await res.json();
    expect(res.status).toBe(500);
    expect(body).toEqual({ code: "INTERNAL_SERVER_ERROR", message: "Internal Server Error" });
    // Every error line of the request carries its id, better-auth's own (the database's refusal) too.
    const errors = logs.lines.filter((l) => l.level >= ERROR);
    expect(errors).toEqual([
      expect.objectContaining({ reqId, msg: expect.stringMatching(/^better-auth: /) }),
      expect.objectContaining({ reqId, msg: "auth error", status: 500, code: "INTERNAL_SERVER_ERROR" }),
    ]);
    expect(JSON.stringify(errors[0])).toMatch(/delete refused/);
  });
});
