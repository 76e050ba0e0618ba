import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { comparableHeaders, servedHot } from "../support/hot-paths.ts";
import { createOrganization, rawDb, seedMember, userIdOf } from "../support/organizations.ts";
import { startTestApp, type TestApp, testDatabase } from "../support/test-app.ts";
import { signUpVerified } from "../support/users.ts";

// The hot paths (hot-paths.ts) answer on Node's request before Hono and better-auth: they must answer
// exactly what the full app answers, and never a session better-auth would refuse.
// The hot paths read the database in every set-up (with Redis too: better-auth keeps every session there as
// well). On PostgreSQL + Redis the suite also runs without Redis, so both set-ups are covered.
const modes = [{ label: testDatabase, withRedis: Boolean(process.env.TEST_REDIS_URL), env: {} }];
if (process.env.TEST_DATABASE_URL && process.env.TEST_REDIS_URL)
  modes.push({ label: "postgres without redis", withRedis: false, env: { REDIS_URL: "" } });

describe.each(modes)("hot paths over HTTP ($label)", ({ withRedis, env }) => {
  let t: TestApp;
  let base: string;
  beforeAll(async () => {
    t = await startTestApp(env);
    base = await t.listen();
  });
  afterAll(() => t.close());

  /** Over real HTTP, as production serves it (hot paths first). */
  const http = (path: string, cookie?: string) =>
    fetch(`${base}${path}`, { headers: cookie ? { cookie } : {} });

  it("answers /ok itself with the full app's body and headers", async () => {
    const hot = await http("/api/auth/ok");
    const full = await t.request("/api/auth/ok");
    expect(servedHot(hot)).toBe(true);
    expect(servedHot(full)).toBe(false);
    expect(hot.status).toBe(full.status);
    expect(await hot.json()).toEqual(await full.json());
    expect(comparableHeaders(hot)).toEqual(comparableHeaders(full));
  });

  it("answers a live session itself, with better-auth's exact JSON and headers", async () => {
    const user = await signUpVerified(t);
    const hot = await http("/api/auth/get-session", user.cookie);
    expect(hot.status).toBe(200);
    expect(servedHot(hot)).toBe(true);
    expect(hot.headers.get("cache-control")).toBe("no-store");
    // A query string always goes the full way.
    const full = await http("/api/auth/get-session?disableCookieCache=true", user.cookie);
    expect(servedHot(full)).toBe(false);
    expect(comparableHeaders(hot)).toEqual(comparableHeaders(full));
    const a = await hot.json();
    expect(a).toEqual(await full.json());
    expect(a.user.email).toBe(user.email);
  });

  it("answers organization/list with the full app's JSON, and nothing without a session", async () => {
    const user = await signUpVerified(t);
    await createOrganization(t, user.cookie, { name: "Zeta hot" });
    await createOrganization(t, user.cookie, { name: "Alpha hot" });
    const hot = await http("/api/auth/organization/list", user.cookie);
    const full = await t.request("/api/auth/organization/list", { cookie: user.cookie });
    expect(servedHot(hot)).toBe(true);
    const list = await hot.json();
    expect(list).toEqual(await full.json());
    expect(list.map((o: { name: string }) => o.name)).toEqual(["Alpha hot", "Zeta hot"]);
    expect(list[0].role).toBe("owner");

    const anonymous = await http("/api/auth/organization/list");
    expect(servedHot(anonymous)).toBe(false);
    expect(anonymous.status).toBe(401);
  });

  it("answers every change at once: remembered rows never outlive a write", async () => {
    const user = await signUpVerified(t);
    for (let i = 0; i < 3; i++)
      expect(servedHot(await http("/api/auth/get-session", user.cookie))).toBe(true);
    const renamed = await t.request("/api/auth/update-user", {
      cookie: user.cookie,
      json: { name: "Renamed" },
    });
    expect(renamed.status).toBe(200);
    expect((await (await http("/api/auth/get-session", user.cookie)).json()).user.name).toBe("Renamed");
    // A write better-auth did not make shows too (with Redis, better-auth's own answer would keep the copy
    // it holds there until the user changes through it).
    const name = "Renamed Directly";
    await rawDb(t).updateTable("user").set({ name }).where("email", "=", user.email).execute();
    expect((await (await http("/api/auth/get-session", user.cookie)).json()).user.name).toBe(name);
    // A write elsewhere (another user's sign-up) changes nothing for this session.
    await signUpVerified(t);
    expect((await (await http("/api/auth/get-session", user.cookie)).json()).user.name).toBe(name);
    // A date changed by a millisecond shows too (the answer is built again whenever the row read differs from
    // the last one, dates compared by their instant), and so does a value going from null to text.
    const before = (await (await http("/api/auth/get-session", user.cookie)).json()).user;
    const updatedAt = new Date(new Date(before.updatedAt).getTime() + 1);
    const sqlite = t.server.database.kind === "sqlite";
    await rawDb(t)
      .updateTable("user")
      .set({ updatedAt: sqlite ? updatedAt.toISOString() : updatedAt })
      .where("email", "=", user.email)
      .execute();
    const later = (await (await http("/api/auth/get-session", user.cookie)).json()).user;
    expect(later.updatedAt).toBe(updatedAt.toISOString());
    expect(later.image).toBeNull();
    const image = "https://example.com/a.png";
    await rawDb(t).updateTable("user").set({ image }).where("email", "=", user.email).execute();
    expect((await (await http("/api/auth/get-session", user.cookie)).json()).user.image).toBe(image);
  });

  it("answers organization/list changes at once: a remembered list never outlives a write", async () => {
    const user = await signUpVerified(t);
    const other = await signUpVerified(t);
    const list = async () => {
      const hot = await http("/api/auth/organization/list", user.cookie);
      expect(servedHot(hot)).toBe(true);
      const full = await t.request("/api/auth/organization/list", { cookie: user.cookie });
      const body = await hot.json();
      expect(body).toEqual(await full.json());
      return body.map((o: { name: string; role: string }) => `${o.name}:${o.role}`);
    };
    const org = await createOrganization(t, user.cookie, { name: "Beta kept" });
    for (let i = 0; i < 3; i++) expect(await list()).toEqual(["Beta kept:owner"]);
    // Through better-auth: an organization joined, one renamed.
    const joined = await createOrganization(t, other.cookie, { name: "Alpha joined" });
    const userId = await userIdOf(t, user.cookie);
    await seedMember(t, joined.id, userId, "admin");
    expect(await list()).toEqual(["Alpha joined:admin", "Beta kept:owner"]);
    const renamed = await t.request("/api/auth/organization/update", {
      cookie: user.cookie,
      json: { organizationId: org.id, data: { name: "Gamma renamed" } },
    });
    expect(renamed.status).toBe(200);
    expect(await list()).toEqual(["Alpha joined:admin", "Gamma renamed:owner"]);
    // Written straight to the database, outside better-auth: a role changed, a membership gone.
    await rawDb(t)
      .updateTable("member")
      .set({ role: "member" })
      .where("organizationId", "=", joined.id)
      .where("userId", "=", userId)
      .execute();
    expect(await list()).toEqual(["Alpha joined:member", "Gamma renamed:owner"]);
    await rawDb(t)
      .deleteFrom("member")
      .where("organizationId", "=", joined.id)
      .where("userId", "=", userId)
      .execute();
    expect(await list()).toEqual(["Gamma renamed:owner"]);
    // Another user's list is their own, whatever this one's was.
    const others = await (await http("/api/auth/organization/list", other.cookie)).json();
    expect(others.map((o: { name: string; role: string }) => `${o.name}:${o.role}`)).toEqual([
      "Alpha joined:owner",
    ]);
  });

  it("answers concurrent organization lists of many users each with their own list", async () => {
    const users = await Promise.all(Array.from({ length: 5 }, () => signUpVerified(t)));
    for (const [i, user] of users.entries()) {
      for (let k = 0; k <= i; k++) await createOrganization(t, user.cookie, { name: `Own ${i}.${k}` });
    }
    const reads = users.flatMap((user) => Array.from({ length: 6 }, () => user));
    const answers = await Promise.all(
      reads.map(async (user) => {
        const res = await http("/api/auth/organization/list", user.cookie);
        expect(servedHot(res)).toBe(true);
        return ((await res.json()) as { name: string }[]).map((o) => o.name);
      }),
    );
    expect(answers).toEqual(
      reads.map((user) => {
        const i = users.indexOf(user);
        return Array.from({ length: i + 1 }, (_, k) => `Own ${i}.${k}`);
      }),
    );
  });

  it("never answers for a revoked session", async () => {
    const user = await signUpVerified(t);
    const { session } = await (await http("/api/auth/get-session", user.cookie)).json();
    const revoke = await t.request("/api/auth/revoke-session", {
      cookie: user.cookie,
      json: { token: session.token },
    });
    expect(revoke.status).toBe(200);
    const after = await http("/api/auth/get-session", user.cookie);
    expect(await after.json()).toBeNull();
    expect((await http("/api/auth/organization/list", user.cookie)).status).toBe(401);
  });

  it("answers many concurrent reads of many sessions each with its own session", async () => {
    const users = await Promise.all(Array.from({ length: 6 }, () => signUpVerified(t)));
    const reads = users.flatMap((user) => Array.from({ length: 8 }, () => user));
    const answers = await Promise.all(
      reads.map(async (user) => (await http("/api/auth/get-session", user.cookie)).json()),
    );
    expect(answers.map((a) => a.user.email)).toEqual(reads.map((u) => u.email));
    const { session } = answers[0];
    const revoke = await t.request("/api/auth/revoke-session", {
      cookie: users[0]?.cookie,
      json: { token: session.token },
    });
    expect(revoke.status).toBe(200);
    const after = await Promise.all(
      reads.map(async (user) => (await http("/api/auth/get-session", user.cookie)).json()),
    );
    expect(after.map((a) => a?.user.email ?? null)).toEqual(
      reads.map((u) => (u === users[0] ? null : u.email)),
    );
  });

  it("refuses a cookie whose signature was tampered with", async () => {
    const user = await signUpVerified(t);
    const tampered = user.cookie.replace(
      /session_token=([^.;]+)/,
      // Flip the token's last character to a different one (a fixed "X" would be a no-op 1 time in 62).
      (_m, token: string) => `session_token=${token.slice(0, -1)}${token.endsWith("X") ? "Y" : "X"}`,
    );
    const res = await http("/api/auth/get-session", tampered);
    expect(servedHot(res)).toBe(false);
    expect(await res.json()).toBeNull();
  });

  it("hands expired sessions, stale last-active times and banned users to better-auth", async () => {
    const expired = await signUpVerified(t);
    const { session } = await (await http("/api/auth/get-session", expired.cookie)).json();
    const past = new Date(Date.now() - 60_000);
    await rawDb(t)
      .updateTable("session")
      .set({ expiresAt: t.server.database.kind === "sqlite" ? past.toISOString() : past })
      .where("id", "=", session.id)
      .execute();
    const expiredAnswer = await http("/api/auth/get-session", expired.cookie);
    expect(servedHot(expiredAnswer)).toBe(false);
    // (With Redis, better-auth answers from its copy there, which this direct write did not reach.)
    if (!withRedis) expect(await expiredAnswer.json()).toBeNull();

    const stale = await signUpVerified(t);
    const { session: staleSession } = await (await http("/api/auth/get-session", stale.cookie)).json();
    const tenMinutesAgo = new Date(Date.now() - 10 * 60_000);
    await rawDb(t)
      .updateTable("session")
      .set({ updatedAt: t.server.database.kind === "sqlite" ? tenMinutesAgo.toISOString() : tenMinutesAgo })
      .where("id", "=", staleSession.id)
      .execute();
    const touched = await http("/api/auth/get-session", stale.cookie);
    expect(servedHot(touched)).toBe(false);
    expect((await touched.json()).session.id).toBe(staleSession.id);
    // better-auth moved last-active forward, so the next read is hot again. (With Redis, better-auth's copy
    // there never went stale — this write reached the row only — so it has nothing to touch; a real session
    // changes in both places at once.)
    expect(servedHot(await http("/api/auth/get-session", stale.cookie))).toBe(!withRedis);

    const banned = await signUpVerified(t);
    await rawDb(t)
      .updateTable("user")
      .set({ banned: t.server.database.kind === "sqlite" ? 1 : true })
      .where("email", "=", banned.email)
      .execute();
    // (An admin's ban also revokes the sessions; a ban written straight to the row is left to better-auth.)
    const full = await http("/api/auth/organization/list", banned.cookie);
    expect(servedHot(full)).toBe(false);
    expect(full.status).toBe(200);
  });
});
