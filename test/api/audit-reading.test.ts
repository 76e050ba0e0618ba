import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { recordEvent } from "#server/events/record.ts";
import { auditCsvColumns } from "#shared/contracts/audit.ts";
import { addMember, api, createOrganization, signUpWithId } from "../support/organizations.ts";
import { startTestApp, type TestApp, testDatabase } from "../support/test-app.ts";
import { createUser, signUpVerified } from "../support/users.ts";

const ROOT_EMAIL = "audit-root@example.test";

/** Parses RFC 4180 text (quoted cells, doubled quotes, CRLF rows) into rows of cells. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = "";
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ",") {
      row.push(cell);
      cell = "";
    } else if (ch === "\r" && text[i + 1] === "\n") {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = "";
      i++;
    } else cell += ch;
  }
  return rows;
}

/** Issue 17: who reads which events, filters, cursor paging and the CSV export of GET /api/audit. */
describe(`audit log: reading it (${testDatabase})`, () => {
  let t: TestApp;
  let root: string;
  let owner: Awaited<ReturnType<typeof signUpWithId>>;
  let orgId: string;
  let otherOrgId: string;

  const read = async (path: string, cookie: string, accept?: string) => {
    const res = await t.request(path, { cookie, headers: accept ? { accept } : {} });
    return { status: res.status, headers: res.headers, text: await res.text() };
  };
  const page = async (path: string, cookie: string) => {
    const res = await read(path, cookie);
    expect(res.status, res.text).toBe(200);
    return JSON.parse(res.text) as {
      events: {
        id: string;
        action: string;
        organizationId: string | null;
        actor: { userId: string | null; email: string | null };
        target: { label: string | null } | null;
      }[];
      nextCursor: string | null;
    };
  };

  beforeAll(async () => {
    t = await startTestApp({ ADMIN_EMAILS: ROOT_EMAIL });
    root = (await signUpVerified(t, createUser({ email: ROOT_EMAIL }))).cookie;
    owner = await signUpWithId(t);
    orgId = (
      await createOrganization(t, owner.cookie, { name: '=HYPERLINK("http://evil.test","x"), "quoted"' })
    ).id;
    const stranger = await signUpWithId(t);
    otherOrgId = (await createOrganization(t, stranger.cookie)).id;
  });
  afterAll(() => t.close());

  it("shows an organization's events to its owners and admins only; admins see everything", async () => {
    const admin = await signUpWithId(t);
    const member = await signUpWithId(t);
    await addMember(t, owner.cookie, orgId, admin, "admin");
    await addMember(t, owner.cookie, orgId, member, "member");
    const asAdmin = await page(`/api/audit?organizationId=${orgId}`, admin.cookie);
    expect(asAdmin.events.length).toBeGreaterThan(0);
    expect(asAdmin.events.every((e) => e.organizationId === orgId)).toBe(true);
    expect(asAdmin.events.map((e) => e.action)).toContain("organization.created");
    // The actor's name and email come with each event.
    const created = asAdmin.events.find((e) => e.action === "organization.created");
    expect(created?.actor).toMatchObject({ userId: owner.id, email: owner.email });

    const asMember = await read(`/api/audit?organizationId=${orgId}`, member.cookie);
    expect(asMember.status).toBe(403);
    expect(JSON.parse(asMember.text)).toMatchObject({ code: "FORBIDDEN" });
    const outsider = await read(`/api/audit?organizationId=${otherOrgId}`, admin.cookie);
    expect(outsider.status).toBe(403);
    expect(JSON.parse(outsider.text).code).toBe("NOT_A_MEMBER_OF_THE_ORGANIZATION");
    expect((await read("/api/audit", admin.cookie)).status).toBe(403);
    expect((await read(`/api/audit?organizationId=${orgId}&q=x`, admin.cookie)).status).toBe(403);
    expect((await read("/api/audit", "")).status).toBe(401);
    const byKey = await t.request(`/api/audit?organizationId=${orgId}`, {
      headers: { "x-api-key": "gk_org_x" },
    });
    expect(byKey.status).toBe(403);
    expect(((await byKey.json()) as { code: string }).code).toBe("API_KEY_NOT_ALLOWED");

    const all = await page("/api/audit?limit=200", root);
    expect(new Set(all.events.map((e) => e.organizationId))).toEqual(new Set([orgId, otherOrgId, null]));
    const found = await page(`/api/audit?q=${encodeURIComponent(member.email.toUpperCase())}`, root);
    expect(found.events.length).toBeGreaterThan(0);
    expect(
      found.events.every((e) => e.actor.email === member.email || e.target?.label === member.email),
    ).toBe(true);
  });

  it("filters by actor, action family and time; refuses unknown actions and cursors", async () => {
    const byOwner = await page(`/api/audit?organizationId=${orgId}&actorId=${owner.id}`, owner.cookie);
    expect(byOwner.events.every((e) => e.actor.userId === owner.id)).toBe(true);
    const invitations = await page(`/api/audit?organizationId=${orgId}&action=invitation.`, owner.cookie);
    expect(new Set(invitations.events.map((e) => e.action))).toEqual(
      new Set(["invitation.created", "invitation.accepted"]),
    );
    const exact = await page(`/api/audit?organizationId=${orgId}&action=invitation.accepted`, owner.cookie);
    expect(exact.events.every((e) => e.action === "invitation.accepted")).toBe(true);
    const future = new Date(Date.now() + 60_000).toISOString();
    expect((await page(`/api/audit?organizationId=${orgId}&from=${future}`, owner.cookie)).events).toEqual(
      [],
    );
    expect((await page(`/api/audit?organizationId=${orgId}&to=${future}`, owner.cookie)).events.length).toBe(
      (await page(`/api/audit?organizationId=${orgId}`, owner.cookie)).events.length,
    );
    for (const bad of [
      "action=member.nope",
      "action=nothing.",
      "cursor=bm9wZQ",
      "limit=0",
      "from=yesterday",
    ]) {
      const res = await read(`/api/audit?organizationId=${orgId}&${bad}`, owner.cookie);
      expect(res.status, bad).toBe(400);
      expect(JSON.parse(res.text).code, bad).toMatch(/^INVALID_/);
    }
  });

  it("pages newest first without gaps or repeats, ties in time included", async () => {
    const pagedOrg = (await createOrganization(t, owner.cookie)).id;
    const db = t.server.database.db;
    for (let i = 0; i < 45; i++) {
      await recordEvent(db, {
        action: "team.created",
        actor: { userId: owner.id },
        target: { type: "team", id: `team-${i}` },
        organizationId: pagedOrg,
      });
    }
    // Same instant: the id orders them.
    const createdAt = new Date().toISOString();
    await db
      .insertInto("audit_event")
      .values(
        Array.from({ length: 12 }, (_, i) => ({
          id: `evt_tie_${String(i).padStart(2, "0")}`,
          createdAt,
          action: "team.deleted",
          outcome: "success",
          actorId: owner.id,
          organizationId: pagedOrg,
          details: "{}",
        })),
      )
      .execute();
    const whole = await page(`/api/audit?organizationId=${pagedOrg}&limit=200`, owner.cookie);
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const next = await page(
        `/api/audit?organizationId=${pagedOrg}&limit=7${cursor ? `&cursor=${cursor}` : ""}`,
        owner.cookie,
      );
      expect(next.events.length).toBeLessThanOrEqual(7);
      seen.push(...next.events.map((e) => e.id));
      cursor = next.nextCursor;
    } while (cursor);
    expect(seen).toEqual(whole.events.map((e) => e.id));
    expect(new Set(seen).size).toBe(whole.events.length);
    // 45 + 12 seeded, and the organization's own creation.
    expect(seen.length).toBe(58);
  });

  it("exports the same filtered events as CSV, quoted and safe from spreadsheet formulas", async () => {
    const json = await page(`/api/audit?organizationId=${orgId}&limit=200`, owner.cookie);
    const csv = await read(`/api/audit?organizationId=${orgId}`, owner.cookie, "text/csv");
    expect(csv.status).toBe(200);
    expect(csv.headers.get("content-type")).toMatch(/^text\/csv/);
    expect(csv.headers.get("x-export-capped")).toBeNull();
    const [header, ...rows] = parseCsv(csv.text);
    expect(header).toEqual([...auditCsvColumns]);
    const idColumn = auditCsvColumns.indexOf("action");
    expect(rows.map((r) => r[idColumn])).toEqual(json.events.map((e) => e.action));
    const labels = rows.map((r) => r[auditCsvColumns.indexOf("targetLabel")]);
    expect(labels).toContain(`'=HYPERLINK("http://evil.test","x"), "quoted"`);
    expect(labels.some((l) => l?.startsWith("="))).toBe(false);
    // A filter applies to the export as to the page.
    const filtered = await read(
      `/api/audit?organizationId=${orgId}&action=member.`,
      owner.cookie,
      "text/csv",
    );
    const filteredRows = parseCsv(filtered.text).slice(1);
    expect(filteredRows.every((r) => r[idColumn]?.startsWith("member."))).toBe(true);
  });

  it("caps an export at 50 000 rows and says so", async () => {
    const bigOrg = (await createOrganization(t, owner.cookie)).id;
    const db = t.server.database.db;
    const start = Date.now() - 60_000_000;
    for (let batch = 0; batch < 51; batch++) {
      await db
        .insertInto("audit_event")
        .values(
          Array.from({ length: batch === 50 ? 1 : 1000 }, (_, i) => ({
            id: `evt_cap_${batch}_${i}`,
            createdAt: new Date(start + batch * 1000 + i).toISOString(),
            action: "team.created",
            outcome: "success" as const,
            organizationId: bigOrg,
            details: "{}",
          })),
        )
        .execute();
    }
    // 50 001 seeded, and the organization's creation.
    const capped = await read(`/api/audit?organizationId=${bigOrg}`, owner.cookie, "text/csv");
    expect(capped.headers.get("x-export-capped")).toBe("true");
    expect(capped.text.split("\r\n").length - 2).toBe(50_000);
    // The newest first: the organization's creation leads.
    expect(capped.text.split("\r\n")[1]).toContain("organization.created");
    const narrower = await read(
      `/api/audit?organizationId=${bigOrg}&action=organization.created`,
      owner.cookie,
      "text/csv",
    );
    expect(narrower.headers.get("x-export-capped")).toBeNull();
    expect(narrower.text.split("\r\n").length - 2).toBe(1);
  }, 60_000);

  it("shows each person their own activity: what they did and what was done to their account", async () => {
    const person = await signUpWithId(t);
    const wrong = await api(t, "/sign-in/email", undefined, {
      email: person.email,
      password: "not my password",
    });
    expect(wrong.status).toBe(401);
    const mine = await page("/api/account/activity", person.cookie);
    const actions = mine.events.map((e) => e.action);
    expect(actions).toEqual(
      expect.arrayContaining(["user.created", "user.email_verified", "user.signed_in"]),
    );
    expect(mine.events.filter((e) => e.action === "user.signed_in")).toHaveLength(2);
    // Someone else's events are not there.
    const others = await page("/api/account/activity?limit=200", owner.cookie);
    expect(others.events.some((e) => e.actor.userId === person.id)).toBe(false);
    expect((await read(`/api/account/activity?organizationId=${orgId}`, person.cookie)).status).toBe(400);
    // Paged two at a time: the same events, none twice (an event both by and about them counts once).
    const paged: string[] = [];
    let cursor: string | null = null;
    do {
      const next = await page(
        `/api/account/activity?limit=2${cursor ? `&cursor=${cursor}` : ""}`,
        person.cookie,
      );
      paged.push(...next.events.map((e) => e.id));
      cursor = next.nextCursor;
    } while (cursor);
    expect(paged).toEqual(mine.events.map((e) => e.id));
    const csv = await read("/api/account/activity", person.cookie, "text/csv");
    expect(parseCsv(csv.text).length - 1).toBe(mine.events.length);
  });
  it("commits events recorded at the same moment together, each caller answered once its own is stored", async () => {
    const db = t.server.database.db;
    const burstOrg = (await createOrganization(t, owner.cookie)).id;
    // More than one group's worth (100), all at once, as a burst of requests would record them.
    const ids = await Promise.all(
      Array.from({ length: 250 }, async (_, i) => {
        const id = await recordEvent(db, {
          action: "team.created",
          actor: { userId: owner.id },
          target: { type: "team", id: `burst-${i}` },
          organizationId: burstOrg,
        });
        // Resolved: the event and its outbox row are committed, readable from another connection.
        const stored = await db
          .selectFrom("audit_event")
          .select("targetId")
          .where("id", "=", id)
          .executeTakeFirst();
        expect(stored?.targetId).toBe(`burst-${i}`);
        return id;
      }),
    );
    expect(new Set(ids).size).toBe(250);
    const rows = await db
      .selectFrom("audit_event")
      .select(db.fn.countAll<number>().as("n"))
      .where("organizationId", "=", burstOrg)
      .where("action", "=", "team.created")
      .executeTakeFirstOrThrow();
    expect(Number(rows.n)).toBe(250);
  });
});
