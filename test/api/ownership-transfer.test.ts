import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eventsOf, onlyEvent } from "../support/audit.ts";
import { nextLink } from "../support/mailed-links.ts";
import { api, createOrganization, rawDb, seedMember, signUpWithId } from "../support/organizations.ts";
import { startTestApp, type TestApp, testDatabase } from "../support/test-app.ts";
import type { signUpVerified } from "../support/users.ts";

type User = Awaited<ReturnType<typeof signUpVerified>> & { id: string };

/** Issue 18: ownership transfer, on both databases. */
describe(`ownership transfer (${testDatabase})`, () => {
  let t: TestApp;
  let owner: User;
  let heir: User;
  let other: User;

  beforeAll(async () => {
    t = await startTestApp();
    const user = () => signUpWithId(t);
    owner = await user();
    heir = await user();
    other = await user();
  });
  afterAll(() => t.close());

  async function world() {
    const org = await createOrganization(t, owner.cookie);
    const ownerMember = org.members[0] as { id: string };
    const heirMember = await seedMember(t, org.id, heir.id, "member");
    const otherMember = await seedMember(t, org.id, other.id, "admin");
    return { orgId: org.id, ownerMember, heirMember, otherMember };
  }

  const roleOf = async (memberId: string) =>
    (await rawDb(t).selectFrom("member").select("role").where("id", "=", memberId).executeTakeFirstOrThrow())
      .role;

  async function offer(orgId: string, memberId: string, keepOwner?: boolean) {
    const since = t.sink.mails.length;
    const res = await api(t, "/organization/offer-ownership", owner.cookie, {
      organizationId: orgId,
      memberId,
      ...(keepOwner === undefined ? {} : { keepOwner }),
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const link = await nextLink(t, heir.email, /ownership/i, "/ownership/accept?token=", since);
    return { offer: res.body, token: decodeURIComponent(new URL(link).searchParams.get("token") ?? "") };
  }

  it("nothing changes until accepted; accepting by the mailed link makes the heir owner and the old owner admin", async () => {
    const w = await world();
    const asked = Date.now();
    const { offer: made, token } = await offer(w.orgId, w.heirMember.id);
    const answered = Date.now();
    expect(made).toMatchObject({ status: "pending", keepOwner: false, toUserId: heir.id });
    // The offer expires 7 days after it is made (issue 18), as answered and as stored.
    const week = 7 * 24 * 60 * 60 * 1000;
    const expiresAt = Date.parse(made.expiresAt);
    expect(expiresAt - Date.parse(made.createdAt)).toBe(week);
    expect(expiresAt).toBeGreaterThanOrEqual(asked + week - 1000);
    expect(expiresAt).toBeLessThanOrEqual(answered + week + 1000);
    const stored = await rawDb(t)
      .selectFrom("ownership_offer")
      .select("expiresAt")
      .where("id", "=", made.id)
      .executeTakeFirstOrThrow();
    expect(new Date(stored.expiresAt).getTime()).toBe(expiresAt);
    expect(made.tokenHash).toBeUndefined();
    expect(await roleOf(w.heirMember.id)).toBe("member");
    expect(await roleOf(w.ownerMember.id)).toBe("owner");
    // The recipient and owners see the open offer; another admin does not.
    expect(
      (await api(t, `/organization/ownership-offer?organizationId=${w.orgId}`, heir.cookie)).body.id,
    ).toBe(made.id);
    expect(
      (await api(t, `/organization/ownership-offer?organizationId=${w.orgId}`, other.cookie)).body,
    ).toBeNull();

    // Another account cannot spend the link.
    const stolen = await api(t, "/organization/accept-ownership", other.cookie, { token });
    expect(stolen.status).toBe(403);
    const res = await api(t, "/organization/accept-ownership", heir.cookie, { token });
    expect(res.status).toBe(200);
    expect(await roleOf(w.heirMember.id)).toBe("owner,member");
    expect(await roleOf(w.ownerMember.id)).toBe("admin");
    const again = await api(t, "/organization/accept-ownership", heir.cookie, { token });
    expect(again.status).toBe(400);
    expect(again.body.code).toBe("OWNERSHIP_OFFER_CLOSED");

    await onlyEvent(t, "ownership.offered", made.id);
    await onlyEvent(t, "ownership.accepted", made.id);
    const changes = await eventsOf(t, { action: "member.role_changed", organizationId: w.orgId });
    expect(changes.map((e) => e.targetId).sort()).toEqual([w.heirMember.id, w.ownerMember.id].sort());
  });

  it("accepted twice at once (link and in the app), ownership changes once", async () => {
    const w = await world();
    const { offer: made, token } = await offer(w.orgId, w.heirMember.id);
    const results = await Promise.all([
      ...Array.from({ length: 4 }, () => api(t, "/organization/accept-ownership", heir.cookie, { token })),
      ...Array.from({ length: 4 }, () =>
        api(t, "/organization/accept-ownership", heir.cookie, { offerId: made.id }),
      ),
    ]);
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    for (const r of results.filter((x) => x.status !== 200))
      expect(r.body.code).toBe("OWNERSHIP_OFFER_CLOSED");
    expect(await roleOf(w.heirMember.id)).toBe("owner,member");
    expect(await roleOf(w.ownerMember.id)).toBe("admin");
    expect(await eventsOf(t, { action: "ownership.accepted", targetId: made.id })).toHaveLength(1);
    expect(await eventsOf(t, { action: "member.role_changed", organizationId: w.orgId })).toHaveLength(2);
  });

  it("the offering owner may stay owner; only owners offer; an owner cannot be offered it", async () => {
    const w = await world();
    const byAdmin = await api(t, "/organization/offer-ownership", other.cookie, {
      organizationId: w.orgId,
      memberId: w.heirMember.id,
    });
    expect(byAdmin.status).toBe(403);
    const toSelf = await api(t, "/organization/offer-ownership", owner.cookie, {
      organizationId: w.orgId,
      memberId: w.ownerMember.id,
    });
    expect(toSelf.body.code).toBe("ALREADY_AN_OWNER");
    const bad = await api(t, "/organization/offer-ownership", owner.cookie, { organizationId: w.orgId });
    expect(bad.status).toBe(400);

    const { offer: made } = await offer(w.orgId, w.heirMember.id, true);
    const res = await api(t, "/organization/accept-ownership", heir.cookie, { offerId: made.id });
    expect(res.status).toBe(200);
    expect(await roleOf(w.ownerMember.id)).toBe("owner");
    expect(await roleOf(w.heirMember.id)).toBe("owner,member");
  });

  it("a withdrawn, replaced or expired offer cannot be accepted", async () => {
    const w = await world();
    const first = await offer(w.orgId, w.heirMember.id);
    const withdrawn = await api(t, "/organization/withdraw-ownership-offer", owner.cookie, {
      organizationId: w.orgId,
    });
    expect(withdrawn.status).toBe(200);
    await onlyEvent(t, "ownership.withdrawn", first.offer.id);
    expect((await api(t, "/organization/accept-ownership", heir.cookie, { token: first.token })).status).toBe(
      400,
    );
    const none = await api(t, "/organization/withdraw-ownership-offer", owner.cookie, {
      organizationId: w.orgId,
    });
    expect(none.status).toBe(404);

    const second = await offer(w.orgId, w.heirMember.id);
    const third = await offer(w.orgId, w.heirMember.id);
    expect(
      (await api(t, "/organization/accept-ownership", heir.cookie, { token: second.token })).status,
    ).toBe(400);

    await rawDb(t)
      .updateTable("ownership_offer")
      .set({ expiresAt: new Date(Date.now() - 1000).toISOString() })
      .where("id", "=", third.offer.id)
      .execute();
    const expired = await api(t, "/organization/accept-ownership", heir.cookie, { token: third.token });
    expect(expired.status).toBe(400);
    expect(await roleOf(w.heirMember.id)).toBe("member");
    expect(await roleOf(w.ownerMember.id)).toBe("owner");
  });

  it("an offer goes with its organization", async () => {
    const w = await world();
    const { offer: made } = await offer(w.orgId, w.heirMember.id);
    expect((await api(t, "/organization/delete", owner.cookie, { organizationId: w.orgId })).status).toBe(
      200,
    );
    const left = await rawDb(t)
      .selectFrom("ownership_offer")
      .select("id")
      .where("id", "=", made.id)
      .execute();
    expect(left).toEqual([]);
  });

  it("an offer whose owner is no longer owner changes nothing", async () => {
    const w = await world();
    const { token } = await offer(w.orgId, w.heirMember.id);
    // The owner makes the admin an owner, then steps down to admin.
    await api(t, "/organization/update-member-role", owner.cookie, {
      organizationId: w.orgId,
      memberId: w.otherMember.id,
      role: "owner",
    });
    await api(t, "/organization/update-member-role", other.cookie, {
      organizationId: w.orgId,
      memberId: w.ownerMember.id,
      role: "admin",
    });
    const res = await api(t, "/organization/accept-ownership", heir.cookie, { token });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe("OWNERSHIP_OFFERER_NOT_OWNER");
    expect(await roleOf(w.heirMember.id)).toBe("member");
  });
});
