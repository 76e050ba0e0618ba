import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mailsTo, nextLink, openLink, settle } from "../support/mailed-links.ts";
import { startTestApp, type TestApp, testDatabase } from "../support/test-app.ts";
import { createUser, sessionOf, signUpVerified, updateUserRow } from "../support/users.ts";

/** Nothing the requester sees, in answers or in their inbox, tells whether an address has an account. */
describe(`security: change-email does not tell whether an address has an account (${testDatabase})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  /** Asks for the change; returns the answer and what the requester's own inbox then holds. */
  async function requestChange(user: { email: string; cookie: string }, newEmail: string) {
    const since = t.sink.mails.length;
    const res = await t.request("/api/auth/change-email", {
      cookie: user.cookie,
      json: { newEmail, callbackURL: "/account" },
    });
    const answer = { status: res.status, body: await res.json() };
    await settle(t);
    return { answer, since, inbox: mailsTo(t, user.email, since).map((m) => m.subject) };
  }

  it("verified requester: the same answer and the same approval mail whether the address is free or taken; the taken address's owner gets a notice, not a link", async () => {
    const free = await requestChange(await signUpVerified(t), createUser().email);
    const requester = await signUpVerified(t);
    const owner = await signUpVerified(t);
    const taken = await requestChange(requester, owner.email);

    expect(taken.answer).toEqual(free.answer);
    expect(taken.inbox).toEqual(free.inbox);
    expect(taken.inbox).toEqual([expect.stringMatching(/approve your email change/i)]);

    const approve = await nextLink(t, requester.email, /approve/i, "/api/auth/verify-email", taken.since);
    const since = t.sink.mails.length;
    const approved = await openLink(t, approve, requester.cookie);
    expect(approved.status).toBe(302);
    expect(approved.headers.get("location")).toMatch(/^\/account\?outcome=[\w-]+$/);

    await expect.poll(() => mailsTo(t, owner.email, since).length).toBe(1);
    const notice = mailsTo(t, owner.email, since)[0];
    expect(notice?.text).not.toMatch(/verify-email/);
    expect(notice?.subject).not.toMatch(/verify/i);
    expect((await sessionOf(t, requester.cookie))?.user.email).toBe(requester.email);
    expect((await sessionOf(t, owner.cookie))?.user.email).toBe(owner.email);
  });

  it("unverified requester: the same answer whether the address is free or taken; the owner is told without a link", async () => {
    const unverified = async () => {
      const user = await signUpVerified(t);
      const id = (await sessionOf(t, user.cookie))?.user.id ?? "";
      await updateUserRow(t, id, { emailVerified: false });
      return user;
    };
    const free = await requestChange(await unverified(), createUser().email);
    const owner = await signUpVerified(t);
    const taken = await requestChange(await unverified(), owner.email);

    expect(taken.answer).toEqual(free.answer);
    expect(taken.inbox).toEqual(free.inbox);
    const notices = mailsTo(t, owner.email, taken.since);
    expect(notices).toHaveLength(1);
    expect(notices[0]?.text).not.toMatch(/verify-email/);
  });
});
