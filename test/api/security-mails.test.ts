import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CookieJar } from "../support/cookie-jar.ts";
import {
  approvalLink,
  mailedSignInCode,
  mailsTo,
  nextLink,
  openLink,
  resetToken,
  settle,
} from "../support/mailed-links.ts";
import type { ReceivedMail } from "../support/smtp-sink.ts";
import { cookiesFrom, startTestApp, type TestApp, testDatabase } from "../support/test-app.ts";
import { enrolAccount, totpCode } from "../support/two-factor.ts";
import { createUser, sessionOf, signIn, signUpVerified } from "../support/users.ts";

const FIREFOX = "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:128.0) Gecko/20100101 Firefox/128.0";
const SAFARI_IPHONE =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1";

/** Security mails to the account's address, each with its facts and a "this wasn't me" link that works once. */
describe(`security mails (${testDatabase})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    // Behind a trusted proxy: the client address and the proxy's place headers are believed. Email codes on,
    // for the sign-in by code below.
    t = await startTestApp({ TRUST_PROXY: "1", EMAIL_CODE_SIGN_IN: "1" });
  });
  afterAll(() => t.close());

  async function securityMail(email: string, subject: RegExp, since: number): Promise<ReceivedMail> {
    await expect.poll(() => mailsTo(t, email, since).some((m) => subject.test(m.subject))).toBe(true);
    const mail = mailsTo(t, email, since).find((m) => subject.test(m.subject));
    if (!mail) throw new Error("no mail");
    // The date as English writes it (Intl, in UTC): "Wednesday, November 25, 2026 at 10:57:19 PM UTC".
    expect(mail.text).toMatch(/When: \w+day, \w+ \d{1,2}, \d{4} at \d{1,2}:\d{2}:\d{2}\s[AP]M UTC/);
    expect(mail.text).toContain("This wasn't me: http://localhost:3000/not-me?token=");
    return mail;
  }
  const notMeToken = (mail: ReceivedMail) =>
    new URL(mail.text.match(/http:\/\/localhost:3000\/not-me\?token=\S+/)?.[0] ?? "").searchParams.get(
      "token",
    ) ?? "";
  const notMe = (token: string) => t.request("/api/auth/security/not-me", { json: { token } });

  it("a sign-in from a new device mails what, when, device and place; a known device or the first sign-in does not", async () => {
    const since = t.sink.mails.length;
    const user = await signUpVerified(t);
    await settle(t);
    expect(mailsTo(t, user.email, since).filter((m) => /new sign-in/i.test(m.subject))).toEqual([]);

    const res = await t.request("/api/auth/sign-in/email", {
      headers: {
        "user-agent": FIREFOX,
        "x-forwarded-for": "203.0.113.9",
        "cf-ipcountry": "DE",
        "x-vercel-ip-city": "M%C3%BCnchen",
      },
      json: { email: user.email, password: user.password },
    });
    expect(res.status).toBe(200);
    const mail = await securityMail(user.email, /new sign-in/i, since);
    expect(mail.text).toContain("Device: Firefox 128 on Windows 10");
    expect(mail.text).toContain("Where: München, Germany, IP address 203.0.113.9");

    // The same browser (its device cookie) again, even from another network: no mail.
    const after = t.sink.mails.length;
    const again = await t.request("/api/auth/sign-in/email", {
      headers: { "user-agent": FIREFOX, "x-forwarded-for": "198.51.100.7" },
      cookie: cookiesFrom(res),
      json: { email: user.email, password: user.password },
    });
    expect(again.status).toBe(200);
    await settle(t);
    expect(mailsTo(t, user.email, after)).toEqual([]);
  });

  const newSignIns = (email: string, since: number) =>
    mailsTo(t, email, since).filter((m) => /new sign-in/i.test(m.subject));

  it("a new device that signs in through the two-factor step is mailed once the code passes, not before", async () => {
    const user = await signUpVerified(t);
    const { secret } = await enrolAccount(t, user);
    const since = t.sink.mails.length;
    const laptop = new CookieJar();
    const headers = { "user-agent": FIREFOX, "x-forwarded-for": "203.0.113.21" };
    const first = laptop.take(
      await t.request("/api/auth/sign-in/email", {
        headers,
        cookie: laptop.header,
        json: { email: user.email, password: user.password },
      }),
    );
    expect(((await first.json()) as { twoFactorRedirect?: boolean }).twoFactorRedirect).toBe(true);
    await settle(t);
    expect(newSignIns(user.email, since)).toEqual([]);

    const second = laptop.take(
      await t.request("/api/auth/two-factor/verify-totp", {
        headers,
        cookie: laptop.header,
        json: { code: totpCode(secret) },
      }),
    );
    expect(second.status).toBe(200);
    const mail = await securityMail(user.email, /new sign-in/i, since);
    expect(mail.text).toContain("Device: Firefox 128 on Windows 10");
    expect(mail.text).toContain("IP address 203.0.113.21");
    await settle(t);
    expect(newSignIns(user.email, since)).toHaveLength(1);
  });

  it("a new device that signs in with a mailed code is mailed", async () => {
    const user = await signUpVerified(t);
    const { code } = await mailedSignInCode(t, user.email);
    const since = t.sink.mails.length;
    const res = await t.request("/api/auth/sign-in/email-otp", {
      headers: { "user-agent": SAFARI_IPHONE, "x-forwarded-for": "198.51.100.22" },
      json: { email: user.email, otp: code },
    });
    expect(res.status).toBe(200);
    const mail = await securityMail(user.email, /new sign-in/i, since);
    expect(mail.text).toContain("Device: Mobile Safari 17 on iOS 17.5");
    expect(mail.text).toContain("IP address 198.51.100.22");
  });

  it("place headers are ignored unless TRUST_PROXY is set", async () => {
    const plain = await startTestApp();
    try {
      const user = await signUpVerified(plain);
      const since = plain.sink.mails.length;
      await plain.request("/api/auth/sign-in/email", {
        headers: { "user-agent": SAFARI_IPHONE, "cf-ipcountry": "FR" },
        json: { email: user.email, password: user.password },
      });
      const mail = await plain.sink.waitFor(user.email, /new sign-in/i);
      expect(plain.sink.mails.indexOf(mail)).toBeGreaterThanOrEqual(since);
      expect(mail.text).toContain("Device: Mobile Safari 17 on iOS 17.5");
      expect(mail.text).not.toContain("France");
    } finally {
      await plain.close();
    }
  });

  it("password changed, password reset, email changed (to the old address)", async () => {
    const user = await signUpVerified(t);
    let since = t.sink.mails.length;
    const change = await t.request("/api/auth/change-password", {
      cookie: user.cookie,
      json: { currentPassword: user.password, newPassword: "another good password" },
    });
    expect(change.status).toBe(200);
    await securityMail(user.email, /your password was changed/i, since);

    since = t.sink.mails.length;
    const token = await resetToken(t, user.email);
    const reset = await t.request("/api/auth/reset-password", {
      json: { token, newPassword: "a third good password" },
    });
    expect(reset.status).toBe(200);
    await securityMail(user.email, /your password was reset/i, since);

    const cookie = await signIn(t, { email: user.email, password: "a third good password" });
    const newEmail = createUser().email;
    await openLink(t, await approvalLink(t, { email: user.email, cookie }, newEmail), cookie);
    since = t.sink.mails.length;
    const confirm = await nextLink(t, newEmail, /confirm your new email/i, "/api/auth/verify-email", 0);
    expect((await openLink(t, confirm, cookie)).status).toBe(302);
    const mail = await securityMail(user.email, /your email was changed/i, since);
    expect(mail.text).toContain(`now uses ${newEmail}`);
    expect(mailsTo(t, newEmail, since).filter((m) => /was changed/.test(m.subject))).toEqual([]);
  });

  it("two-factor turned off and backup codes regenerated", async () => {
    const user = await signUpVerified(t);
    const { cookie, secret } = await enrolAccount(t, user);
    let since = t.sink.mails.length;
    const codes = await t.request("/api/auth/two-factor/generate-backup-codes", {
      cookie,
      json: { password: user.password },
    });
    expect(codes.status).toBe(200);
    await securityMail(user.email, /new backup codes/i, since);

    since = t.sink.mails.length;
    // Turning it off needs a current code besides the password (decision 23).
    const off = await t.request("/api/auth/two-factor/disable", {
      cookie,
      json: { password: user.password, code: totpCode(secret) },
    });
    expect(off.status).toBe(200);
    await securityMail(user.email, /two-factor authentication was turned off/i, since);
  });

  it("a failed change mails nothing", async () => {
    const user = await signUpVerified(t);
    const since = t.sink.mails.length;
    const wrong = await t.request("/api/auth/change-password", {
      cookie: user.cookie,
      json: { currentPassword: "not my password at all", newPassword: "another good password" },
    });
    expect(wrong.status).toBe(400);
    await settle(t);
    expect(mailsTo(t, user.email, since)).toEqual([]);
  });

  it('"this wasn\'t me" signs out every session and hands over a reset token, once', async () => {
    const user = await signUpVerified(t);
    const phone = await signIn(t, user, { "user-agent": SAFARI_IPHONE });
    const since = t.sink.mails.length;
    await t.request("/api/auth/change-password", {
      cookie: user.cookie,
      json: { currentPassword: user.password, newPassword: "someone else's password" },
    });
    const token = notMeToken(await securityMail(user.email, /your password was changed/i, since));

    const res = await notMe(token);
    expect(res.status).toBe(200);
    const { resetToken: reset } = (await res.json()) as { resetToken: string };
    for (const cookie of [user.cookie, phone]) expect(await sessionOf(t, cookie)).toBeNull();

    // The web app lands on /reset-password?token=…: the token sets a new password.
    const newPassword = "my own password again";
    const done = await t.request("/api/auth/reset-password", { json: { token: reset, newPassword } });
    expect(done.status).toBe(200);
    await signIn(t, { email: user.email, password: newPassword });

    const replay = await notMe(token);
    expect(replay.status).toBe(400);
    expect(((await replay.json()) as { code: string }).code).toBe("INVALID_TOKEN");
  });

  it('an expired "this wasn\'t me" link and bad input are refused with 400', async () => {
    const user = await signUpVerified(t);
    const since = t.sink.mails.length;
    await t.request("/api/auth/change-password", {
      cookie: user.cookie,
      json: { currentPassword: user.password, newPassword: "another good password" },
    });
    const token = notMeToken(await securityMail(user.email, /your password was changed/i, since));
    const ctx = await t.server.auth.$context;
    const rows = await ctx.adapter.findMany<{ identifier: string }>({
      model: "verification",
      where: [{ field: "identifier", operator: "starts_with", value: "not-me:" }],
    });
    for (const row of rows) {
      await ctx.internalAdapter.updateVerificationByIdentifier(row.identifier, {
        expiresAt: new Date(Date.now() + 2500),
      });
    }
    await new Promise((r) => setTimeout(r, 2600));
    expect((await notMe(token)).status).toBe(400);
    expect(await sessionOf(t, user.cookie)).not.toBeNull();

    for (const json of [{}, { token: "" }, { token: 7 }, { token: "x".repeat(600) }, { token: "nope" }]) {
      const res = await t.request("/api/auth/security/not-me", { json });
      expect(res.status, JSON.stringify(json)).toBe(400);
    }
  });
});
