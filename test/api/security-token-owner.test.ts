import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { approvalLink, deleteLink, mailsTo, nextLink, openLink } from "../support/mailed-links.ts";
import { api, createOrganization, invitationIdFromMail, invite } from "../support/organizations.ts";
import { startTestApp, type TestApp, testDatabase } from "../support/test-app.ts";
import { createUser, sessionOf, signUpVerified } from "../support/users.ts";

/** A one-time token is checked against its owner before it is spent: someone else's click costs the owner nothing. */
describe(`security: one-time tokens are checked against their owner first (${testDatabase})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  it("another user's click on a delete-account link neither deletes nor spends it; the owner's click still deletes", async () => {
    const owner = await signUpVerified(t);
    const stranger = await signUpVerified(t);
    const link = await deleteLink(t, owner);

    const foreign = await openLink(t, link, stranger.cookie);
    expect(foreign.status).toBe(404);
    expect(await foreign.json()).toMatchObject({ code: "INVALID_TOKEN" });
    expect(await sessionOf(t, stranger.cookie)).not.toBeNull();
    const signedOut = await openLink(t, link);
    expect(signedOut.status).toBe(404);

    const mine = await openLink(t, link, owner.cookie);
    expect(mine.status).toBe(302);
    expect(mine.headers.get("location")).toMatch(/^\/bye\?outcome=[\w-]+$/);
    expect(await sessionOf(t, owner.cookie)).toBeNull();
  });

  it("another user's POST /delete-user with the owner's token does not spend it", async () => {
    const owner = await signUpVerified(t);
    const stranger = await signUpVerified(t);
    const token = new URL(await deleteLink(t, owner)).searchParams.get("token");

    const foreign = await t.request("/api/auth/delete-user", { cookie: stranger.cookie, json: { token } });
    expect(foreign.status).toBe(404);
    expect(await sessionOf(t, stranger.cookie)).not.toBeNull();

    const mine = await t.request("/api/auth/delete-user", { cookie: owner.cookie, json: { token } });
    expect(mine.status).toBe(200);
    expect(await sessionOf(t, owner.cookie)).toBeNull();
  });

  it("another user's click on a change-email approval link spends nothing; the owner's click still works", async () => {
    const owner = await signUpVerified(t);
    const stranger = await signUpVerified(t);
    const newEmail = createUser().email;
    const approve = await approvalLink(t, owner, newEmail);

    const foreign = await openLink(t, approve, stranger.cookie);
    expect(foreign.headers.get("location")).toMatch(/error=INVALID_USER/);
    expect(mailsTo(t, newEmail)).toEqual([]);

    const since = t.sink.mails.length;
    const mine = await openLink(t, approve, owner.cookie);
    expect(mine.headers.get("location")).toMatch(/^\/account\?outcome=[\w-]+$/);
    await nextLink(t, newEmail, /confirm your new email/i, "/api/auth/verify-email", since);
  });

  it("a stranger's accept or reject of an invitation spends nothing; the recipient accepts it once", async () => {
    const owner = await signUpVerified(t);
    const org = await createOrganization(t, owner.cookie);
    const guest = await signUpVerified(t);
    const stranger = await signUpVerified(t);
    await invite(t, owner.cookie, org.id, guest.email);
    const invitationId = await invitationIdFromMail(t, guest.email);

    for (const path of ["/organization/accept-invitation", "/organization/reject-invitation"]) {
      const foreign = await api(t, path, stranger.cookie, { invitationId });
      expect(foreign.status).toBe(403);
    }
    const accepted = await api(t, "/organization/accept-invitation", guest.cookie, { invitationId });
    expect(accepted.status).toBe(200);
    const again = await api(t, "/organization/accept-invitation", guest.cookie, { invitationId });
    expect(again.status).toBe(400);
  });
});
