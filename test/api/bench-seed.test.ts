import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  seededSessionToken,
  seededSessionUser,
  seededUser,
  seedInstallation,
  signedCookie,
  THOUSAND,
} from "../../bench/seed-db.ts";
import { startTestApp, type TestApp, testDatabase } from "../support/test-app.ts";

// The scale bench (bench/scale.ts) measures a million seeded users through cookies it signs itself and searches
// it derives from seededUser: both must agree with what seedInstallation writes into the migrated database.
describe(`bench seed of an installation (${testDatabase})`, () => {
  let t: TestApp;
  let seconds: Record<string, number>;
  beforeAll(async () => {
    t = await startTestApp({ MEMBERSHIP_LIMIT: "1000" });
    const db = t.config.database;
    seconds = await seedInstallation(db.kind === "sqlite" ? db.path : db.url, THOUSAND);
  });
  afterAll(() => t?.close());

  it("times every table", () => {
    expect(Object.keys(seconds)).toEqual(
      expect.arrayContaining(["users", "organizations", "memberships", "sessions"]),
    );
  });

  it("signs seeded sessions into cookies that get-session answers with their own user", async () => {
    for (const n of [0, 1, 777, THOUSAND.users * THOUSAND.sessionsPerUser - 1]) {
      const cookie = signedCookie("better-auth.session_token", seededSessionToken(n), t.config.secret);
      const res = await t.request("/api/auth/get-session", { cookie });
      const body = (await res.json()) as { user: { name: string; email: string } } | null;
      expect(body?.user).toMatchObject(seededUser(seededSessionUser(n, THOUSAND)));
    }
    // A cookie signed with another secret is refused, so the signing above is what makes them valid.
    const forged = signedCookie(
      "better-auth.session_token",
      seededSessionToken(0),
      "another-secret-another-secret-00",
    );
    expect(await (await t.request("/api/auth/get-session", { cookie: forged })).json()).toBeNull();
  });

  it("gives the first user, as owner, organization 0 with its members, and every user three organizations", async () => {
    const cookie = signedCookie("better-auth.session_token", seededSessionToken(0), t.config.secret);
    const orgs = (await (await t.request("/api/auth/organization/list", { cookie })).json()) as Array<{
      id: string;
    }>;
    expect(orgs).toHaveLength(THOUSAND.membershipsPerUser);
    const res = await t.request(`/api/auth/organization/list-members?organizationId=o000000&limit=50`, {
      cookie,
    });
    const page = (await res.json()) as { members: Array<{ role: string }>; total: number };
    expect(page.members).toHaveLength(50);
    // The kept count: by the trigger on SQLite; on PostgreSQL the seed skips it and Gatehouse recounts at start.
    if (t.config.database.kind === "sqlite") expect(page.total).toBe(THOUSAND.bigOrganization);
    expect(page.members[0]?.role).toBe("owner");
  });
});
