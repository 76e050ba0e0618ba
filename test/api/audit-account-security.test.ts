import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eventsOf, onlyEvent } from "../support/audit.ts";
import { CookieJar } from "../support/cookie-jar.ts";
import { approvalLink, mailsTo, nextLink, openLink, resetToken } from "../support/mailed-links.ts";
import { api, signUpWithId } from "../support/organizations.ts";
import { startTestApp, type TestApp, testDatabase } from "../support/test-app.ts";
import { enrolAccount, totpCode, wrongCode } from "../support/two-factor.ts";
import { signIn } from "../support/users.ts";

/** Issue 17: mailed links, the second sign-in step and "this wasn't me" each write exactly one event. */
describe(`audit log: account security events (${testDatabase})`, () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  it("records a password reset from its mailed link, the link's owner as actor", async () => {
    const user = await signUpWithId(t);
    const token = await resetToken(t, user.email);
    const res = await api(t, "/reset-password", undefined, { token, newPassword: "reset password 123" });
    expect(res.status).toBe(200);
    expect((await onlyEvent(t, "user.password_reset", user.id)).actorId).toBe(user.id);
    // A spent token resets nothing and records nothing.
    expect(
      (await api(t, "/reset-password", undefined, { token, newPassword: "again password 123" })).status,
    ).toBe(400);
    await onlyEvent(t, "user.password_reset", user.id);
  });

  it("records an email change's request and its completion, once each", async () => {
    const user = await signUpWithId(t);
    const newEmail = `moved-${Date.now()}@example.test`;
    await openLink(t, await approvalLink(t, user, newEmail), user.cookie);
    const confirm = await nextLink(t, newEmail, /confirm your new email/i, "/api/auth/verify-email", 0);
    expect((await openLink(t, confirm, user.cookie)).status).toBe(302);
    expect((await onlyEvent(t, "user.email_change_requested", user.id)).details).toEqual({ newEmail });
    const changed = await onlyEvent(t, "user.email_changed", user.id);
    expect(changed).toMatchObject({ actorId: user.id, targetLabel: newEmail, details: { email: newEmail } });
    // The verified switch is not also a verification of its own.
    expect(await eventsOf(t, { action: "user.email_verified", targetId: user.id })).toHaveLength(1);
  });

  it("records the second sign-in step as a two-factor sign-in, its refusals, and turning two-factor off", async () => {
    const user = await signUpWithId(t);
    const { secret, cookie } = await enrolAccount(t, user);
    const jar = new CookieJar();
    const first = jar.take(
      await t.request("/api/auth/sign-in/email", { json: { email: user.email, password: user.password } }),
    );
    expect((await first.json()).twoFactorRedirect).toBe(true);
    const wrong = jar.take(
      await t.request("/api/auth/two-factor/verify-totp", {
        cookie: jar.header,
        json: { code: wrongCode(secret) },
      }),
    );
    expect(wrong.status).toBe(401);
    const right = jar.take(
      await t.request("/api/auth/two-factor/verify-totp", {
        cookie: jar.header,
        json: { code: totpCode(secret) },
      }),
    );
    expect(right.status).toBe(200);
    const signIns = await eventsOf(t, { action: "user.signed_in", targetId: user.id });
    // The verification link's, then the second step's; the first step alone signs nobody in.
    expect(signIns.map((e) => [e.outcome, e.details.method])).toEqual([
      ["success", "email-link"],
      ["success", "two-factor"],
    ]);
    const refused = (await eventsOf(t, { action: "user.signed_in" })).filter(
      (e) => e.outcome === "refused" && e.details.method === "two-factor" && e.errorCode === "INVALID_CODE",
    );
    expect(refused.length).toBeGreaterThanOrEqual(1);

    const off = await t.request("/api/auth/two-factor/disable", {
      cookie,
      json: { password: user.password, code: totpCode(secret) },
    });
    expect(off.status).toBe(200);
    expect((await onlyEvent(t, "user.two_factor_disabled", user.id)).actorId).toBe(user.id);
  });

  it("records 'this wasn't me' and signing out everywhere as session revocations", async () => {
    const user = await signUpWithId(t);
    const since = t.sink.mails.length;
    await api(t, "/change-password", user.cookie, {
      currentPassword: user.password,
      newPassword: "another password 1",
    });
    await expect
      .poll(() => mailsTo(t, user.email, since).some((m) => /password was changed/i.test(m.subject)))
      .toBe(true);
    const mail = mailsTo(t, user.email, since).find((m) => /password was changed/i.test(m.subject));
    const token = new URL(
      mail?.text.match(/http:\/\/localhost:3000\/not-me\?token=\S+/)?.[0] ?? "",
    ).searchParams.get("token");
    expect((await t.request("/api/auth/security/not-me", { json: { token } })).status).toBe(200);
    const notMe = await onlyEvent(t, "session.revoked", user.id);
    expect(notMe).toMatchObject({ actorId: user.id, details: { scope: "all", via: "not-me" } });

    const again = await signIn(t, { email: user.email, password: "another password 1" });
    expect((await api(t, "/revoke-sessions", again, {})).status).toBe(200);
    const revoked = await eventsOf(t, { action: "session.revoked", targetId: user.id });
    expect(revoked.map((e) => e.details.scope)).toEqual(["all", "all"]);
    expect(revoked[1]?.details.via).toBeUndefined();
  });
});
