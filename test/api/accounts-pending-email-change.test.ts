import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { approvalLink, nextLink, openLink } from "../support/mailed-links.ts";
import { startTestApp, type TestApp, testDatabase } from "../support/test-app.ts";
import { createUser, sessionOf, signIn, signUpVerified, updateUserRow } from "../support/users.ts";

/** Guards against the pending change living in one browser's storage (issue 20, item 6). */
describe(`accounts: the pending email change is kept on the server (${testDatabase})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  async function pendingOf(cookie: string) {
    const res = await t.request("/api/auth/pending-email-change", { cookie });
    expect(res.status).toBe(200);
    return ((await res.json()) as { change: Record<string, unknown> | null }).change;
  }

  /** What the screen a link redirected to learns from its `outcome` proof. */
  async function outcomeOf(location: string | null) {
    const id = new URL(location ?? "", t.config.baseURL).searchParams.get("outcome") ?? "missing";
    const res = await t.request(`/api/auth/link-outcome?id=${encodeURIComponent(id)}`);
    expect(res.status).toBe(200);
    return ((await res.json()) as { outcome: unknown }).outcome;
  }

  it("walks its steps on the server: another session sees each one, and the last link ends it", async () => {
    const user = await signUpVerified(t);
    const otherDevice = await signIn(t, user);
    const newEmail = createUser().email;
    expect(await pendingOf(otherDevice)).toBeNull();

    const since = t.sink.mails.length;
    const approve = await approvalLink(t, user, newEmail);
    const waiting = await pendingOf(otherDevice);
    expect(waiting).toMatchObject({ from: user.email, to: newEmail, step: "approve" });
    const expiresIn = Date.parse(String(waiting?.expiresAt)) - Date.now();
    expect(expiresIn).toBeGreaterThan(59 * 60 * 1000);
    expect(expiresIn).toBeLessThanOrEqual(60 * 60 * 1000);

    // Approved from a device that is signed out: the account's sessions see the next step.
    const approved = await openLink(t, approve);
    expect(approved.status).toBe(302);
    expect(await outcomeOf(approved.headers.get("location"))).toEqual({
      kind: "email-change-approved",
      email: newEmail,
    });
    expect(await pendingOf(user.cookie)).toMatchObject({ to: newEmail, step: "confirm" });
    // The approval link works once, whoever opens it.
    const again = await openLink(t, approve, user.cookie);
    expect(again.headers.get("location")).toMatch(/error=INVALID_TOKEN/);

    const confirm = await nextLink(t, newEmail, /confirm your new email/i, "/api/auth/verify-email", since);
    const done = await openLink(t, confirm);
    expect(done.status).toBe(302);
    expect(await outcomeOf(done.headers.get("location"))).toEqual({ kind: "email-changed", email: newEmail });
    expect((await sessionOf(t, otherDevice))?.user.email).toBe(newEmail);
    expect(await pendingOf(otherDevice)).toBeNull();
  });

  it("a cancelled change leaves its links dead, from any session", async () => {
    const user = await signUpVerified(t);
    const otherDevice = await signIn(t, user);
    const approve = await approvalLink(t, user, createUser().email);
    const cancel = await t.request("/api/auth/cancel-email-change", { cookie: otherDevice, json: {} });
    expect(cancel.status).toBe(200);
    expect(await pendingOf(user.cookie)).toBeNull();

    const opened = await openLink(t, approve, user.cookie);
    expect(opened.status).toBe(302);
    expect(opened.headers.get("location")).toMatch(/error=INVALID_TOKEN/);
    expect((await sessionOf(t, user.cookie))?.user.email).toBe(user.email);
  });

  it("a new request replaces the pending one: the first change's links stop working", async () => {
    const user = await signUpVerified(t);
    const first = await approvalLink(t, user, createUser().email);
    const secondEmail = createUser().email;
    await approvalLink(t, user, secondEmail);
    expect(await pendingOf(user.cookie)).toMatchObject({ to: secondEmail, step: "approve" });
    expect((await openLink(t, first, user.cookie)).headers.get("location")).toMatch(/error=INVALID_TOKEN/);
  });

  it("an unverified account waits for the new address only", async () => {
    const user = await signUpVerified(t);
    await updateUserRow(t, (await sessionOf(t, user.cookie))?.user.id ?? "", { emailVerified: false });
    const newEmail = createUser().email;
    const res = await t.request("/api/auth/change-email", { cookie: user.cookie, json: { newEmail } });
    expect(res.status).toBe(200);
    expect(await pendingOf(user.cookie)).toMatchObject({ to: newEmail, step: "confirm" });
  });

  it("an expired change is no longer shown, and its link is refused", async () => {
    const user = await signUpVerified(t);
    const approve = await approvalLink(t, user, createUser().email);
    const ctx = await t.server.auth.$context;
    const userId = (await sessionOf(t, user.cookie))?.user.id ?? "";
    // Stored again to expire in a second (Redis keeps its own copy, so the row alone cannot be backdated).
    const identifier = `email-change:${userId}`;
    const row = await ctx.internalAdapter.findVerificationValue(identifier);
    await ctx.internalAdapter.deleteVerificationByIdentifier(identifier);
    await ctx.internalAdapter.createVerificationValue({
      identifier,
      value: row?.value ?? "",
      expiresAt: new Date(Date.now() + 1000),
    });
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(await pendingOf(user.cookie)).toBeNull();
    expect((await openLink(t, approve, user.cookie)).headers.get("location")).toMatch(/error=INVALID_TOKEN/);
  });

  it("reading and cancelling need a session", async () => {
    expect((await t.request("/api/auth/pending-email-change")).status).toBe(401);
    expect((await t.request("/api/auth/cancel-email-change", { json: {} })).status).toBe(401);
  });

  it("an outcome id that no flow made proves nothing", async () => {
    expect(await outcomeOf("/email-change?outcome=made-up")).toBeNull();
    expect((await t.request(`/api/auth/link-outcome?id=${"x".repeat(65)}`)).status).toBe(400);
  });
});

describe(`accounts: a failed verification link lands on a screen that explains it (${testDatabase})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  it("a link asked for from sign-in (callbackURL /) lands on /verified with the error, not on the bare home page", async () => {
    const res = await t.request("/api/auth/verify-email?token=not-a-token&callbackURL=%2F");
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/verified?error=INVALID_TOKEN&next=%2F");
  });

  it("a link whose callbackURL is /verified keeps it", async () => {
    const res = await t.request("/api/auth/verify-email?token=not-a-token&callbackURL=%2Fverified");
    expect(res.headers.get("location")).toBe("/verified?error=INVALID_TOKEN");
  });

  it("a dead email-change link lands on /email-change", async () => {
    const user = await signUpVerified(t);
    const approve = await approvalLink(t, user, createUser().email);
    await t.request("/api/auth/cancel-email-change", { cookie: user.cookie, json: {} });
    const res = await openLink(t, approve);
    expect(res.headers.get("location")).toBe("/email-change?error=INVALID_TOKEN&next=%2Faccount");
  });
});
