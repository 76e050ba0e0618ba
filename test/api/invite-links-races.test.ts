import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eventsOf } from "../support/audit.ts";
import { api, createOrganization, rawDb } from "../support/organizations.ts";
import { startTestApp, type TestApp, testDatabase } from "../support/test-app.ts";
import { signIn, signUpVerified } from "../support/users.ts";

const LIMIT = 8;
const tokenOf = (url: string) => url.split("/join/")[1] ?? "";
const statuses = (results: { status: number }[]) => results.map((r) => r.status).sort();

/** Issue 18's races: a link's uses and the membership limit hold however many people open it at once. */
describe(`invite links under concurrent joins (${testDatabase})`, () => {
  let t: TestApp;
  let owner: Awaited<ReturnType<typeof signUpVerified>>;
  let people: Awaited<ReturnType<typeof signUpVerified>>[];

  const memberCount = async (organizationId: string) =>
    Number(
      (
        await rawDb(t)
          .selectFrom("member")
          .select(rawDb(t).fn.countAll().as("n"))
          .where("organizationId", "=", organizationId)
          .executeTakeFirstOrThrow()
      ).n,
    );
  const usesOf = async (linkId: string) =>
    Number(
      (
        await rawDb(t)
          .selectFrom("invite_link")
          .select("uses")
          .where("id", "=", linkId)
          .executeTakeFirstOrThrow()
      ).uses,
    );
  const makeLink = async (organizationId: string, maxUses?: number) => {
    const res = await api(t, "/organization/create-invite-link", owner.cookie, {
      organizationId,
      role: "member",
      expiresIn: 3600,
      ...(maxUses ? { maxUses } : {}),
    });
    expect(res.status).toBe(200);
    return { id: res.body.link.id as string, token: tokenOf(res.body.url) };
  };

  beforeAll(async () => {
    // A small membership limit, so the race to the limit is cheap to set up.
    t = await startTestApp({ MEMBERSHIP_LIMIT: String(LIMIT) });
    owner = await signUpVerified(t);
    people = [];
    for (let batch = 0; batch < 4; batch++) {
      people.push(...(await Promise.all([1, 2, 3, 4, 5].map(() => signUpVerified(t)))));
    }
  }, 60_000);
  afterAll(() => t?.close());

  it("20 people opening a 5-use link at once make exactly 5 members", async () => {
    const org = await createOrganization(t, owner.cookie);
    const link = await makeLink(org.id, 5);
    const results = await Promise.all(
      people.map((p) => api(t, "/organization/join-invite-link", p.cookie, { token: link.token })),
    );
    expect(statuses(results)).toEqual([...Array(5).fill(200), ...Array(15).fill(410)]);
    for (const r of results.filter((r) => r.status === 410)) expect(r.body.code).toBe("INVITE_LINK_USED_UP");
    expect(await memberCount(org.id)).toBe(1 + 5);
    expect(await usesOf(link.id)).toBe(5);
    const added = await eventsOf(t, { action: "member.added", organizationId: org.id });
    expect(added).toHaveLength(5);
    expect(added.every((e) => e.details.via === "link")).toBe(true);
  });

  it("concurrent joins by an unlimited link stop at the membership limit; a refused join counts no use", async () => {
    const org = await createOrganization(t, owner.cookie);
    const link = await makeLink(org.id);
    const joiners = people.slice(0, 12);
    const results = await Promise.all(
      joiners.map((p) => api(t, "/organization/join-invite-link", p.cookie, { token: link.token })),
    );
    const joined = LIMIT - 1;
    expect(statuses(results)).toEqual([...Array(joined).fill(200), ...Array(12 - joined).fill(403)]);
    for (const r of results.filter((r) => r.status === 403)) {
      expect(r.body.code).toBe("ORGANIZATION_MEMBERSHIP_LIMIT_REACHED");
    }
    expect(await memberCount(org.id)).toBe(LIMIT);
    expect(await usesOf(link.id)).toBe(joined);
    expect(await eventsOf(t, { action: "member.added", organizationId: org.id })).toHaveLength(joined);
  });

  it("one person opening a link in several sessions at once joins once and spends one use", async () => {
    const org = await createOrganization(t, owner.cookie);
    const link = await makeLink(org.id, 5);
    const person = people[19];
    if (!person) throw new Error("no person");
    const cookies = [person.cookie, ...(await Promise.all([1, 2, 3].map(() => signIn(t, person))))];
    const results = await Promise.all(
      cookies.flatMap((cookie) =>
        [1, 2].map(() => api(t, "/organization/join-invite-link", cookie, { token: link.token })),
      ),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    for (const r of results.filter((r) => r.status !== 200)) {
      expect(r.status).toBe(400);
      expect(r.body.code).toBe("USER_IS_ALREADY_A_MEMBER_OF_THIS_ORGANIZATION");
    }
    expect(await memberCount(org.id)).toBe(2);
    expect(await usesOf(link.id)).toBe(1);
  });
});
