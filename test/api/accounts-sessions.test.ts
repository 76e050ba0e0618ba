import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cookiesFrom, startTestApp, type TestApp, testDatabase } from "../support/test-app.ts";
import { backdateSession, sessionOf, signIn, signUpVerified } from "../support/users.ts";

const FIREFOX_LINUX = "Mozilla/5.0 (X11; Ubuntu; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0";
const SAFARI_IPHONE =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1";
const DAY = 24 * 60 * 60;

interface ListedSession {
  token: string;
  ipAddress: string;
  userAgent: string;
  createdAt: string;
  lastActiveAt: string;
  current: boolean;
  device: { browser: string | null; os: string | null; type: string; label: string };
}

describe(`accounts: sessions (${testDatabase})`, () => {
  let t: TestApp;
  // TRUST_PROXY lets a test pick the client address through X-Forwarded-For.
  beforeAll(async () => {
    t = await startTestApp({ TRUST_PROXY: "1" });
  });
  afterAll(() => t.close());

  const asLaptop = { "user-agent": FIREFOX_LINUX, "x-forwarded-for": "203.0.113.7" };
  const asPhone = { "user-agent": SAFARI_IPHONE, "x-forwarded-for": "198.51.100.23" };

  it("lists sessions with browser, OS, IP, created and last active, the current one first and marked", async () => {
    const user = await signUpVerified(t);
    const laptop = await signIn(t, user, asLaptop);
    const phone = await signIn(t, user, asPhone);

    const res = await t.request("/api/auth/list-sessions", { cookie: phone, headers: asPhone });
    expect(res.status).toBe(200);
    const sessions = (await res.json()) as ListedSession[];
    // The verification link's auto sign-in is a session too.
    expect(sessions).toHaveLength(3);
    const [current, ...others] = sessions;
    expect(current).toMatchObject({
      current: true,
      ipAddress: "198.51.100.23",
      device: {
        browser: "Mobile Safari 17",
        os: "iOS 17.4",
        type: "mobile",
        label: "Mobile Safari 17 on iOS 17.4",
      },
    });
    expect(Date.parse(current?.createdAt ?? "")).not.toBeNaN();
    expect(Date.parse(current?.lastActiveAt ?? "")).not.toBeNaN();
    expect(others.every((s) => !s.current)).toBe(true);
    const laptopSession = others.find((s) => s.userAgent === FIREFOX_LINUX);
    expect(laptopSession).toMatchObject({
      ipAddress: "203.0.113.7",
      device: { browser: "Firefox 128", os: "Ubuntu", type: "desktop", label: "Firefox 128 on Ubuntu" },
    });
    expect((await sessionOf(t, laptop))?.session.token).toBe(laptopSession?.token);
  });

  it("refuses to list sessions from a stale session until the password is given again", async () => {
    const user = await signUpVerified(t);
    const cookie = await signIn(t, user);
    await backdateSession(t, cookie, DAY + 60);

    const stale = await t.request("/api/auth/list-sessions", { cookie });
    expect(stale.status).toBe(403);
    expect(await stale.json()).toMatchObject({ code: "SESSION_NOT_FRESH", message: "Session is not fresh" });

    const wrong = await t.request("/api/auth/reauthenticate", {
      cookie,
      json: { password: "not my password" },
    });
    expect(wrong.status).toBe(400);
    expect((await wrong.json()).message).toMatch(/invalid password/i);

    const again = await t.request("/api/auth/reauthenticate", { cookie, json: { password: user.password } });
    expect(again.status).toBe(200);
    const fresh = cookiesFrom(again);
    expect(fresh).toContain("session_token=");
    // The stale session was swapped, not kept beside the new one.
    expect(await sessionOf(t, cookie)).toBeNull();
    const listed = await t.request("/api/auth/list-sessions", { cookie: fresh });
    expect(listed.status).toBe(200);
    const sessions = (await listed.json()) as ListedSession[];
    expect(sessions.filter((s) => s.current)).toHaveLength(1);
  });

  it("revokes one session, the others, or all of them", async () => {
    const user = await signUpVerified(t);
    const a = await signIn(t, user, asLaptop);
    const b = await signIn(t, user, asPhone);
    const c = await signIn(t, user);
    const tokenOfB = (await sessionOf(t, b))?.session.token;

    const one = await t.request("/api/auth/revoke-session", { cookie: a, json: { token: tokenOfB } });
    expect(one.status).toBe(200);
    expect(await sessionOf(t, b)).toBeNull();
    expect(await sessionOf(t, a)).not.toBeNull();

    const others = await t.request("/api/auth/revoke-other-sessions", { cookie: a, json: {} });
    expect(others.status).toBe(200);
    expect(await sessionOf(t, c)).toBeNull();
    expect(await sessionOf(t, user.cookie)).toBeNull();
    expect(await sessionOf(t, a)).not.toBeNull();

    const d = await signIn(t, user);
    const all = await t.request("/api/auth/revoke-sessions", { cookie: a, json: {} });
    expect(all.status).toBe(200);
    expect(await sessionOf(t, a)).toBeNull();
    expect(await sessionOf(t, d)).toBeNull();
  });

  it("cannot revoke another user's session", async () => {
    const mallory = await signUpVerified(t);
    const victim = await signUpVerified(t);
    const victimToken = (await sessionOf(t, victim.cookie))?.session.token;
    await t.request("/api/auth/revoke-session", { cookie: mallory.cookie, json: { token: victimToken } });
    expect(await sessionOf(t, victim.cookie)).not.toBeNull();
  });

  it("signs out: the cookie's session is gone", async () => {
    const user = await signUpVerified(t);
    const cookie = await signIn(t, user);
    const res = await t.request("/api/auth/sign-out", { cookie, json: {} });
    expect(res.status).toBe(200);
    expect(await sessionOf(t, cookie)).toBeNull();
    expect(await sessionOf(t, user.cookie)).not.toBeNull();
  });

  it("refuses session calls without a session", async () => {
    for (const path of [
      "/api/auth/list-sessions",
      "/api/auth/reauthenticate",
      "/api/auth/revoke-other-sessions",
    ]) {
      const res = await t.request(
        path,
        path.endsWith("list-sessions") ? {} : { json: { password: "whatever1" } },
      );
      expect(res.status, path).toBe(401);
    }
    expect(await (await t.request("/api/auth/get-session")).json()).toBeNull();
  });
});
