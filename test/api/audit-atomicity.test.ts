import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eventsOf } from "../support/audit.ts";
import { api, createOrganization, invite, rawDb, signUpWithId } from "../support/organizations.ts";
import { startTestApp, type TestApp, testDatabase } from "../support/test-app.ts";
import { enrolAccount } from "../support/two-factor.ts";
import { createUser, signUpVerified } from "../support/users.ts";

const ROOT_EMAIL = "audit-atomicity-root@example.test";

/**
 * Decision 30: where the change is Gatehouse's own, its audit event is written in the change's transaction, so
 * one is never kept without the other. With the audit table out of reach the change must fail as a whole: an
 * error answer (not a hang, not a success) and nothing changed.
 */
describe(`audit events written in the change's own transaction (${testDatabase})`, () => {
  let t: TestApp;
  let owner: Awaited<ReturnType<typeof signUpWithId>>;
  let root: string;

  beforeAll(async () => {
    t = await startTestApp({ ADMIN_EMAILS: ROOT_EMAIL });
    owner = await signUpWithId(t);
    root = (await signUpVerified(t, createUser({ email: ROOT_EMAIL }))).cookie;
  });
  afterAll(() => t?.close());

  /** Runs `change` while the audit table is renamed away (every insert into it fails), then puts it back. */
  async function withoutAuditTable<T>(change: () => Promise<T>): Promise<T> {
    const db = t.server.database.db;
    await sql`alter table audit_event rename to audit_event_away`.execute(db);
    try {
      // A hang would end the test at its timeout, not here: 10 s is far beyond any answer.
      return await Promise.race([
        change(),
        new Promise<never>((_, reject) => setTimeout(() => reject(new Error("no answer in 10 s")), 10_000)),
      ]);
    } finally {
      await sql`alter table audit_event_away rename to audit_event`.execute(db);
    }
  }

  /** An unexpected failure inside better-auth answers like any other route: JSON, nothing of its text. */
  function expectServerError(res: { status: number; body: unknown }) {
    expect(res.status).toBe(500);
    expect(res.body).toEqual({ code: "INTERNAL_SERVER_ERROR", message: "Something went wrong on our side" });
  }

  it("cancel-invitation: the invitation stays pending and no event is kept", async () => {
    const orgId = (await createOrganization(t, owner.cookie)).id;
    const invitation = await invite(t, owner.cookie, orgId, `kept-${Date.now()}@example.test`);
    const res = await withoutAuditTable(() =>
      api(t, "/organization/cancel-invitation", owner.cookie, { invitationId: invitation.id }),
    );
    expectServerError(res);
    const row = await rawDb(t)
      .selectFrom("invitation")
      .select("status")
      .where("id", "=", invitation.id)
      .executeTakeFirst();
    expect(row?.status).toBe("pending");
    expect(await eventsOf(t, { action: "invitation.cancelled", targetId: invitation.id })).toHaveLength(0);
    // With the table back the same request succeeds, recorded once.
    const again = await api(t, "/organization/cancel-invitation", owner.cookie, {
      invitationId: invitation.id,
    });
    expect(again.status).toBe(200);
    expect(again.body.status).toBe("canceled");
    expect(await eventsOf(t, { action: "invitation.cancelled", targetId: invitation.id })).toHaveLength(1);
  });

  it("invite-member: no invitation and no mail is kept (decision 34)", async () => {
    const orgId = (await createOrganization(t, owner.cookie)).id;
    const email = `unrecorded-${Date.now()}@example.test`;
    const res = await withoutAuditTable(() =>
      api(t, "/organization/invite-member", owner.cookie, { email, role: "member", organizationId: orgId }),
    );
    expectServerError(res);
    const db = rawDb(t);
    expect(await db.selectFrom("invitation").select("id").where("email", "=", email).execute()).toEqual([]);
    expect(await db.selectFrom("mail_queue").select("id").where("to", "=", email).execute()).toEqual([]);
    expect(t.sink.mails.filter((m) => m.to.includes(email))).toEqual([]);
    // With the table back the same invitation is sent, recorded once.
    const invitation = await invite(t, owner.cookie, orgId, email);
    expect(await eventsOf(t, { action: "invitation.created", targetId: invitation.id })).toHaveLength(1);
  });

  it("organization/delete: the organization, its members and its invitations stay", async () => {
    const org = await createOrganization(t, owner.cookie);
    const invitation = await invite(t, owner.cookie, org.id, `stays-${Date.now()}@example.test`);
    const res = await withoutAuditTable(() =>
      api(t, "/organization/delete", owner.cookie, { organizationId: org.id }),
    );
    expectServerError(res);
    const db = rawDb(t);
    expect(
      await db.selectFrom("organization").select("slug").where("id", "=", org.id).executeTakeFirst(),
    ).toEqual({ slug: org.slug });
    const members = await db
      .selectFrom("member")
      .select("userId")
      .where("organizationId", "=", org.id)
      .execute();
    expect(members).toEqual([{ userId: owner.id }]);
    const kept = await db.selectFrom("invitation").select("status").where("id", "=", invitation.id).execute();
    expect(kept).toEqual([{ status: "pending" }]);
    expect(await eventsOf(t, { action: "organization.deleted", targetId: org.id })).toHaveLength(0);
    // The owner can still open it and, with the table back, delete it.
    const full = await api(t, `/organization/get-full-organization?organizationId=${org.id}`, owner.cookie);
    expect(full.body.id).toBe(org.id);
    const deleted = await api(t, "/organization/delete", owner.cookie, { organizationId: org.id });
    expect(deleted.status).toBe(200);
    expect(await eventsOf(t, { action: "organization.deleted", targetId: org.id })).toHaveLength(1);
  });

  it("an admin's two-factor reset: two-factor stays on and no event is kept", async () => {
    const target = await signUpWithId(t);
    await enrolAccount(t, target);
    const reset = () =>
      t.request(`/api/admin/users/${target.id}/reset-two-factor`, { cookie: root, json: {} });
    const res = await withoutAuditTable(reset);
    expect(res.status).toBe(500);
    expect(await res.json()).toEqual({
      code: "INTERNAL_SERVER_ERROR",
      message: "Something went wrong on our side",
    });
    const user = await rawDb(t)
      .selectFrom("user")
      .select("twoFactorEnabled")
      .where("id", "=", target.id)
      .executeTakeFirst();
    expect(Boolean(user?.twoFactorEnabled)).toBe(true);
    const secrets = await rawDb(t)
      .selectFrom("twoFactor")
      .select("id")
      .where("userId", "=", target.id)
      .execute();
    expect(secrets).toHaveLength(1);
    expect(await eventsOf(t, { action: "user.two_factor_reset", targetId: target.id })).toHaveLength(0);
    expect((await reset()).status).toBe(200);
    expect(await eventsOf(t, { action: "user.two_factor_reset", targetId: target.id })).toHaveLength(1);
  });
});
