import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { approvalLink, deleteLink, nextLink, openLink, resetToken } from "../support/mailed-links.ts";
import { startTestApp, type TestApp, testDatabase } from "../support/test-app.ts";
import { createUser, sessionOf, signIn, signUpVerified } from "../support/users.ts";

/** Changing the email or the password voids every outstanding reset and delete-account link of the account. */
describe(`security: a password or email change voids outstanding reset and deletion links (${testDatabase})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  async function expectResetRefused(token: string) {
    const opened = await t.request(`/api/auth/reset-password/${token}?callbackURL=%2Freset-password`);
    expect(opened.headers.get("location")).toMatch(/error=INVALID_TOKEN/);
    const res = await t.request("/api/auth/reset-password", {
      json: { token, newPassword: "somebody else's passphrase" },
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ code: "INVALID_TOKEN" });
  }

  async function expectDeleteRefused(link: string, cookie: string) {
    const res = await openLink(t, link, cookie);
    expect(res.status).toBe(404);
    expect(await sessionOf(t, cookie)).not.toBeNull();
  }

  it("changing the password voids the reset and delete-account links", async () => {
    const user = await signUpVerified(t);
    const token = await resetToken(t, user.email);
    const link = await deleteLink(t, user);
    const newPassword = "a changed passphrase";
    const res = await t.request("/api/auth/change-password", {
      cookie: user.cookie,
      json: { currentPassword: user.password, newPassword },
    });
    expect(res.status).toBe(200);
    await expectResetRefused(token);
    await expectDeleteRefused(link, user.cookie);
    await signIn(t, { email: user.email, password: newPassword });
  });

  it("resetting the password voids the other reset links and the delete-account link", async () => {
    const user = await signUpVerified(t);
    const link = await deleteLink(t, user);
    const older = await resetToken(t, user.email);
    const used = await resetToken(t, user.email);
    const newPassword = "a reset passphrase";
    const res = await t.request("/api/auth/reset-password", { json: { token: used, newPassword } });
    expect(res.status).toBe(200);
    await expectResetRefused(older);
    const cookie = await signIn(t, { email: user.email, password: newPassword });
    await expectDeleteRefused(link, cookie);
  });

  it("setting a password voids the reset and delete-account links", async () => {
    const user = await signUpVerified(t);
    const userId = (await sessionOf(t, user.cookie))?.user.id ?? "";
    const ctx = await t.server.auth.$context;
    // An account that signs in only through a provider has a credential row without a password.
    await ctx.adapter.update({
      model: "account",
      where: [{ field: "userId", value: userId }],
      update: { password: null },
    });
    const token = await resetToken(t, user.email);
    const link = await deleteLink(t, user);
    const res = await t.request("/api/auth/set-password", {
      cookie: user.cookie,
      json: { newPassword: "a first passphrase" },
    });
    expect(res.status).toBe(200);
    await expectResetRefused(token);
    await expectDeleteRefused(link, user.cookie);
  });

  it("a completed email change voids the reset link mailed to the old address and the delete-account link", async () => {
    const user = await signUpVerified(t);
    const token = await resetToken(t, user.email);
    const link = await deleteLink(t, user);
    const newEmail = createUser().email;
    const since = t.sink.mails.length;
    await openLink(t, await approvalLink(t, user, newEmail), user.cookie);
    const verify = await nextLink(t, newEmail, /confirm your new email/i, "/api/auth/verify-email", since);
    expect((await openLink(t, verify, user.cookie)).status).toBe(302);
    expect((await sessionOf(t, user.cookie))?.user.email).toBe(newEmail);

    await expectResetRefused(token);
    await expectDeleteRefused(link, user.cookie);
  });
});

describe(`security: an admin's change of a user's password or email voids that user's links (${testDatabase})`, () => {
  const ADMIN_EMAIL = "revoking-admin@example.test";
  let t: TestApp;
  let admin: { cookie: string };
  beforeAll(async () => {
    t = await startTestApp({ ADMIN_EMAILS: ADMIN_EMAIL });
    admin = await signUpVerified(t, createUser({ email: ADMIN_EMAIL }));
  });
  afterAll(() => t.close());

  async function withLinks() {
    const user = await signUpVerified(t);
    const userId = (await sessionOf(t, user.cookie))?.user.id ?? "";
    return { user, userId, token: await resetToken(t, user.email), link: await deleteLink(t, user) };
  }

  async function expectVoided({ token, link }: { token: string; link: string }, cookie: string) {
    const reset = await t.request("/api/auth/reset-password", {
      json: { token, newPassword: "an intruder's passphrase" },
    });
    expect(reset.status).toBe(400);
    expect((await openLink(t, link, cookie)).status).toBe(404);
  }

  it("admin set-user-password voids the reset and delete-account links", async () => {
    const target = await withLinks();
    const res = await t.request("/api/auth/admin/set-user-password", {
      cookie: admin.cookie,
      json: { userId: target.userId, newPassword: "set by the admin" },
    });
    expect(res.status).toBe(200);
    const cookie = await signIn(t, { email: target.user.email, password: "set by the admin" });
    await expectVoided(target, cookie);
  });

  it("admin update-user of the email voids the reset and delete-account links", async () => {
    const target = await withLinks();
    const newEmail = createUser().email;
    const res = await t.request("/api/auth/admin/update-user", {
      cookie: admin.cookie,
      json: { userId: target.userId, data: { email: newEmail } },
    });
    expect(res.status).toBe(200);
    const cookie = await signIn(t, { email: newEmail, password: target.user.password });
    await expectVoided(target, cookie);
  });
});
