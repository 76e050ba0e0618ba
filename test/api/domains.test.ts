import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eventsOf, onlyEvent } from "../support/audit.ts";
import { startDnsServer, type TestDnsServer } from "../support/dns-server.ts";
import { domainsCall, freshDomain } from "../support/domains.ts";
import { createOrganization, inviteAndAccept, rawDb, signUpWithId } from "../support/organizations.ts";
import { startTestApp, type TestApp, testDatabase } from "../support/test-app.ts";
import { createUser } from "../support/users.ts";

describe(`verified domains: adding and proving a domain (${testDatabase})`, () => {
  let t: TestApp;
  let dns: TestDnsServer;
  let owner: Awaited<ReturnType<typeof signUpWithId>>;
  let orgId: string;
  let admin: Awaited<ReturnType<typeof inviteAndAccept>>;
  let outsider: Awaited<ReturnType<typeof signUpWithId>>;

  beforeAll(async () => {
    dns = await startDnsServer();
    t = await startTestApp({ DNS_SERVERS: dns.address });
    owner = await signUpWithId(t, createUser());
    outsider = await signUpWithId(t, createUser());
    orgId = (await createOrganization(t, owner.cookie)).id;
    admin = await inviteAndAccept(t, owner.cookie, orgId, "admin");
  });
  afterAll(async () => {
    await t?.close();
    await dns?.close();
  });

  const domains = (org = orgId) => `/organizations/${org}/domains`;

  it("refuses what is not a registrable hostname, per field, and stores the name lower-cased", async () => {
    for (const bad of ["com", "co.uk", "192.168.1.10", "::1", "not a domain", "-acme.test", "a..test", ""]) {
      const res = await domainsCall(t, domains(), owner.cookie, { json: { domain: bad } });
      expect(res.status, bad).toBe(400);
      expect(res.body.code).toBe("INVALID_FIELD");
      expect(res.body.message).toMatch(/^domain: /);
    }
    const name = freshDomain();
    const res = await domainsCall(t, domains(), owner.cookie, {
      json: { domain: ` ${name.toUpperCase()}. ` },
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      domain: name,
      verifiedAt: null,
      joinMode: "off",
      defaultRole: "member",
      record: { name: `_gatehouse-challenge.${name}` },
    });
    expect(res.body.record.value).toMatch(/^gatehouse-verification=[\w-]{32}$/);
    const again = await domainsCall(t, domains(), owner.cookie, { json: { domain: name } });
    expect(again.status).toBe(409);
    expect(again.body.code).toBe("DOMAIN_ALREADY_ADDED");
    const added = await onlyEvent(t, "domain.added", res.body.id);
    expect(added).toMatchObject({ actorId: owner.id, organizationId: orgId, targetLabel: name });
  });

  it("lets owners manage domains; admins only read; outsiders, API keys and foreign origins learn nothing", async () => {
    const byAdmin = await domainsCall(t, domains(), admin.cookie, { json: { domain: freshDomain() } });
    expect(byAdmin.status).toBe(403);
    expect((await domainsCall(t, domains(), admin.cookie)).status).toBe(200);
    const byOutsider = await domainsCall(t, domains(), outsider.cookie);
    expect(byOutsider.status).toBe(404);
    expect(byOutsider.body.code).toBe("ORGANIZATION_NOT_FOUND");
    expect((await domainsCall(t, domains(), undefined)).status).toBe(401);
    const byKey = await domainsCall(t, domains(), owner.cookie, { headers: { "x-api-key": "gh_whatever" } });
    expect(byKey.status).toBe(403);
    expect(byKey.body.code).toBe("API_KEY_NOT_ALLOWED");
    const foreign = await domainsCall(t, domains(), owner.cookie, {
      json: { domain: freshDomain() },
      headers: { origin: "https://evil.example" },
    });
    expect(foreign.status).toBe(403);
    expect(foreign.body.code).toBe("INVALID_ORIGIN");
  });

  it("verifies against the DNS server: a wrong value and a missing record say why, the right one verifies", async () => {
    const name = freshDomain();
    const added = (await domainsCall(t, domains(), owner.cookie, { json: { domain: name } })).body;
    const verify = () => domainsCall(t, `${domains()}/${added.id}/verify`, owner.cookie, { json: {} });

    const missing = await verify();
    expect(missing.status).toBe(200);
    expect(missing.body).toMatchObject({ verified: false, domain: { verifiedAt: null } });
    expect(missing.body.reason).toContain("No TXT record");

    dns.setTxt(added.record.name, ["v=spf1 -all", "gatehouse-verification=someone-elses-value"]);
    const wrong = await verify();
    expect(wrong.body).toMatchObject({ verified: false, domain: { verifiedAt: null } });
    expect(wrong.body.reason).toContain("does not hold the expected value");
    expect(wrong.body.domain.lastCheckedAt).not.toBeNull();

    dns.setTxt(added.record.name, ["v=spf1 -all", added.record.value]);
    const right = await verify();
    expect(right.body).toMatchObject({ verified: true, reason: null });
    expect(right.body.domain.verifiedAt).not.toBeNull();
    expect(await onlyEvent(t, "domain.verified", added.id)).toMatchObject({
      actorId: owner.id,
      targetLabel: name,
    });

    // Re-checkable: found again stays verified (no second event); a record taken down keeps it verified.
    expect((await verify()).body.verified).toBe(true);
    dns.remove(added.record.name);
    const gone = await verify();
    expect(gone.body).toMatchObject({
      verified: false,
      domain: { verifiedAt: right.body.domain.verifiedAt },
    });
    expect(await eventsOf(t, { action: "domain.verified", targetId: added.id })).toHaveLength(1);
  });

  it("lets one organization only verify a domain, when two race for it", async () => {
    const name = freshDomain();
    const other = await signUpWithId(t, createUser());
    const otherOrg = (await createOrganization(t, other.cookie)).id;
    const mine = (await domainsCall(t, domains(), owner.cookie, { json: { domain: name } })).body;
    const theirs = (await domainsCall(t, domains(otherOrg), other.cookie, { json: { domain: name } })).body;
    dns.setTxt(mine.record.name, [mine.record.value, theirs.record.value]);
    const results = await Promise.all([
      domainsCall(t, `${domains()}/${mine.id}/verify`, owner.cookie, { json: {} }),
      domainsCall(t, `${domains(otherOrg)}/${theirs.id}/verify`, other.cookie, { json: {} }),
    ]);
    const statuses = results.map((r) => r.status).sort();
    expect(statuses).toEqual([200, 409]);
    expect(results.find((r) => r.status === 409)?.body.code).toBe("DOMAIN_VERIFIED_ELSEWHERE");
    const verified = await rawDb(t)
      .selectFrom("organization_domain")
      .select("organizationId")
      .where("domain", "=", name)
      .where("verifiedAt", "is not", null)
      .execute();
    expect(verified).toHaveLength(1);
    // A third organization cannot even claim it now.
    const third = await signUpWithId(t, createUser());
    const thirdOrg = (await createOrganization(t, third.cookie)).id;
    const claim = await domainsCall(t, domains(thirdOrg), third.cookie, { json: { domain: name } });
    expect(claim.status).toBe(409);
    expect(claim.body.code).toBe("DOMAIN_VERIFIED_ELSEWHERE");
  });

  it("limits lookups per organization: the 11th in a minute is 429 with Retry-After", async () => {
    const owner2 = await signUpWithId(t, createUser());
    const org2 = (await createOrganization(t, owner2.cookie)).id;
    const added = (await domainsCall(t, domains(org2), owner2.cookie, { json: { domain: freshDomain() } }))
      .body;
    const before = dns.queries();
    for (let i = 0; i < 10; i++) {
      const res = await domainsCall(t, `${domains(org2)}/${added.id}/verify`, owner2.cookie, { json: {} });
      expect(res.status).toBe(200);
    }
    const limited = await domainsCall(t, `${domains(org2)}/${added.id}/verify`, owner2.cookie, { json: {} });
    expect(limited.status).toBe(429);
    expect(limited.body.code).toBe("TOO_MANY_REQUESTS");
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(dns.queries() - before).toBeGreaterThanOrEqual(10);
  });

  it("frees a verified domain when its organization is deleted, so another can verify it", async () => {
    const name = freshDomain();
    const first = await signUpWithId(t, createUser());
    const firstOrg = (await createOrganization(t, first.cookie)).id;
    const theirs = (await domainsCall(t, domains(firstOrg), first.cookie, { json: { domain: name } })).body;
    dns.setTxt(theirs.record.name, [theirs.record.value]);
    expect(
      (await domainsCall(t, `${domains(firstOrg)}/${theirs.id}/verify`, first.cookie, { json: {} })).body
        .verified,
    ).toBe(true);
    const deleted = await t.request("/api/auth/organization/delete", {
      cookie: first.cookie,
      json: { organizationId: firstOrg },
    });
    expect(deleted.status).toBe(200);
    const left = await rawDb(t)
      .selectFrom("organization_domain")
      .select("id")
      .where("domain", "=", name)
      .execute();
    expect(left).toEqual([]);
    const mine = await domainsCall(t, domains(), owner.cookie, { json: { domain: name } });
    expect(mine.status).toBe(201);
    dns.setTxt(mine.body.record.name, [mine.body.record.value]);
    expect(
      (await domainsCall(t, `${domains()}/${mine.body.id}/verify`, owner.cookie, { json: {} })).body.verified,
    ).toBe(true);
  });

  it("offers joining only once verified, with a built-in role below owner; removal is audited", async () => {
    const added = (await domainsCall(t, domains(), owner.cookie, { json: { domain: freshDomain() } })).body;
    const patch = (json: unknown) =>
      domainsCall(t, `${domains()}/${added.id}`, owner.cookie, { method: "PATCH", json });
    const early = await patch({ joinMode: "auto" });
    expect(early.status).toBe(409);
    expect(early.body.code).toBe("DOMAIN_NOT_VERIFIED");
    expect((await patch({ defaultRole: "owner" })).status).toBe(400);
    const removed = await domainsCall(t, `${domains()}/${added.id}`, owner.cookie, { method: "DELETE" });
    expect(removed.status).toBe(204);
    await onlyEvent(t, "domain.removed", added.id);
    const list = (await domainsCall(t, domains(), owner.cookie)).body.domains;
    expect(list.map((d: { id: string }) => d.id)).not.toContain(added.id);
  });
});
