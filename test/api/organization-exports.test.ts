import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseCsv } from "#server/http/csv.ts";
import { addMember, api, createOrganization, invite, rawDb, signUpWithId } from "../support/organizations.ts";
import { startTestApp, type TestApp, testDatabase } from "../support/test-app.ts";
import { uniqueEmail } from "../support/users.ts";

/** GETs an export as the cookie's user: status, headers and the CSV's records (cells only). */
async function exported(t: TestApp, orgId: string, what: "members" | "invitations", cookie?: string) {
  const res = await t.request(`/api/organizations/${orgId}/${what}.csv`, { cookie });
  const text = await res.text();
  const records = res.status === 200 ? parseCsv(text).map((r) => r.cells) : [];
  return { status: res.status, type: res.headers.get("content-type"), text, records };
}

describe(`member and invitation exports (${testDatabase})`, () => {
  let t: TestApp;
  let owner: Awaited<ReturnType<typeof signUpWithId>>;

  beforeAll(async () => {
    t = await startTestApp();
    owner = await signUpWithId(t);
  });
  afterAll(() => t.close());

  it("exports members (name, email, roles, teams, joined) with formula cells neutralised", async () => {
    const org = await createOrganization(t, owner.cookie);
    const tricky = await signUpWithId(t);
    await addMember(t, owner.cookie, org.id, tricky, ["admin", "member"]);
    await rawDb(t)
      .updateTable("user")
      .set({ name: '=HYPERLINK("http://evil.example","Click")' })
      .where("id", "=", tricky.id)
      .execute();
    const team = await api(t, "/organization/create-team", owner.cookie, {
      organizationId: org.id,
      name: "+Ops, night",
    });
    for (const userId of [tricky.id, owner.id]) {
      const added = await api(t, "/organization/add-team-member", owner.cookie, {
        teamId: team.body.id,
        userId,
      });
      expect(added.status).toBe(200);
    }

    const csv = await exported(t, org.id, "members", tricky.cookie);
    expect(csv.status).toBe(200);
    expect(csv.type).toMatch(/^text\/csv/);
    expect(csv.text.split("\r\n")[0]).toBe("name,email,roles,teams,joined");
    expect(csv.records).toHaveLength(3);
    const [, first, second] = csv.records;
    expect(first?.slice(0, 4)).toEqual([owner.name, owner.email, "owner", `'+Ops, night; ${org.name}`]);
    expect(second?.slice(0, 4)).toEqual([
      `'=HYPERLINK("http://evil.example","Click")`,
      tricky.email,
      "admin; member",
      "'+Ops, night",
    ]);
    // RFC 4180 on the wire: the quoted cell doubles its quotes.
    expect(csv.text).toContain(`"'=HYPERLINK(""http://evil.example"",""Click"")"`);
    expect(Number.isNaN(Date.parse(second?.[4] ?? ""))).toBe(false);
  });

  it("exports invitations (email, roles, team, status, expires, invitedBy) for those who may invite", async () => {
    const org = await createOrganization(t, owner.cookie);
    const team = await api(t, "/organization/create-team", owner.cookie, {
      organizationId: org.id,
      name: "QA",
    });
    const admin = await signUpWithId(t);
    await addMember(t, owner.cookie, org.id, admin, "admin");
    const [plain, teamed, ownerInvite, gone] = [
      uniqueEmail("p"),
      uniqueEmail("t"),
      uniqueEmail("o"),
      uniqueEmail("g"),
    ];
    await invite(t, owner.cookie, org.id, plain);
    await invite(t, admin.cookie, org.id, teamed, "member", { teamId: team.body.id });
    await invite(t, owner.cookie, org.id, ownerInvite, "owner");
    const cancelled = await invite(t, owner.cookie, org.id, gone);
    await api(t, "/organization/cancel-invitation", owner.cookie, { invitationId: cancelled.id });

    const byOwner = await exported(t, org.id, "invitations", owner.cookie);
    expect(byOwner.status).toBe(200);
    expect(byOwner.records[0]).toEqual(["email", "roles", "team", "status", "expires", "invitedBy"]);
    const rows = Object.fromEntries(byOwner.records.slice(1).map((r) => [r[0], r.slice(1)]));
    expect(rows[plain]?.slice(0, 3)).toEqual(["member", "", "pending"]);
    expect(rows[teamed]?.slice(0, 3)).toEqual(["member", "QA", "pending"]);
    expect(rows[teamed]?.[4]).toBe(`${admin.name} <${admin.email}>`);
    expect(rows[gone]?.[2]).toBe("canceled");
    expect(rows[ownerInvite]?.[0]).toBe("owner");
    // admin invitation lists never show owner invitations to non-owners; nor does the export.
    const byAdmin = await exported(t, org.id, "invitations", admin.cookie);
    expect(byAdmin.records.map((r) => r[0])).not.toContain(ownerInvite);
    // The header, the admin's own accepted invitation and the three others.
    expect(byAdmin.records).toHaveLength(5);
  });

  it("refuses outsiders, members for invitations, signed-out callers and the two-factor policy", async () => {
    const org = await createOrganization(t, owner.cookie);
    const member = await signUpWithId(t);
    await addMember(t, owner.cookie, org.id, member);
    const outsider = await signUpWithId(t);
    expect((await exported(t, org.id, "members")).status).toBe(401);
    expect((await exported(t, org.id, "members", outsider.cookie)).status).toBe(403);
    expect((await exported(t, org.id, "members", member.cookie)).status).toBe(200);
    // An API key exports nothing, whoever holds it (a person's session only).
    const withKey = await t.request(`/api/organizations/${org.id}/members.csv`, {
      headers: { "x-api-key": "gh_anything" },
      cookie: member.cookie,
    });
    expect(withKey.status).toBe(403);
    expect((await withKey.json()).code).toBe("API_KEY_NOT_ALLOWED");
    const invitations = await exported(t, org.id, "invitations", member.cookie);
    expect(invitations.status).toBe(403);
    expect(JSON.parse(invitations.text).code).toBe("NOT_ALLOWED_TO_LIST_INVITATIONS");
    await rawDb(t)
      .updateTable("organization")
      .set({ requireTwoFactor: t.server.database.kind === "sqlite" ? 1 : true })
      .where("id", "=", org.id)
      .execute();
    const policed = await exported(t, org.id, "members", member.cookie);
    expect(policed.status).toBe(403);
    expect(JSON.parse(policed.text).code).toBe("TWO_FACTOR_REQUIRED_BY_ORGANIZATION");
  });
});
