import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eventsOf, onlyEvent } from "../support/audit.ts";
import { startDnsServer, type TestDnsServer } from "../support/dns-server.ts";
import { domainsCall, freshDomain, verifiedDomain } from "../support/domains.ts";
import { createOrganization, inviteAndAccept, rawDb, signUpWithId } from "../support/organizations.ts";
import { startTestApp, type TestApp, testDatabase } from "../support/test-app.ts";
import { createUser, updateUserRow } from "../support/users.ts";

/** A new verified, signed-in person whose address is at `domain`. */
function colleague(t: TestApp, domain: string, name = "colleague") {
  return signUpWithId(
    t,
    createUser({ email: `${name}-${Math.random().toString(36).slice(2, 8)}@${domain}` }),
  );
}

async function membershipOf(t: TestApp, organizationId: string, userId: string) {
  return rawDb(t)
    .selectFrom("member")
    .selectAll()
    .where("organizationId", "=", organizationId)
    .where("userId", "=", userId)
    .executeTakeFirst();
}

describe(`verified domains: auto-join and join requests (${testDatabase})`, () => {
  let t: TestApp;
  let dns: TestDnsServer;
  let owner: Awaited<ReturnType<typeof signUpWithId>>;
  let orgId: string;
  let orgAdmin: Awaited<ReturnType<typeof inviteAndAccept>>;
  let plainMember: Awaited<ReturnType<typeof inviteAndAccept>>;

  beforeAll(async () => {
    dns = await startDnsServer();
    t = await startTestApp({ DNS_SERVERS: dns.address });
    owner = await signUpWithId(t, createUser());
    orgId = (await createOrganization(t, owner.cookie, { name: "Acme" })).id;
    orgAdmin = await inviteAndAccept(t, owner.cookie, orgId, "admin");
    plainMember = await inviteAndAccept(t, owner.cookie, orgId, "member");
  });
  afterAll(async () => {
    await t?.close();
    await dns?.close();
  });

  it("offers auto-join to a verified address at the domain, who joins with the default role", async () => {
    const { domain } = await verifiedDomain(t, dns, owner.cookie, orgId, {
      joinMode: "auto",
      defaultRole: "admin",
    });
    const ada = await colleague(t, domain);
    const offers = await domainsCall(t, "/domain-offers", ada.cookie);
    expect(offers.body.offers).toEqual([
      {
        organizationId: orgId,
        organizationName: "Acme",
        organizationSlug: expect.any(String),
        domain,
        joinMode: "auto",
        requestPending: false,
        needsTwoFactor: false,
      },
    ]);
    const joined = await domainsCall(t, `/domain-offers/${orgId}/join`, ada.cookie, { json: {} });
    expect(joined.status).toBe(201);
    expect(joined.body).toEqual({ status: "joined", organizationId: orgId, role: "admin" });
    const member = await membershipOf(t, orgId, ada.id);
    expect(member?.role).toBe("admin");
    const event = await onlyEvent(t, "member.added", member?.id ?? "");
    expect(event).toMatchObject({ actorId: ada.id, organizationId: orgId });
    expect(event.details).toMatchObject({ via: "domain", domain, role: "admin", userId: ada.id });
    // A member is offered it no more; joining again is refused without a second membership.
    expect((await domainsCall(t, "/domain-offers", ada.cookie)).body.offers).toEqual([]);
    const again = await domainsCall(t, `/domain-offers/${orgId}/join`, ada.cookie, { json: {} });
    expect(again.status).toBe(404);
    // The full organization answers them as a member through better-auth too.
    const full = await t.request(`/api/auth/organization/get-full-organization?organizationId=${orgId}`, {
      cookie: ada.cookie,
    });
    expect(full.status).toBe(200);
  });

  it("never lets an unverified address qualify, nor one at another domain or a subdomain", async () => {
    const { domain } = await verifiedDomain(t, dns, owner.cookie, orgId, { joinMode: "auto" });
    const unverified = await colleague(t, domain, "unverified");
    await updateUserRow(t, unverified.id, { emailVerified: false });
    const elsewhere = await colleague(t, `sub.${domain}`, "sub");
    for (const person of [unverified, elsewhere]) {
      expect((await domainsCall(t, "/domain-offers", person.cookie)).body.offers).toEqual([]);
      const res = await domainsCall(t, `/domain-offers/${orgId}/join`, person.cookie, { json: {} });
      expect(res.status).toBe(404);
      expect(res.body.code).toBe("DOMAIN_OFFER_NOT_FOUND");
      expect(await membershipOf(t, orgId, person.id)).toBeUndefined();
    }
  });

  it("offers nothing while joining is off, and refuses people an organization's two-factor policy shuts out", async () => {
    const off = await verifiedDomain(t, dns, owner.cookie, orgId, { joinMode: "off" });
    const bob = await colleague(t, off.domain);
    expect((await domainsCall(t, `/domain-offers/${orgId}/join`, bob.cookie, { json: {} })).status).toBe(404);

    const strictOwner = await signUpWithId(t, createUser());
    const strict = (await createOrganization(t, strictOwner.cookie)).id;
    const { domain } = await verifiedDomain(t, dns, strictOwner.cookie, strict, { joinMode: "auto" });
    await rawDb(t)
      .updateTable("organization")
      .set({ requireTwoFactor: t.server.database.kind === "sqlite" ? 1 : true })
      .where("id", "=", strict)
      .execute();
    const cy = await colleague(t, domain);
    const offers = (await domainsCall(t, "/domain-offers", cy.cookie)).body.offers;
    expect(offers[0]).toMatchObject({ organizationId: strict, needsTwoFactor: true });
    const res = await domainsCall(t, `/domain-offers/${strict}/join`, cy.cookie, { json: {} });
    expect(res.status).toBe(403);
    expect(res.body.code).toBe("TWO_FACTOR_REQUIRED_BY_ORGANIZATION");
    expect(await membershipOf(t, strict, cy.id)).toBeUndefined();
    // Its owner, without two-factor either, is refused its domains and requests like its other calls.
    for (const path of ["domains", "join-requests"]) {
      const refused = await domainsCall(t, `/organizations/${strict}/${path}`, strictOwner.cookie);
      expect(refused.status).toBe(403);
      expect(refused.body.code).toBe("TWO_FACTOR_REQUIRED_BY_ORGANIZATION");
    }
  });

  it("turns a request into a membership when an admin approves it, once, and mails the requester", async () => {
    const { domain } = await verifiedDomain(t, dns, owner.cookie, orgId, { joinMode: "request" });
    const dee = await colleague(t, domain);
    const asked = await Promise.all(
      [1, 2, 3].map(() => domainsCall(t, `/domain-offers/${orgId}/join`, dee.cookie, { json: {} })),
    );
    for (const res of asked) {
      expect(res.status).toBe(202);
      expect(res.body).toEqual({ status: "requested", organizationId: orgId, role: null });
    }
    expect(await membershipOf(t, orgId, dee.id)).toBeUndefined();
    expect((await domainsCall(t, "/domain-offers", dee.cookie)).body.offers[0].requestPending).toBe(true);

    const base = `/organizations/${orgId}/join-requests`;
    expect((await domainsCall(t, base, plainMember.cookie)).status).toBe(403);
    const list = await domainsCall(t, base, orgAdmin.cookie);
    const mine = list.body.requests.filter((r: { userId: string }) => r.userId === dee.id);
    expect(mine).toHaveLength(1);
    const requestId = mine[0].id;
    expect(mine[0]).toMatchObject({ email: dee.email, status: "pending" });
    await onlyEvent(t, "join_request.created", requestId);

    expect(
      (await domainsCall(t, `${base}/${requestId}/approve`, plainMember.cookie, { json: {} })).status,
    ).toBe(403);
    const decisions = await Promise.all([
      domainsCall(t, `${base}/${requestId}/approve`, orgAdmin.cookie, { json: {} }),
      domainsCall(t, `${base}/${requestId}/approve`, owner.cookie, { json: {} }),
    ]);
    expect(decisions.map((d) => d.status).sort()).toEqual([200, 409]);
    expect(decisions.find((d) => d.status === 409)?.body.code).toBe("JOIN_REQUEST_NOT_PENDING");
    const member = await membershipOf(t, orgId, dee.id);
    expect(member?.role).toBe("member");
    expect((await onlyEvent(t, "member.added", member?.id ?? "")).details).toMatchObject({
      via: "domain",
      joinRequestId: requestId,
    });
    await onlyEvent(t, "join_request.approved", requestId);
    const mail = await t.sink.waitFor(dee.email, /approved/i);
    expect(mail.text).toContain("Acme");
    expect(
      (await domainsCall(t, base, orgAdmin.cookie)).body.requests.map((r: { id: string }) => r.id),
    ).not.toContain(requestId);
  });

  it("declines a request without a membership; the person may ask again later", async () => {
    const { domain } = await verifiedDomain(t, dns, owner.cookie, orgId, { joinMode: "request" });
    const eve = await colleague(t, domain);
    await domainsCall(t, `/domain-offers/${orgId}/join`, eve.cookie, { json: {} });
    const base = `/organizations/${orgId}/join-requests`;
    const request = (await domainsCall(t, base, owner.cookie)).body.requests.find(
      (r: { userId: string }) => r.userId === eve.id,
    );
    const declined = await domainsCall(t, `${base}/${request.id}/decline`, owner.cookie, { json: {} });
    expect(declined.status).toBe(200);
    expect(declined.body.status).toBe("declined");
    await onlyEvent(t, "join_request.declined", request.id);
    expect(await membershipOf(t, orgId, eve.id)).toBeUndefined();
    expect((await domainsCall(t, `${base}/nope/approve`, owner.cookie, { json: {} })).status).toBe(404);
    const again = await domainsCall(t, `/domain-offers/${orgId}/join`, eve.cookie, { json: {} });
    expect(again.status).toBe(202);
    expect(await eventsOf(t, { action: "join_request.created", actorId: eve.id })).toHaveLength(2);
    // Asking is limited per person: 20 attempts an hour (two made above), then 429.
    for (let i = 0; i < 18; i++) {
      expect((await domainsCall(t, `/domain-offers/${orgId}/join`, eve.cookie, { json: {} })).status).toBe(
        202,
      );
    }
    const limited = await domainsCall(t, `/domain-offers/${orgId}/join`, eve.cookie, { json: {} });
    expect(limited.status).toBe(429);
    expect(limited.body.code).toBe("TOO_MANY_REQUESTS");
  });
});

