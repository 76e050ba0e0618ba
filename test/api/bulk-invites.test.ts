import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eventsOf } from "../support/audit.ts";
import { addMember, api, createOrganization, invite, rawDb, signUpWithId } from "../support/organizations.ts";
import { startTestApp, type TestApp, testDatabase } from "../support/test-app.ts";
import { uniqueEmail } from "../support/users.ts";

type Row = { line: number; email: string; status?: string; problems: { code: string }[] };

/** POSTs a CSV body to a bulk-invitation route as the cookie's user. */
async function bulk(t: TestApp, orgId: string, step: "preview" | "send", csv: string, cookie?: string) {
  const res = await t.request(`/api/organizations/${orgId}/bulk-invitations/${step}`, {
    method: "POST",
    headers: { "content-type": "text/csv" },
    body: csv,
    cookie,
  });
  const text = await res.text();
  // biome-ignore lint/suspicious/noExplicitAny: tests assert on whatever JSON came back
  return { status: res.status, body: (text ? JSON.parse(text) : null) as any };
}

const codesByEmail = (rows: Row[]) =>
  Object.fromEntries(rows.map((r) => [r.email, r.problems.map((p) => p.code)]));

async function pendingEmails(t: TestApp, orgId: string): Promise<string[]> {
  const rows = await rawDb(t)
    .selectFrom("invitation")
    .select("email")
    .where("organizationId", "=", orgId)
    .where("status", "=", "pending")
    .execute();
  return rows.map((r: { email: string }) => r.email).sort();
}

