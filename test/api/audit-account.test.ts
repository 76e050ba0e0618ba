import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eventsOf, onlyEvent, outboxOf } from "../support/audit.ts";
import { CookieJar } from "../support/cookie-jar.ts";
import { api, signUpWithId } from "../support/organizations.ts";
import { startTestApp, type TestApp, testDatabase } from "../support/test-app.ts";
import { enrolAccount } from "../support/two-factor.ts";
import { backdateSession, createUser, signIn } from "../support/users.ts";

/** Issue 17: an account's own actions each write exactly one audit event, with the right actor. */
describe(`audit log: account events (${testDatabase})`, () => {
  let t: TestApp;

  beforeAll(async () => {
    // No delivery worker: the outbox keeps each event's row for the assertions on its webhook payload.
    t = await startTestApp({ WEBHOOK_DELIVERY: "0" });
  });
  afterAll(() => t.close());

  it("records a sign-up, its verification and the sign-in the link made, with a webhook payload", async () => {
    const user = await signUpWithId(t);
    const created = await onlyEvent(t, "user.created", user.id);
    expect(created).toMatchObject({ actorId: user.id, targetType: "user", targetLabel: user.email });
    expect(created.details).toEqual({ method: "password" });
    const outbox = await outboxOf(t, created.id);
    expect(outbox?.payload).toMatchObject({ type: "user.created", data: { id: user.id, email: user.email } });
    expect(JSON.stringify(outbox?.payload)).not.toMatch(/password|hash/i);
    expect((await onlyEvent(t, "user.email_verified", user.id)).actorId).toBe(user.id);
    const signIn = await onlyEvent(t, "user.signed_in", user.id);
    expect(signIn.details).toEqual({ method: "email-link" });
  });

  it("records sign-ins with their method and refused ones with the error code, never in the outbox", async () => {
    const user = await signUpWithId(t);
    await signIn(t, user, { "user-agent": "AuditTest/1.0" });
    const wrong = await api(t, "/sign-in/email", undefined, {
      email: user.email,
      password: "wrong password!",
    });
    expect(wrong.status).toBe(401);
    const events = await eventsOf(t, { action: "user.signed_in", targetId: user.id });
    // The verification link's sign-in, the password one, the refused one.
    expect(events.map((e) => [e.outcome, e.details.method])).toEqual([
      ["success", "email-link"],
      ["success", "password"],
      ["refused", "password"],
    ]);
    const [, ok, refused] = events;
    expect(ok).toMatchObject({ actorId: user.id, userAgent: "AuditTest/1.0", ip: expect.any(String) });
    expect(refused).toMatchObject({ actorId: null, errorCode: "INVALID_EMAIL_OR_PASSWORD" });
    expect(await outboxOf(t, refused?.id ?? "")).toBeUndefined();
    // An unknown address: recorded without a target, the address in the details.
    const email = `nobody-${Date.now()}@example.test`;
    await api(t, "/sign-in/email", undefined, { email, password: "whatever it is" });
    const unknown = (await eventsOf(t, { action: "user.signed_in" })).filter(
      (e) => e.details.email === email,
    );
    expect(unknown).toHaveLength(1);
    expect(unknown[0]).toMatchObject({ outcome: "refused", targetId: null });
  });

  it("records sign-out, profile and password changes, and session revocations", async () => {
    const user = await signUpWithId(t);
    const other = await signIn(t, user);
    expect((await api(t, "/update-user", user.cookie, { name: "Renamed" })).status).toBe(200);
    const updated = await onlyEvent(t, "user.updated", user.id);
    expect(updated.details).toEqual({ changed: ["name"] });
    expect((await outboxOf(t, updated.id))?.payload.data).toMatchObject({ name: "Renamed" });

    const otherToken = decodeURIComponent(other.split("session_token=")[1]?.split(";")[0] ?? "").split(
      ".",
    )[0];
    expect((await api(t, "/revoke-session", user.cookie, { token: otherToken })).status).toBe(200);
    const revoked = await onlyEvent(
      t,
      "session.revoked",
      (await eventsOf(t, { action: "session.revoked", actorId: user.id }))[0]?.targetId ?? "",
    );
    expect(revoked).toMatchObject({ actorId: user.id, targetType: "session" });

    const changed = await api(t, "/change-password", user.cookie, {
      currentPassword: user.password,
      newPassword: "a brand new password",
      revokeOtherSessions: false,
    });
    expect(changed.status).toBe(200);
    expect((await onlyEvent(t, "user.password_changed", user.id)).details).toEqual({
      revokedOtherSessions: false,
    });

    expect((await api(t, "/sign-out", user.cookie, {})).status).toBe(200);
    const out = await eventsOf(t, { action: "user.signed_out", actorId: user.id });
    expect(out).toHaveLength(1);
    expect(out[0]?.targetType).toBe("session");
  });

  it("records two-factor on and off and new backup codes, once each", async () => {
    const user = await signUpWithId(t);
    const enrolled = await enrolAccount(t, user);
    expect((await onlyEvent(t, "user.two_factor_enabled", user.id)).actorId).toBe(user.id);
    // Confirming the authenticator makes a new session: it is not a sign-in.
    expect(await eventsOf(t, { action: "user.signed_in", targetId: user.id })).toHaveLength(1);
    const jar = new CookieJar(enrolled.cookie);
    const codes = await t.request("/api/auth/two-factor/generate-backup-codes", {
      cookie: jar.header,
      json: { password: user.password },
    });
    expect(codes.status).toBe(200);
    await onlyEvent(t, "user.backup_codes_regenerated", user.id);
  });

  it("records account deletion, by its owner", async () => {
    const user = await signUpWithId(t);
    const res = await api(t, "/delete-user", user.cookie, { password: user.password });
    expect(res.status).toBe(200);
    const deleted = await onlyEvent(t, "user.deleted", user.id);
    expect(deleted).toMatchObject({ actorId: user.id, targetLabel: user.email });
  });

  it("records an email change request, for a taken address too", async () => {
    const user = await signUpWithId(t);
    const taken = await signUpWithId(t);
    await backdateSession(t, user.cookie, 0);
    const res = await api(t, "/change-email", user.cookie, { newEmail: taken.email });
    expect(res.status).toBe(200);
    const requested = await onlyEvent(t, "user.email_change_requested", user.id);
    expect(requested.details).toEqual({ newEmail: taken.email });
  });

  it("answers a change it could not record as done: the change is made, the failure only logged", async () => {
    const user = await signUpWithId(t);
    const db = t.server.database.db;
    await sql`alter table audit_event rename to audit_event_away`.execute(db);
    try {
      const res = await api(t, "/update-user", user.cookie, { name: "Unrecorded" });
      expect(res.status).toBe(200);
    } finally {
      await sql`alter table audit_event_away rename to audit_event`.execute(db);
    }
    expect((await api(t, "/get-session", user.cookie)).body.user.name).toBe("Unrecorded");
    expect(await eventsOf(t, { action: "user.updated", targetId: user.id })).toHaveLength(0);
  });

  it("keeps a sign-up's user agent and IP", async () => {
    const input = createUser();
    const res = await t.request("/api/auth/sign-up/email", {
      json: input,
      headers: { "user-agent": "Signup/2" },
    });
    expect(res.status).toBe(200);
    const [created] = (await eventsOf(t, { action: "user.created" })).filter(
      (e) => e.targetLabel === input.email,
    );
    expect(created?.userAgent).toBe("Signup/2");
  });
});
