import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { linkIn } from "../support/smtp-sink.ts";
import { cookiesFrom, startTestApp, type TestApp, testDatabase } from "../support/test-app.ts";
import {
  backdateSession,
  createUser,
  seedLinkedAccount,
  sessionOf,
  signIn,
  signUpVerified,
} from "../support/users.ts";

const RESET_LINK = /\/api\/auth\/reset-password\/([A-Za-z0-9]+)\?/;

describe(`accounts: passwords (${testDatabase})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());
  afterEach(() => {
    vi.useRealTimers();
  });

  async function requestReset(
    path: "/api/auth/forget-password" | "/api/auth/request-password-reset",
    email: string,
  ) {
    const before = t.sink.mails.length;
    const res = await t.request(path, { json: { email, redirectTo: "/reset-password" } });
    expect(res.status).toBe(200);
    await expect.poll(() => t.sink.mails.slice(before).some((m) => m.to.includes(email))).toBe(true);
    const mail = t.sink.mails.slice(before).find((m) => m.to.includes(email));
    if (!mail) throw new Error("no reset mail");
    const link = linkIn(mail, `${t.config.baseURL}/api/auth/reset-password/`);
    const token = link.match(RESET_LINK)?.[1] ?? "";
    return { link: new URL(link), token };
  }

  it.each(["/api/auth/forget-password", "/api/auth/request-password-reset"] as const)(
    "%s mails a 24-character single-use link; the reset signs out every session",
    async (path) => {
      const user = await signUpVerified(t);
      const other = await signIn(t, user);
      const { link, token } = await requestReset(path, user.email);
      expect(token).toHaveLength(24);

      const opened = await t.request(link.pathname + link.search);
      expect(opened.status).toBe(302);
      expect(opened.headers.get("location")).toBe(`${t.config.baseURL}/reset-password?token=${token}`);

      const newPassword = "a brand new passphrase";
      const reset = await t.request("/api/auth/reset-password", { json: { token, newPassword } });
      expect(reset.status).toBe(200);
      expect(await sessionOf(t, user.cookie)).toBeNull();
      expect(await sessionOf(t, other)).toBeNull();

      const oldPassword = await t.request("/api/auth/sign-in/email", {
        json: { email: user.email, password: user.password },
      });
      expect(oldPassword.status).toBe(401);
      await signIn(t, { email: user.email, password: newPassword });

      const reused = await t.request("/api/auth/reset-password", {
        json: { token, newPassword: "yet another passphrase" },
      });
      expect(reused.status).toBe(400);
      expect((await reused.json()).message).toMatch(/invalid token/i);
    },
  );

  it("answers an unknown address like a known one and mails nobody", async () => {
    const email = createUser().email;
    const before = t.sink.mails.length;
    const res = await t.request("/api/auth/forget-password", { json: { email } });
    expect(res.status).toBe(200);
    expect((await res.json()).status).toBe(true);
    await new Promise((r) => setTimeout(r, 200));
    // Mail leaves through the queue: wait until it has sent everything it holds.
    await t.server.mailer.queue.settled();
    expect(t.sink.mails.slice(before).filter((m) => m.to.includes(email))).toHaveLength(0);
  });

  it("refuses a reset link after 1 hour", async () => {
    const user = await signUpVerified(t);
    const { link, token } = await requestReset("/api/auth/forget-password", user.email);
    // Moving the clock (Date only) past the lifetime works for every storage, Redis included.
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(Date.now() + 3601 * 1000);
    const opened = await t.request(link.pathname + link.search);
    expect(opened.status).toBe(302);
    expect(opened.headers.get("location")).toContain("error=INVALID_TOKEN");
    const reset = await t.request("/api/auth/reset-password", {
      json: { token, newPassword: "too late for this" },
    });
    expect(reset.status).toBe(400);
    vi.useRealTimers();
    await signIn(t, user);
  });

  it("changes the password with the current one, optionally signing out other devices", async () => {
    const user = await signUpVerified(t);
    const other = await signIn(t, user);

    const wrong = await t.request("/api/auth/change-password", {
      cookie: user.cookie,
      json: { currentPassword: "not the password", newPassword: "new passphrase 1" },
    });
    expect(wrong.status).toBe(400);
    expect((await wrong.json()).message).toMatch(/invalid password/i);

    const short = await t.request("/api/auth/change-password", {
      cookie: user.cookie,
      json: { currentPassword: user.password, newPassword: "short" },
    });
    expect(short.status).toBe(400);
    expect((await short.json()).message).toMatch(/password too short/i);

    const ok = await t.request("/api/auth/change-password", {
      cookie: user.cookie,
      json: { currentPassword: user.password, newPassword: "new passphrase 1", revokeOtherSessions: true },
    });
    expect(ok.status).toBe(200);
    const body = await ok.json();
    expect(body.token).toEqual(expect.any(String));
    expect(await sessionOf(t, other)).toBeNull();
    expect(await sessionOf(t, cookiesFrom(ok))).not.toBeNull();
    await signIn(t, { email: user.email, password: "new passphrase 1" });
  });

  it("sets a password only on an account without one, from a fresh session", async () => {
    const user = await signUpVerified(t);
    const { userId } = (await sessionOf(t, user.cookie))?.session ?? { userId: "" };
    await seedLinkedAccount(t, userId, { providerId: "github", accountId: "gh-4711" });

    const already = await t.request("/api/auth/set-password", {
      cookie: user.cookie,
      json: { newPassword: "another one 1" },
    });
    expect(already.status).toBe(400);
    expect((await already.json()).message).toMatch(/already has a password/i);

    // Make the account password-less, as a social-only account is.
    const unlink = await t.request("/api/auth/unlink-account", {
      cookie: user.cookie,
      json: { providerId: "credential" },
    });
    expect(unlink.status).toBe(200);
    const noPassword = await t.request("/api/auth/sign-in/email", {
      json: { email: user.email, password: user.password },
    });
    expect(noPassword.status).toBe(401);

    const tooShort = await t.request("/api/auth/set-password", {
      cookie: user.cookie,
      json: { newPassword: "short" },
    });
    expect(tooShort.status).toBe(400);
    expect((await tooShort.json()).message).toMatch(/password too short/i);

    await backdateSession(t, user.cookie, 2 * 24 * 60 * 60);
    const stale = await t.request("/api/auth/set-password", {
      cookie: user.cookie,
      json: { newPassword: "chosen later 1" },
    });
    expect(stale.status).toBe(403);
    expect((await stale.json()).message).toMatch(/session is not fresh/i);

    // A social-only owner would sign in with the provider again (see social-sign-in.test.ts); here the clock is put back.
    await backdateSession(t, user.cookie, -2 * 24 * 60 * 60);
    const set = await t.request("/api/auth/set-password", {
      cookie: user.cookie,
      json: { newPassword: "chosen later 1" },
    });
    expect(set.status).toBe(200);
    expect(await set.json()).toEqual({ status: true });
    await signIn(t, { email: user.email, password: "chosen later 1" });
  });
});
