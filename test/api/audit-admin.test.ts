import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { recordEvent } from "#server/events/record.ts";
import { eventsOf, onlyEvent } from "../support/audit.ts";
import { api, rawDb, signUpWithId } from "../support/organizations.ts";
import { cookiesFrom, startTestApp, type TestApp, testDatabase } from "../support/test-app.ts";
import { enrolAccount } from "../support/two-factor.ts";
import { createUser, signIn, signUpVerified } from "../support/users.ts";

const ROOT_EMAIL = "audit-admin-root@example.test";

/** Issue 17: what admins do is recorded with the admin as actor; an impersonation carries its admin. */
describe(`audit log: admin events and retention (${testDatabase})`, () => {
  let t: TestApp;
  let root: string;
  let rootId: string;

  beforeAll(async () => {
    t = await startTestApp({ ADMIN_EMAILS: ROOT_EMAIL, AUDIT_RETENTION_DAYS: "30" });
    const signedUp = await signUpVerified(t, createUser({ email: ROOT_EMAIL }));
    root = signedUp.cookie;
    rootId = (await api(t, "/get-session", root)).body.user.id;
  });
  afterAll(() => t.close());

  it("records an admin's account creation, ban, unban, role change and removal, the admin as actor", async () => {
    const input = createUser();
    const created = await api(t, "/admin/create-user", root, {
      ...input,
      role: "user",
      data: { emailVerified: true },
    });
    expect(created.status).toBe(200);
    const userId = created.body.user.id as string;
    expect(await onlyEvent(t, "user.created", userId)).toMatchObject({
      actorId: rootId,
      details: { method: "admin" },
    });
    expect((await api(t, "/admin/ban-user", root, { userId, banReason: "spam" })).status).toBe(200);
    expect(await onlyEvent(t, "user.banned", userId)).toMatchObject({
      actorId: rootId,
      details: { reason: "spam" },
    });
    expect((await api(t, "/admin/unban-user", root, { userId })).status).toBe(200);
    expect((await onlyEvent(t, "user.unbanned", userId)).actorId).toBe(rootId);
    expect((await api(t, "/admin/set-role", root, { userId, role: "admin" })).status).toBe(200);
    expect((await onlyEvent(t, "user.role_changed", userId)).details).toEqual({ from: "user", to: "admin" });
    expect((await api(t, "/admin/set-role", root, { userId, role: "user" })).status).toBe(200);
    const renamed = await api(t, "/admin/update-user", root, { userId, data: { name: "Renamed by admin" } });
    expect(renamed.status).toBe(200);
    expect(await onlyEvent(t, "user.updated", userId)).toMatchObject({
      actorId: rootId,
      details: { changed: ["name"] },
    });
    const password = await api(t, "/admin/set-user-password", root, {
      userId,
      newPassword: "set by an admin 1",
    });
    expect(password.status).toBe(200);
    expect((await onlyEvent(t, "user.password_changed", userId)).details).toEqual({ byAdmin: true });
    await signIn(t, { email: input.email, password: "set by an admin 1" });
    expect((await api(t, "/admin/revoke-user-sessions", root, { userId })).status).toBe(200);
    expect(await onlyEvent(t, "session.revoked", userId)).toMatchObject({
      actorId: rootId,
      details: { scope: "all", byAdmin: true },
    });
    expect((await api(t, "/admin/remove-user", root, { userId })).status).toBe(200);
    expect(await onlyEvent(t, "user.deleted", userId)).toMatchObject({
      actorId: rootId,
      targetLabel: input.email,
    });
  });

  it("records an impersonation's start and stop, and what was done meanwhile with its admin", async () => {
    const target = await signUpWithId(t);
    const started = await t.request("/api/auth/admin/impersonate-user", {
      cookie: root,
      json: { userId: target.id },
    });
    expect(started.status).toBe(200);
    const acting = cookiesFrom(started);
    expect(await onlyEvent(t, "impersonation.started", target.id)).toMatchObject({ actorId: rootId });
    // Not a sign-in of the target's.
    expect(await eventsOf(t, { action: "user.signed_in", targetId: target.id })).toHaveLength(1);

    expect((await api(t, "/update-user", acting, { name: "Set by support" })).status).toBe(200);
    expect(await onlyEvent(t, "user.updated", target.id)).toMatchObject({
      actorId: target.id,
      impersonatorId: rootId,
    });
    expect((await api(t, "/admin/stop-impersonating", acting, {})).status).toBe(200);
    expect(await onlyEvent(t, "impersonation.stopped", target.id)).toMatchObject({
      actorId: rootId,
      impersonatorId: null,
    });
  });

  it("records the two-factor reset inside its transaction, once", async () => {
    const target = await signUpWithId(t);
    await enrolAccount(t, target);
    const reset = await t.request(`/api/admin/users/${target.id}/reset-two-factor`, {
      cookie: root,
      json: {},
      headers: { "user-agent": "AdminConsole/1" },
    });
    expect(reset.status).toBe(200);
    expect(await onlyEvent(t, "user.two_factor_reset", target.id)).toMatchObject({
      actorId: rootId,
      userAgent: "AdminConsole/1",
      details: { wasEnabled: true, trustedDevices: 0 },
    });
    // The raw reset is not also read as the owner turning two-factor off.
    expect(await eventsOf(t, { action: "user.two_factor_disabled", targetId: target.id })).toHaveLength(0);
  });

  it("purges events past AUDIT_RETENTION_DAYS, in batches, and keeps the rest", async () => {
    const db = t.server.database.db;
    const day = 24 * 60 * 60 * 1000;
    const rows = (count: number, ageDays: number, tag: string) =>
      Array.from({ length: count }, (_, i) => ({
        id: `evt_${tag}_${i}`,
        createdAt: new Date(Date.now() - ageDays * day).toISOString(),
        action: "user.updated",
        outcome: "success" as const,
        actorId: "retention-test",
        details: "{}",
      }));
    await db
      .insertInto("audit_event")
      .values(rows(1200, 31, "old"))
      .execute();
    await db
      .insertInto("audit_event")
      .values(rows(5, 29, "recent"))
      .execute();
    await recordEvent(db, { action: "user.updated", actor: { userId: "retention-test" } });
    const deleted = await t.server.auditRetention.purge();
    expect(deleted).toBe(1200);
    const left = await rawDb(t)
      .selectFrom("audit_event")
      .select("id")
      .where("actorId", "=", "retention-test")
      .execute();
    expect(left).toHaveLength(6);
    expect(left.every((r: { id: string }) => !r.id.startsWith("evt_old_"))).toBe(true);
    // Everything else of this suite is younger than 30 days: untouched.
    expect((await eventsOf(t, { actorId: rootId })).length).toBeGreaterThan(0);
    expect(await t.server.auditRetention.purge()).toBe(0);
  });
});
