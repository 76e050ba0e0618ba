import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eventsOf } from "../support/audit.ts";
import {
  api,
  createOrganization,
  dbDate,
  invitationIdFromMail,
  invite,
  rawDb,
  userIdOf,
} from "../support/organizations.ts";
import { startTestApp, type TestApp, testDatabase } from "../support/test-app.ts";
import { createUser, signUpVerified, updateUserRow } from "../support/users.ts";

const TWO_DAYS = 172800 * 1000;

describe(`invitations, SPEC §4 (${testDatabase})`, () => {
  let t: TestApp;
  let owner: Awaited<ReturnType<typeof signUpVerified>>;
  let orgId: string;
  const db = () => rawDb(t);
  const statusOf = async (id: string) =>
    (await db().selectFrom("invitation").select("status").where("id", "=", id).executeTakeFirst())?.status;

  async function invited(extra: Record<string, unknown> = {}) {
    const guest = await signUpVerified(t);
    await invite(t, owner.cookie, orgId, guest.email, "member", extra);
    return { guest, id: await invitationIdFromMail(t, guest.email) };
  }
  async function expire(id: string) {
    await db()
      .updateTable("invitation")
      .set({ expiresAt: dbDate(t, new Date(Date.now() - 1000)) })
      .where("id", "=", id)
      .execute();
  }

  beforeAll(async () => {
    t = await startTestApp();
    owner = await signUpVerified(t);
    orgId = (await createOrganization(t, owner.cookie, { name: "Acme Invitations" })).id;
  });
  afterAll(() => t.close());

  it("mails a link to BETTER_AUTH_URL/accept-invitation/<id>, valid for 2 days", async () => {
    const email = createUser().email;
    const created = await invite(t, owner.cookie, orgId, email, "admin");
    const mail = await t.sink.waitFor(email, /invited you/i);
    expect(mail.text).toContain(`${t.config.baseURL}/accept-invitation/${created.id}`);
    const ttl = new Date(created.expiresAt).getTime() - Date.now();
    expect(ttl).toBeGreaterThan(TWO_DAYS - 60_000);
    expect(ttl).toBeLessThanOrEqual(TWO_DAYS);
  });

  it("shows the landing page what it needs, signed out, by id", async () => {
    const email = createUser().email;
    const created = await invite(t, owner.cookie, orgId, email, ["admin", "member"]);
    const preview = await api(t, `/organization/invitation-preview?id=${created.id}`);
    expect(preview.status).toBe(200);
    expect(preview.body).toMatchObject({
      id: created.id,
      email,
      role: "admin,member",
      status: "pending",
      organizationName: "Acme Invitations",
      inviterName: owner.name,
    });
    expect((await api(t, "/organization/invitation-preview?id=nope")).status).toBe(404);
  });

  it("pending → accepted: the recipient becomes a member, once", async () => {
    const { guest, id } = await invited();
    const res = await api(t, "/organization/accept-invitation", guest.cookie, { invitationId: id });
    expect(res.status).toBe(200);
    expect(res.body.member).toMatchObject({ organizationId: orgId, role: "member" });
    expect(await statusOf(id)).toBe("accepted");
    const again = await api(t, "/organization/accept-invitation", guest.cookie, { invitationId: id });
    expect(again.status).toBe(400);
    expect(again.body.message).toMatch(/invitation not found/i);
    expect((await api(t, "/organization/reject-invitation", guest.cookie, { invitationId: id })).status).toBe(
      400,
    );
  });

  it("pending → rejected, and a rejected invitation cannot be accepted", async () => {
    const { guest, id } = await invited();
    const res = await api(t, "/organization/reject-invitation", guest.cookie, { invitationId: id });
    expect(res.status).toBe(200);
    expect(await statusOf(id)).toBe("rejected");
    expect((await api(t, "/organization/accept-invitation", guest.cookie, { invitationId: id })).status).toBe(
      400,
    );
  });

  it("pending → canceled; only a pending invitation can be cancelled", async () => {
    const { guest, id } = await invited();
    const res = await api(t, "/organization/cancel-invitation", owner.cookie, { invitationId: id });
    expect(res.status).toBe(200);
    expect(res.body.status).toBe("canceled");
    const twice = await api(t, "/organization/cancel-invitation", owner.cookie, { invitationId: id });
    expect(twice.status).toBe(400);
    expect(twice.body.message).toMatch(/only a pending invitation can be cancelled/i);
    expect((await api(t, "/organization/accept-invitation", guest.cookie, { invitationId: id })).status).toBe(
      400,
    );

    const accepted = await invited();
    await api(t, "/organization/accept-invitation", accepted.guest.cookie, { invitationId: accepted.id });
    const late = await api(t, "/organization/cancel-invitation", owner.cookie, { invitationId: accepted.id });
    expect(late.status).toBe(400);
    expect(await statusOf(accepted.id)).toBe("accepted");
  });

  it("an expired invitation can be neither accepted nor rejected; resending renews it", async () => {
    const { guest, id } = await invited();
    await expire(id);
    for (const path of ["/organization/accept-invitation", "/organization/reject-invitation"]) {
      const res = await api(t, path, guest.cookie, { invitationId: id });
      expect(res.status, path).toBe(400);
      expect(res.body.code).toBe("INVITATION_EXPIRED");
    }
    expect(await statusOf(id)).toBe("pending");
    expect((await api(t, `/organization/invitation-preview?id=${id}`)).body.status).toBe("expired");

    const resent = await api(t, "/organization/invite-member", owner.cookie, {
      organizationId: orgId,
      email: guest.email,
      role: "member",
      resend: true,
    });
    expect(resent.status).toBe(200);
    expect(resent.body.id).toBe(id);
    expect(new Date(resent.body.expiresAt).getTime()).toBeGreaterThan(Date.now() + TWO_DAYS - 60_000);
    expect(await invitationIdFromMail(t, guest.email)).toBe(id);
    expect((await api(t, "/organization/accept-invitation", guest.cookie, { invitationId: id })).status).toBe(
      200,
    );
  });

  it("a resend is all or nothing: without its queued mail or its event, the invitation stays as it was", async () => {
    const { guest, id } = await invited();
    await expire(id);
    const expiry = async () =>
      (await db().selectFrom("invitation").select("expiresAt").where("id", "=", id).executeTakeFirstOrThrow())
        .expiresAt;
    const queued = async () =>
      (await db().selectFrom("mail_queue").select("id").where("to", "=", guest.email).execute()).length;
    const invitationMails = () =>
      t.sink.mails.filter((m) => m.to.includes(guest.email) && /invited you/i.test(m.subject)).length;
    // The first invitation's mail delivered and its queue row gone (the row is deleted just after the SMTP
    // answer, so the mail can arrive first), so the queue's count below moves only by ours.
    await expect.poll(invitationMails).toBe(1);
    await expect.poll(queued).toBe(0);
    const before = { expiresAt: await expiry(), queued: await queued() };
    const resend = () =>
      api(t, "/organization/invite-member", owner.cookie, {
        organizationId: orgId,
        email: guest.email,
        role: "member",
        resend: true,
      });
    // A real failure midway, once after the renewal (the mail cannot be queued), once at the very end (the
    // audit event cannot be written): each table is away for one request.
    for (const table of ["mail_queue", "audit_event"]) {
      await sql`alter table ${sql.table(table)} rename to ${sql.table(`${table}_away`)}`.execute(db());
      const refused = await resend().finally(() =>
        sql`alter table ${sql.table(`${table}_away`)} rename to ${sql.table(table)}`.execute(db()),
      );
      expect(refused.status, table).toBe(500);
      expect(refused.body, table).toEqual({
        code: "INTERNAL_SERVER_ERROR",
        message: "Something went wrong on our side",
      });
      expect(await expiry(), table).toEqual(before.expiresAt);
      expect(await statusOf(id), table).toBe("pending");
      expect(await queued(), table).toBe(before.queued);
      expect(await eventsOf(t, { action: "invitation.resent", targetId: id }), table).toEqual([]);
    }

    // Nothing half-done stands in the way: the same resend renews it, mails it and records it, once each.
    const resent = await resend();
    expect(resent.status).toBe(200);
    expect(resent.body).toMatchObject({ id, email: guest.email, role: "member", status: "pending" });
    expect(new Date(resent.body.expiresAt).getTime()).toBeGreaterThan(Date.now() + TWO_DAYS - 60_000);
    // Queued with it and delivered (the worker then deletes the queue row, so the mail itself is the proof).
    await expect.poll(invitationMails).toBe(2);
    expect(await invitationIdFromMail(t, guest.email)).toBe(id);
    const events = await eventsOf(t, { action: "invitation.resent", targetId: id });
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ actorId: await userIdOf(t, owner.cookie), organizationId: orgId });
  });

  it("only the recipient, with a verified email, may accept", async () => {
    const { guest, id } = await invited();
    const stranger = await signUpVerified(t);
    const res = await api(t, "/organization/accept-invitation", stranger.cookie, { invitationId: id });
    expect(res.status).toBe(403);
    expect(res.body.message).toMatch(/not the recipient of the invitation/i);

    await updateUserRow(t, await userIdOf(t, guest.cookie), { emailVerified: false });
    const unverified = await api(t, "/organization/accept-invitation", guest.cookie, { invitationId: id });
    expect(unverified.status).toBe(403);
    expect(await statusOf(id)).toBe("pending");
  });

  it("an invitation naming a team puts the new member in that team", async () => {
    const team = await api(t, "/organization/create-team", owner.cookie, {
      organizationId: orgId,
      name: "Design",
    });
    const { guest, id } = await invited({ teamId: team.body.id });
    expect((await api(t, `/organization/invitation-preview?id=${id}`)).body.teams).toEqual([
      { id: team.body.id, name: "Design" },
    ]);
    expect((await api(t, "/organization/accept-invitation", guest.cookie, { invitationId: id })).status).toBe(
      200,
    );
    const members = await api(t, `/organization/list-team-members?teamId=${team.body.id}`, owner.cookie);
    expect(members.body.map((m: { user: { email: string } }) => m.user.email)).toContain(guest.email);
  });

  it("lists a user's own pending invitations with the organization's name", async () => {
    const { guest, id } = await invited();
    const mine = await api(t, "/organization/list-user-invitations", guest.cookie);
    expect(mine.status).toBe(200);
    expect(mine.body).toEqual([
      expect.objectContaining({ id, organizationName: "Acme Invitations", inviterName: owner.name }),
    ]);
  });

  it("refuses malformed input with a 400 naming the field, writing nothing", async () => {
    const long = await api(t, "/organization/invite-member", owner.cookie, {
      organizationId: orgId,
      email: `${"x".repeat(250)}@example.test`,
      role: "member",
    });
    expect(long.status).toBe(400);
    expect(long.body.message).toMatch(/email/);
    const missing = await api(t, "/organization/cancel-invitation", owner.cookie, {});
    expect(missing.status).toBe(400);
    expect(missing.body.message).toMatch(/invitationId/);
    const badRole = await api(t, "/organization/invite-member", owner.cookie, {
      organizationId: orgId,
      email: createUser().email,
      role: "emperor",
    });
    expect(badRole.status).toBe(400);
  });
});