describe(`verified domains: the membership limit under concurrent auto-joins (${testDatabase})`, () => {
  let t: TestApp;
  let dns: TestDnsServer;

  beforeAll(async () => {
    dns = await startDnsServer();
    t = await startTestApp({ DNS_SERVERS: dns.address, MEMBERSHIP_LIMIT: "3" });
  });
  afterAll(async () => {
    await t?.close();
    await dns?.close();
  });

  it("lets exactly as many colleagues in as the limit leaves room for", async () => {
    const owner = await signUpWithId(t, createUser());
    const orgId = (await createOrganization(t, owner.cookie)).id;
    const { domain } = await verifiedDomain(t, dns, owner.cookie, orgId, { joinMode: "auto" }, freshDomain());
    const people = [];
    for (let i = 0; i < 5; i++) people.push(await colleague(t, domain));
    const results = await Promise.all(
      people.map((p) => domainsCall(t, `/domain-offers/${orgId}/join`, p.cookie, { json: {} })),
    );
    expect(results.filter((r) => r.status === 201)).toHaveLength(2);
    const refused = results.filter((r) => r.status !== 201);
    expect(refused).toHaveLength(3);
    for (const r of refused) expect(r.status).toBe(403);
    const count = await rawDb(t)
      .selectFrom("member")
      .select((eb) => eb.fn.countAll().as("n"))
      .where("organizationId", "=", orgId)
      .executeTakeFirst();
    expect(Number(count?.n)).toBe(3);
  });
});
