import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { linkIn } from "../support/smtp-sink.ts";
import { startTestApp, type TestApp, testDatabase } from "../support/test-app.ts";
import {
  backdateSession,
  createUser,
  sessionOf,
  signIn,
  signUpVerified,
  updateUserRow,
} from "../support/users.ts";

describe(`accounts: email change (${testDatabase})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  /** Opens a mailed link as the browser holding `cookie` would. */
  async function open(link: string, cookie?: string) {
    const url = new URL(link);
    return t.request(url.pathname + url.search, { cookie });
  }

  it("verified user: the old address approves, the new one verifies, then the account switches, verified, and the old address is told", async () => {
    const user = await signUpVerified(t);
    const newEmail = createUser().email;
    const res = await t.request("/api/auth/change-email", {
      cookie: user.cookie,
      json: { newEmail, callbackURL: "/account" },
    });
    expect(res.status).toBe(200);

    const approve = await t.sink.waitFor(user.email, /approve your email change/i);
    expect((await sessionOf(t, user.cookie))?.user.email).toBe(user.email);
    const approved = await open(linkIn(approve, t.config.baseURL), user.cookie);
    expect(approved.status).toBe(302);
    expect(approved.headers.get("location")).toMatch(/^\/account\?outcome=[\w-]+$/);

    const verify = await t.sink.waitFor(newEmail, /confirm your new email/i);
    // Nothing switches before the new address has verified itself.
    expect((await sessionOf(t, user.cookie))?.user).toMatchObject({ email: user.email, emailVerified: true });
    const verifyLink = linkIn(verify, t.config.baseURL);
    const verified = await open(verifyLink, user.cookie);
    expect(verified.status).toBe(302);
    expect(verified.headers.get("location")).toMatch(/^\/account\?outcome=[\w-]+$/);
    expect((await sessionOf(t, user.cookie))?.user).toMatchObject({ email: newEmail, emailVerified: true });

    const notice = await t.sink.waitFor(user.email, /email was changed/i);
    expect(notice.text).toContain(newEmail);
    await signIn(t, { email: newEmail, password: user.password });
    const oldAddress = await t.request("/api/auth/sign-in/email", {
      json: { email: user.email, password: user.password },
    });
    expect(oldAddress.status).toBe(401);

    // The link works once.
    const again = await open(verifyLink, user.cookie);
    expect(again.status).toBe(302);
    expect(again.headers.get("location")).toMatch(/error=INVALID_TOKEN/);
  });

  it("unverified user: nothing is marked verified until the new address's own link, which then verifies it (stock keeps emailVerified false)", async () => {
    const user = await signUpVerified(t);
    const userId = (await sessionOf(t, user.cookie))?.user.id ?? "";
    await updateUserRow(t, userId, { emailVerified: false });
    const newEmail = createUser().email;
    const before = t.sink.mails.length;

    const res = await t.request("/api/auth/change-email", { cookie: user.cookie, json: { newEmail } });
    expect(res.status).toBe(200);
    const verify = await t.sink.waitFor(newEmail, /confirm your new email/i);
    // Mail leaves through the queue: wait until it has sent everything it holds.
    await t.server.mailer.queue.settled();
    expect(t.sink.mails.slice(before).some((m) => m.to.includes(user.email))).toBe(false);
    expect((await sessionOf(t, user.cookie))?.user).toMatchObject({
      email: user.email,
      emailVerified: false,
    });

    // No callbackURL was asked for: better-auth's link goes to "/".
    const verified = await open(linkIn(verify, t.config.baseURL), user.cookie);
    expect(verified.status).toBe(302);
    expect(verified.headers.get("location")).toMatch(/^\/\?outcome=[\w-]+$/);
    expect((await sessionOf(t, user.cookie))?.user).toMatchObject({ email: newEmail, emailVerified: true });
    // The old address was never proven, so it gets no notice.
    // Mail leaves through the queue: wait until it has sent everything it holds.
    await t.server.mailer.queue.settled();
    expect(t.sink.mails.slice(before).some((m) => m.to.includes(user.email))).toBe(false);
  });

  it("refuses the same address, in any case", async () => {
    const user = await signUpVerified(t);
    for (const newEmail of [user.email, user.email.toUpperCase()]) {
      const res = await t.request("/api/auth/change-email", { cookie: user.cookie, json: { newEmail } });
      expect(res.status).toBe(400);
      expect((await res.json()).message).toMatch(/email is the same/i);
    }
  });

  it("refuses bad and over-long addresses with a 400 naming the field", async () => {
    const user = await signUpVerified(t);
    const bad = await t.request("/api/auth/change-email", {
      cookie: user.cookie,
      json: { newEmail: "not-an-email" },
    });
    expect(bad.status).toBe(400);
    expect((await bad.json()).message).toMatch(/newEmail/);
    const long = await t.request("/api/auth/change-email", {
      cookie: user.cookie,
      json: { newEmail: `${"x".repeat(250)}@example.test` },
    });
    expect(long.status).toBe(400);
    expect((await long.json()).message).toMatch(/newEmail/);
    const foreign = await t.request("/api/auth/change-email", {
      cookie: user.cookie,
      json: { newEmail: createUser().email, callbackURL: "https://evil.example/x" },
    });
    expect(foreign.status).toBe(403);
  });

  it("needs a fresh session", async () => {
    const user = await signUpVerified(t);
    await backdateSession(t, user.cookie, 2 * 24 * 60 * 60);
    const res = await t.request("/api/auth/change-email", {
      cookie: user.cookie,
      json: { newEmail: createUser().email },
    });
    expect(res.status).toBe(403);
    expect((await res.json()).message).toMatch(/session is not fresh/i);
  });

  it("does not switch to an address someone took meanwhile", async () => {
    const user = await signUpVerified(t);
    const wanted = createUser();
    await t.request("/api/auth/change-email", { cookie: user.cookie, json: { newEmail: wanted.email } });
    const approve = await t.sink.waitFor(user.email, /approve your email change/i);
    await open(linkIn(approve, t.config.baseURL), user.cookie);
    const verify = await t.sink.waitFor(wanted.email, /confirm your new email/i);
    // A sign-up is enough to hold the address.
    expect((await t.request("/api/auth/sign-up/email", { json: wanted })).status).toBe(200);

    const res = await open(linkIn(verify, t.config.baseURL), user.cookie);
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toMatch(/error=USER_ALREADY_EXISTS/);
    expect((await sessionOf(t, user.cookie))?.user.email).toBe(user.email);
  });
});
