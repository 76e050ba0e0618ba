import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { linkIn } from "../support/smtp-sink.ts";
import { startTestApp, type TestApp, testDatabase } from "../support/test-app.ts";
import { backdateSession, sessionOf, signIn, signUpVerified } from "../support/users.ts";

describe(`accounts: deleting the account (${testDatabase})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());
  afterEach(() => {
    vi.useRealTimers();
  });

  async function expectGone(user: { email: string; password: string }, cookies: string[]) {
    for (const cookie of cookies) expect(await sessionOf(t, cookie)).toBeNull();
    const signInAgain = await t.request("/api/auth/sign-in/email", { json: user });
    expect(signInAgain.status).toBe(401);
  }

  it("deletes at once with the right password; every session dies", async () => {
    const user = await signUpVerified(t);
    const other = await signIn(t, user);
    const before = t.sink.mails.length;

    const wrong = await t.request("/api/auth/delete-user", {
      cookie: user.cookie,
      json: { password: "not it at all" },
    });
    expect(wrong.status).toBe(400);
    expect((await wrong.json()).message).toMatch(/invalid password/i);
    expect(await sessionOf(t, other)).not.toBeNull();

    const res = await t.request("/api/auth/delete-user", {
      cookie: user.cookie,
      json: { password: user.password },
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ success: true, message: "User deleted", outcome: expect.any(String) });
    expect(res.headers.getSetCookie().some((c) => /session_token=;/.test(c))).toBe(true);
    await expectGone(user, [user.cookie, other]);
    // Mail leaves through the queue: wait until it has sent everything it holds.
    await t.server.mailer.queue.settled();
    expect(t.sink.mails.slice(before).some((m) => m.to.includes(user.email))).toBe(false);
  });

  it("deletes through the mailed link (valid 24 hours)", async () => {
    const user = await signUpVerified(t);
    const other = await signIn(t, user);
    const res = await t.request("/api/auth/delete-user", {
      cookie: user.cookie,
      json: { callbackURL: "/goodbye" },
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ success: true, message: "Verification email sent" });
    expect(await sessionOf(t, other)).not.toBeNull();

    const mail = await t.sink.waitFor(user.email, /confirm deleting/i);
    const link = new URL(linkIn(mail, `${t.config.baseURL}/api/auth/delete-user/callback`));
    // Without a session the link deletes nothing.
    const anonymous = await t.request(link.pathname + link.search);
    expect(anonymous.status).toBe(404);
    expect((await anonymous.json()).message).toMatch(/failed to get user info/i);

    const confirmed = await t.request(link.pathname + link.search, { cookie: user.cookie });
    expect(confirmed.status).toBe(302);
    expect(confirmed.headers.get("location")).toMatch(/^\/goodbye\?outcome=[\w-]+$/);
    await expectGone(user, [user.cookie, other]);
  });

  it("refuses the mailed link after 24 hours", async () => {
    const user = await signUpVerified(t);
    await t.request("/api/auth/delete-user", { cookie: user.cookie, json: {} });
    const mail = await t.sink.waitFor(user.email, /confirm deleting/i);
    const link = new URL(linkIn(mail, `${t.config.baseURL}/api/auth/delete-user/callback`));
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(Date.now() + 86401 * 1000);
    const late = await t.request(link.pathname + link.search, { cookie: user.cookie });
    expect(late.status).toBe(404);
    expect((await late.json()).message).toMatch(/invalid token/i);
    vi.useRealTimers();
    expect(await sessionOf(t, user.cookie)).not.toBeNull();
  });

  it("asks a stale session to re-authenticate before mailing a link", async () => {
    const user = await signUpVerified(t);
    await backdateSession(t, user.cookie, 2 * 24 * 60 * 60);
    const before = t.sink.mails.length;
    const res = await t.request("/api/auth/delete-user", { cookie: user.cookie, json: {} });
    expect(res.status).toBe(400);
    expect((await res.json()).message).toMatch(/session expired\. re-authenticate to perform this action\./i);
    // Mail leaves through the queue: wait until it has sent everything it holds.
    await t.server.mailer.queue.settled();
    expect(t.sink.mails.slice(before).some((m) => m.to.includes(user.email))).toBe(false);
    // The password still works from a stale session.
    const withPassword = await t.request("/api/auth/delete-user", {
      cookie: user.cookie,
      json: { password: user.password },
    });
    expect(withPassword.status).toBe(200);
    await expectGone(user, [user.cookie]);
  });

  it("refuses without a session", async () => {
    const res = await t.request("/api/auth/delete-user", { json: { password: "whatever it is" } });
    expect(res.status).toBe(401);
  });
});
