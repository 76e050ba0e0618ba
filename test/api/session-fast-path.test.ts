import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rawDb } from "../support/organizations.ts";
import { startTestApp, type TestApp, testDatabase } from "../support/test-app.ts";
import { signUpVerified } from "../support/users.ts";

const withRedis = Boolean(process.env.TEST_REDIS_URL);
const servedFast = (res: Response) => (res.headers.get("server-timing") ?? "").includes("desc=fast");

// The get-session fast path must answer exactly what better-auth answers, and never a session
// better-auth would refuse (guards session-fast-path.ts).
describe(`get-session fast path (${testDatabase})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  const getSession = (cookie: string, query = "") => t.request(`/api/auth/get-session${query}`, { cookie });

  it(`answers a live session ${withRedis ? "through better-auth when Redis holds sessions" : "itself"}, with better-auth's exact JSON`, async () => {
    const user = await signUpVerified(t);
    const fast = await getSession(user.cookie);
    expect(fast.status).toBe(200);
    expect(servedFast(fast)).toBe(!withRedis);
    expect(fast.headers.get("cache-control")).toBe("no-store");
    const viaBetterAuth = await getSession(user.cookie, "?disableCookieCache=true");
    expect(servedFast(viaBetterAuth)).toBe(false);
    const a = await fast.json();
    const b = await viaBetterAuth.json();
    expect(a).toEqual(b);
    expect(a.user.email).toBe(user.email);
  });

  it("never answers for a revoked session", async () => {
    const user = await signUpVerified(t);
    const { session } = await (await getSession(user.cookie)).json();
    const revoke = await t.request("/api/auth/revoke-session", {
      cookie: user.cookie,
      json: { token: session.token },
    });
    expect(revoke.status).toBe(200);
    const after = await getSession(user.cookie);
    expect(await after.json()).toBeNull();
  });

  it("refuses a cookie whose signature was tampered with", async () => {
    const user = await signUpVerified(t);
    const tampered = user.cookie.replace(
      /session_token=([^.;]+)/,
      // Flip the token's last character to a different one (a fixed "X" would be a no-op 1 time in 62).
      (_m, token: string) => `session_token=${token.slice(0, -1)}${token.endsWith("X") ? "Y" : "X"}`,
    );
    const res = await getSession(tampered);
    expect(servedFast(res)).toBe(false);
    expect(await res.json()).toBeNull();
  });

  it("hands expired sessions and stale last-active times to better-auth", async () => {
    const expired = await signUpVerified(t);
    const { session } = await (await getSession(expired.cookie)).json();
    const past = new Date(Date.now() - 60_000);
    await rawDb(t)
      .updateTable("session")
      .set({ expiresAt: t.server.database.kind === "sqlite" ? past.toISOString() : past })
      .where("id", "=", session.id)
      .execute();
    if (!withRedis) expect(await (await getSession(expired.cookie)).json()).toBeNull();

    const stale = await signUpVerified(t);
    const { session: staleSession } = await (await getSession(stale.cookie)).json();
    const tenMinutesAgo = new Date(Date.now() - 10 * 60_000);
    await rawDb(t)
      .updateTable("session")
      .set({ updatedAt: t.server.database.kind === "sqlite" ? tenMinutesAgo.toISOString() : tenMinutesAgo })
      .where("id", "=", staleSession.id)
      .execute();
    const touched = await getSession(stale.cookie);
    expect(servedFast(touched)).toBe(false);
    expect((await touched.json()).session.id).toBe(staleSession.id);
    // better-auth moved last-active forward, so the next read is fast again.
    expect(servedFast(await getSession(stale.cookie))).toBe(!withRedis);
  });
});
