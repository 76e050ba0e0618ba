import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { approvalLink, mailsTo, nextLink, openLink, settle } from "../support/mailed-links.ts";
import { cookiesFrom, startTestApp, type TestApp, testDatabase } from "../support/test-app.ts";
import { createUser, sessionOf, signUpVerified } from "../support/users.ts";

/** Every mailed link works once, whatever carries its state (a stored row or a signed token). */
describe(`security: mailed links are single-use (${testDatabase})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  const refusedAsUsed = (res: Response) => {
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toMatch(/error=INVALID_TOKEN/);
  };

  it("a replayed change-email approval link, opened without a session, mails nothing and changes nothing", async () => {
    const user = await signUpVerified(t);
    const newEmail = createUser().email;
    const approve = await approvalLink(t, user, newEmail);
    const since = t.sink.mails.length;
    const first = await openLink(t, approve);
    expect(first.status).toBe(302);
    expect(first.headers.get("location")).toMatch(/^\/account\?outcome=[\w-]+$/);
    await nextLink(t, newEmail, /confirm your new email/i, "/api/auth/verify-email", since);

    const afterFirst = t.sink.mails.length;
    for (const cookie of [undefined, user.cookie]) refusedAsUsed(await openLink(t, approve, cookie));
    await settle(t);
    expect(mailsTo(t, newEmail, afterFirst)).toEqual([]);
    expect(mailsTo(t, user.email, afterFirst)).toEqual([]);
    expect((await sessionOf(t, user.cookie))?.user.email).toBe(user.email);
  });

  it("a replayed sign-up verification link signs nobody in", async () => {
    const user = createUser();
    const since = t.sink.mails.length;
    await t.request("/api/auth/sign-up/email", { json: { ...user, callbackURL: "/verified" } });
    const link = await nextLink(t, user.email, /verify/i, "/api/auth/verify-email", since);
    const first = await openLink(t, link);
    expect(cookiesFrom(first)).toContain("session_token");

    const replay = await openLink(t, link);
    refusedAsUsed(replay);
    expect(cookiesFrom(replay)).not.toContain("session_token");
  });

  it("a new address's verification link cannot switch the account again after it moved back", async () => {
    const user = await signUpVerified(t);
    const second = createUser().email;
    let since = t.sink.mails.length;
    await openLink(t, await approvalLink(t, user, second), user.cookie);
    const toSecond = await nextLink(t, second, /confirm your new email/i, "/api/auth/verify-email", since);
    expect((await openLink(t, toSecond, user.cookie)).status).toBe(302);
    expect((await sessionOf(t, user.cookie))?.user.email).toBe(second);

    since = t.sink.mails.length;
    await openLink(t, await approvalLink(t, { ...user, email: second }, user.email), user.cookie);
    const back = await nextLink(t, user.email, /confirm your new email/i, "/api/auth/verify-email", since);
    expect((await openLink(t, back, user.cookie)).status).toBe(302);
    expect((await sessionOf(t, user.cookie))?.user.email).toBe(user.email);

    refusedAsUsed(await openLink(t, toSecond, user.cookie));
    expect((await sessionOf(t, user.cookie))?.user.email).toBe(user.email);
  });

  it("a delete-account link works once", async () => {
    const user = await signUpVerified(t);
    const since = t.sink.mails.length;
    await t.request("/api/auth/delete-user", { cookie: user.cookie, json: { callbackURL: "/bye" } });
    const link = await nextLink(t, user.email, /confirm deleting/i, "/api/auth/delete-user/callback", since);
    expect((await openLink(t, link, user.cookie)).status).toBe(302);
    const again = await openLink(t, link, user.cookie);
    expect(again.status).toBeGreaterThanOrEqual(400);
  });
});