describe(`bulk invitations (${testDatabase})`, () => {
  let t: TestApp;
  let owner: Awaited<ReturnType<typeof signUpWithId>>;

  beforeAll(async () => {
    t = await startTestApp();
    owner = await signUpWithId(t);
  });
  afterAll(() => t.close());

  it("previews every row's problems, then sends the good rows only, each its own invitation", async () => {
    const org = await createOrganization(t, owner.cookie);
    const team = await api(t, "/organization/create-team", owner.cookie, {
      organizationId: org.id,
      name: "Design",
    });
    expect(team.status).toBe(200);
    const member = await signUpWithId(t);
    await addMember(t, owner.cookie, org.id, member);
    const invited = uniqueEmail("invited");
    await invite(t, owner.cookie, org.id, invited);
    const [good, withTeam, admin] = [uniqueEmail("good"), uniqueEmail("team"), uniqueEmail("admin")];
    const csv = [
      "Email,Roles,Team",
      `${good},,`,
      `${withTeam.toUpperCase()},member,design`,
      `${admin},admin;member,${team.body.id}`,
      "not-an-address,,",
      `${good},admin,`,
      `${member.email},,`,
      `${invited},,`,
      `${uniqueEmail("role")},superuser,`,
      `${uniqueEmail("nteam")},,Nowhere`,
    ].join("\r\n");

    const preview = await bulk(t, org.id, "preview", csv, owner.cookie);
    expect(preview.status).toBe(200);
    const rows = preview.body.rows as Row[];
    expect(rows.map((r) => r.line)).toEqual([2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(rows.map((r) => r.problems.map((p) => p.code))).toEqual([
      [],
      [],
      [],
      ["INVALID_EMAIL"],
      ["DUPLICATE_ROW"],
      ["ALREADY_MEMBER"],
      ["ALREADY_INVITED"],
      ["UNKNOWN_ROLE"],
      ["UNKNOWN_TEAM"],
    ]);
    expect(rows[1]).toMatchObject({ email: withTeam, team: "Design", roles: ["member"] });
    expect(rows[2]).toMatchObject({ roles: ["admin", "member"], team: "Design" });
    expect(preview.body.ready).toBe(3);
    // The preview sent nothing.
    expect(await pendingEmails(t, org.id)).toEqual([invited]);

    const sent = await bulk(t, org.id, "send", csv, owner.cookie);
    expect(sent.status).toBe(200);
    expect(sent.body).toMatchObject({ sent: 3, skipped: 6 });
    const results = sent.body.rows as Row[];
    expect(results.filter((r) => r.status === "sent").map((r) => r.email)).toEqual([good, withTeam, admin]);
    expect(codesByEmail(results.filter((r) => r.status === "skipped"))["not-an-address"]).toEqual([
      "INVALID_EMAIL",
    ]);
    expect(await pendingEmails(t, org.id)).toEqual([admin, good, invited, withTeam].sort());
    const stored = await rawDb(t)
      .selectFrom("invitation")
      .select(["email", "role", "teamId", "inviterId"])
      .where("email", "in", [withTeam, admin])
      .orderBy("email")
      .execute();
    expect(stored).toEqual(
      [
        { email: withTeam, role: "member", teamId: team.body.id, inviterId: owner.id },
        { email: admin, role: "admin,member", teamId: team.body.id, inviterId: owner.id },
      ].sort((a, b) => a.email.localeCompare(b.email)),
    );
    // Each went through invite-member: its mail, its own audit event; and one summary event.
    for (const email of [good, withTeam, admin]) await t.sink.waitFor(email, /invited you/i);
    const created = await eventsOf(t, { action: "invitation.created", organizationId: org.id });
    expect(created.map((e) => e.targetLabel).sort()).toEqual(
      [admin, good, invited, withTeam, member.email].sort(),
    );
    const summary = await eventsOf(t, { action: "invitation.bulk_sent", organizationId: org.id });
    expect(summary).toHaveLength(1);
    expect(summary[0]).toMatchObject({ actorId: owner.id, details: { sent: 3, skipped: 6 } });

    // Sending the same file again sends nobody twice.
    const again = await bulk(t, org.id, "send", csv, owner.cookie);
    expect(again.body.sent).toBe(0);
    expect(again.body.rows[0]).toMatchObject({ email: good, problems: [{ code: "ALREADY_INVITED" }] });
  });

  it("writes an invitation with its queued mail and its event, or nothing: a mail not queued rolls it back", async () => {
    const org = await createOrganization(t, owner.cookie);
    const email = uniqueEmail("unqueued");
    // The mail queue's table is away for one invitation: the mail cannot be queued.
    await sql`alter table mail_queue rename to mail_queue_away`.execute(rawDb(t));
    const refused = await api(t, "/organization/invite-member", owner.cookie, {
      email,
      role: "member",
      organizationId: org.id,
    }).finally(() => sql`alter table mail_queue_away rename to mail_queue`.execute(rawDb(t)));
    expect(refused.status).toBe(500);
    expect(refused.body).toEqual({
      code: "INTERNAL_SERVER_ERROR",
      message: "Something went wrong on our side",
    });
    expect(await pendingEmails(t, org.id)).toEqual([]);
    expect(await eventsOf(t, { action: "invitation.created", organizationId: org.id })).toEqual([]);

    // Nothing half-sent stands in the way: the same address is invited at once, mail and event included.
    const sent = await invite(t, owner.cookie, org.id, email);
    expect((await t.sink.waitFor(email)).text).toContain(`/accept-invitation/${sent.id}`);
    const created = await eventsOf(t, { action: "invitation.created", organizationId: org.id });
    expect(created.map((e) => [e.targetId, e.actorId])).toEqual([[sent.id, owner.id]]);
  });

  it("reads a plain list without a header, and refuses a role above the inviter's own", async () => {
    const org = await createOrganization(t, owner.cookie);
    const admin = await signUpWithId(t);
    await addMember(t, owner.cookie, org.id, admin, "admin");
    const [a, b] = [uniqueEmail("plain"), uniqueEmail("plain")];
    const list = await bulk(t, org.id, "preview", `${a}\n${b}\n\n`, admin.cookie);
    expect(list.status).toBe(200);
    expect(list.body.rows.map((r: Row) => [r.line, r.email, r.problems])).toEqual([
      [1, a, []],
      [2, b, []],
    ]);
    const owners = `email,roles\n${a},owner\n${b},"admin,member"\n`;
    const byAdmin = await bulk(t, org.id, "send", owners, admin.cookie);
    expect(codesByEmail(byAdmin.body.rows)).toEqual({ [a]: ["ROLE_NOT_ALLOWED"], [b]: [] });
    expect(await pendingEmails(t, org.id)).toEqual([b]);
    // An owner may give owner.
    expect((await bulk(t, org.id, "send", owners, owner.cookie)).body.sent).toBe(1);
  });

  it("refuses a CSV over 1 MB (413) or 1 000 rows (400), or that is not CSV, before sending anything", async () => {
    const org = await createOrganization(t, owner.cookie);
    const rows = (n: number) => Array.from({ length: n }, (_, i) => `bulk-${i}-${Date.now()}@example.test`);
    const huge = `${rows(1).join("\n")}\n${"x".repeat(1024 * 1024)}`;
    for (const step of ["preview", "send"] as const) {
      expect((await bulk(t, org.id, step, huge, owner.cookie)).status).toBe(413);
      const tooMany = await bulk(t, org.id, step, `email\n${rows(1001).join("\n")}`, owner.cookie);
      expect(tooMany.status).toBe(400);
      expect(tooMany.body.code).toBe("TOO_MANY_ROWS");
      const broken = await bulk(t, org.id, step, `email\n"${rows(1)[0]},member`, owner.cookie);
      expect(broken.body).toMatchObject({ code: "INVALID_CSV" });
      expect((await bulk(t, org.id, step, "email\n\n", owner.cookie)).body.code).toBe("EMPTY_CSV");
    }
    expect(await pendingEmails(t, org.id)).toEqual([]);
    // 1 000 rows exactly are read (and shown), header apart.
    const limit = await bulk(t, org.id, "preview", `email\n${rows(1000).join("\n")}`, owner.cookie);
    expect(limit.status).toBe(200);
    expect(limit.body.rows).toHaveLength(1000);
    // The default membership limit (100) leaves 99 places: the rest are over it.
    expect(limit.body.ready).toBe(99);
    expect(limit.body.rows[99].problems.map((p: { code: string }) => p.code)).toEqual([
      "OVER_MEMBERSHIP_LIMIT",
    ]);
  });

  it("answers only an organization's inviters, from a session on the app's own origin", async () => {
    const org = await createOrganization(t, owner.cookie);
    const member = await signUpWithId(t);
    await addMember(t, owner.cookie, org.id, member);
    const outsider = await signUpWithId(t);
    const csv = `${uniqueEmail("x")}\n`;
    expect((await bulk(t, org.id, "send", csv)).status).toBe(401);
    const asMember = await bulk(t, org.id, "send", csv, member.cookie);
    expect(asMember).toMatchObject({
      status: 403,
      body: { code: "YOU_ARE_NOT_ALLOWED_TO_INVITE_USERS_TO_THIS_ORGANIZATION" },
    });
    const asOutsider = await bulk(t, org.id, "preview", csv, outsider.cookie);
    expect(asOutsider).toMatchObject({ status: 403, body: { code: "NOT_A_MEMBER_OF_THE_ORGANIZATION" } });
    const nowhere = await bulk(t, "no-such-org", "preview", csv, owner.cookie);
    expect(nowhere.body).toEqual(asOutsider.body);
    const foreign = await t.request(`/api/organizations/${org.id}/bulk-invitations/send`, {
      method: "POST",
      headers: { "content-type": "text/csv", origin: "https://evil.example" },
      body: csv,
      cookie: owner.cookie,
    });
    expect(foreign.status).toBe(403);
    expect(await pendingEmails(t, org.id)).toEqual([]);
  });
});

describe(`bulk invitations under the membership limit (${testDatabase})`, () => {
  let t: TestApp;
  let owner: Awaited<ReturnType<typeof signUpWithId>>;

  beforeAll(async () => {
    t = await startTestApp({ MEMBERSHIP_LIMIT: "4" });
    owner = await signUpWithId(t);
  });
  afterAll(() => t.close());

  it("counts members and pending invitations, in preview and in sending, even for sends at once", async () => {
    const org = await createOrganization(t, owner.cookie);
    await invite(t, owner.cookie, org.id, uniqueEmail("first"));
    const list = (n: number) => Array.from({ length: n }, () => uniqueEmail("bulk")).join("\n");
    const preview = await bulk(t, org.id, "preview", list(4), owner.cookie);
    expect(preview.body.placesLeft).toBe(2);
    expect(preview.body.rows.map((r: Row) => r.problems.map((p) => p.code))).toEqual([
      [],
      [],
      ["OVER_MEMBERSHIP_LIMIT"],
      ["OVER_MEMBERSHIP_LIMIT"],
    ]);
    // Three lists sent at once, two places: two invitations in all.
    const sends = await Promise.all([1, 2, 3].map(() => bulk(t, org.id, "send", list(2), owner.cookie)));
    expect(sends.map((s) => s.status)).toEqual([200, 200, 200]);
    expect(sends.reduce((n, s) => n + s.body.sent, 0)).toBe(2);
    expect(await pendingEmails(t, org.id)).toHaveLength(3);
  });
});

describe(`bulk invitations past 100 pending (${testDatabase})`, () => {
  let t: TestApp;
  let owner: Awaited<ReturnType<typeof signUpWithId>>;

  beforeAll(async () => {
    t = await startTestApp({ MEMBERSHIP_LIMIT: "125" });
    owner = await signUpWithId(t);
  });
  afterAll(() => t.close());

  it("sends as many as the membership limit leaves places for, not better-auth's default 100", async () => {
    const org = await createOrganization(t, owner.cookie);
    const list = Array.from({ length: 130 }, () => uniqueEmail("many")).join("\n");
    const sent = await bulk(t, org.id, "send", list, owner.cookie);
    expect(sent.status).toBe(200);
    // 125 places, the owner's taken: 124 invitations, the last six rows over the limit.
    expect(sent.body.sent).toBe(124);
    expect(
      (sent.body.rows as Row[]).filter((r) => r.status === "skipped").map((r) => r.problems[0]?.code),
    ).toEqual(Array(6).fill("OVER_MEMBERSHIP_LIMIT"));
    expect(await pendingEmails(t, org.id)).toHaveLength(124);
  });
});
