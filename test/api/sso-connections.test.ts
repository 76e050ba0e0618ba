import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eventsOf, onlyEvent } from "../support/audit.ts";
import { domainsCall, freshDomain, verifiedDomain } from "../support/domains.ts";
import { api, inviteAndAccept, rawDb } from "../support/organizations.ts";
import { type SamlIdp, startSamlIdp } from "../support/saml-idp.ts";
import {
  createOidcConnection,
  ownerWithDomain,
  SSO_OIDC_CLIENT,
  type SsoTestApp,
  ssoPath,
  startSsoTestApp,
} from "../support/sso.ts";
import { testDatabase } from "../support/test-app.ts";

describe(`SSO connections: an organization's owners manage them (${testDatabase})`, () => {
  let app: SsoTestApp;
  let idp: SamlIdp;
  let org: Awaited<ReturnType<typeof ownerWithDomain>>;
  let admin: Awaited<ReturnType<typeof inviteAndAccept>>;
  let member: Awaited<ReturnType<typeof inviteAndAccept>>;

  beforeAll(async () => {
    idp = await startSamlIdp();
    // WEBHOOK_ALLOW_PRIVATE is off: metadata URLs on private addresses are refused.
    app = await startSsoTestApp({}, [idp.url]);
    org = await ownerWithDomain(app);
    admin = await inviteAndAccept(app.t, org.owner.cookie, org.organization.id, "admin");
    member = await inviteAndAccept(app.t, org.owner.cookie, org.organization.id, "member");
  }, 60_000);
  afterAll(async () => {
    await app?.close();
    await idp?.close();
  });

  const connections = (organizationId = org.organization.id) => ssoPath(organizationId, "/connections");
  const samlBody = async (domain: string, extra: Record<string, unknown> = {}) => ({
    protocol: "saml",
    domain,
    saml: { metadataXml: await idp.metadataXml() },
    ...extra,
  });

  it("tells the owner the service provider's values before the connection exists", async () => {
    const res = await domainsCall(
      app.t,
      ssoPath(org.organization.id, `/service-provider?domain=${org.domain}`),
      org.owner.cookie,
    );
    expect(res.status).toBe(200);
    const id = org.domain.replaceAll(".", "-");
    expect(res.body).toEqual({
      connectionId: id,
      entityId: `${app.url}/api/auth/sso/saml2/sp/metadata?providerId=${id}`,
      acsUrl: `${app.url}/api/auth/sso/saml2/sp/acs/${id}`,
      metadataUrl: `${app.url}/api/auth/sso/saml2/sp/metadata?providerId=${id}`,
      sloUrl: `${app.url}/api/auth/sso/saml2/sp/slo/${id}`,
      redirectUri: `${app.url}/api/auth/sso/callback/${id}`,
    });
    const bad = await domainsCall(
      app.t,
      ssoPath(org.organization.id, "/service-provider?domain=nope"),
      org.owner.cookie,
    );
    expect(bad.status).toBe(400);
  });

  it("lets owners only: admins and members are refused, outsiders learn nothing, on both doors", async () => {
    for (const who of [admin, member]) {
      const listed = await domainsCall(app.t, connections(), who.cookie);
      expect(listed.status).toBe(403);
      const made = await domainsCall(app.t, connections(), who.cookie, { json: await samlBody(org.domain) });
      expect(made.status).toBe(403);
      // better-auth's own endpoint holds the same rule.
      const direct = await api(app.t, "/sso/register", who.cookie, {
        providerId: org.domain.replaceAll(".", "-"),
        issuer: "https://idp.example.com",
        domain: org.domain,
        organizationId: org.organization.id,
        oidcConfig: { clientId: "x", clientSecret: "y", skipDiscovery: true },
      });
      expect(direct.status).toBe(403);
    }
    const outsider = await ownerWithDomain(app);
    const foreign = await domainsCall(app.t, connections(), outsider.owner.cookie);
    expect(foreign.status).toBe(404);
    // Without an organization better-auth would make a personal provider: refused.
    const personal = await api(app.t, "/sso/register", outsider.owner.cookie, {
      providerId: outsider.domain.replaceAll(".", "-"),
      issuer: "https://idp.example.com",
      domain: outsider.domain,
      oidcConfig: { clientId: "x", clientSecret: "y", skipDiscovery: true },
    });
    expect(personal.status).toBe(400);
    // The Domains tab is the one way to verify a domain; connections are read through the owners' routes.
    for (const path of ["/sso/request-domain-verification", "/sso/verify-domain"]) {
      expect((await api(app.t, path, org.owner.cookie, { providerId: "x" })).status).toBe(404);
    }
    for (const path of ["/sso/providers", "/sso/get-provider?providerId=x"]) {
      expect((await api(app.t, path, admin.cookie)).status).toBe(404);
    }
    expect(await rawDb(app.t).selectFrom("ssoProvider").select("id").execute()).toHaveLength(0);
  });

  it("refuses a domain the organization has not verified, and bad roles, teams and metadata", async () => {
    const unverified = await domainsCall(app.t, connections(), org.owner.cookie, {
      json: await samlBody(freshDomain()),
    });
    expect(unverified.status).toBe(409);
    expect(unverified.body.code).toBe("DOMAIN_NOT_VERIFIED");
    for (const role of ["owner", "emperor"]) {
      const res = await domainsCall(app.t, connections(), org.owner.cookie, {
        json: await samlBody(org.domain, { defaultRole: role }),
      });
      expect(res.status, role).toBe(400);
      expect(res.body.code).toBe("UNKNOWN_ROLE");
    }
    const team = await domainsCall(app.t, connections(), org.owner.cookie, {
      json: await samlBody(org.domain, {
        groupMappings: [{ group: "g", role: null, teamId: "no-such-team" }],
      }),
    });
    expect(team.body.code).toBe("UNKNOWN_TEAM");
    const huge = await domainsCall(app.t, connections(), org.owner.cookie, {
      json: { protocol: "saml", domain: org.domain, saml: { metadataXml: "x".repeat(100 * 1024 + 1) } },
    });
    expect(huge.status).toBe(400);
    expect(huge.body.code).toBe("INVALID_FIELD");
    const xml = await domainsCall(app.t, connections(), org.owner.cookie, {
      json: { protocol: "saml", domain: org.domain, saml: { metadataXml: "<EntityDescriptor/>" } },
    });
    expect(xml.status).toBe(400);
    expect(xml.body.code).toBe("INVALID_METADATA");
    for (const metadataUrl of [idp.metadataUrl, "https://idp.invalid/metadata"]) {
      const res = await domainsCall(app.t, connections(), org.owner.cookie, {
        json: { protocol: "saml", domain: org.domain, saml: { metadataUrl } },
      });
      expect(res.status, metadataUrl).toBe(422);
      expect(res.body.code).toBe("METADATA_URL_FAILED");
    }
    expect(await rawDb(app.t).selectFrom("ssoProvider").select("id").execute()).toHaveLength(0);
  });

  it("creates, lists, changes and deletes a connection, one per domain, never showing the client secret", async () => {
    const made = await createOidcConnection(app, org.owner.cookie, org.organization.id, org.domain, {
      defaultRole: "admin",
      mapping: { groups: "groups" },
    });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    expect(made.body).toMatchObject({
      protocol: "oidc",
      domain: org.domain,
      domainVerified: true,
      defaultRole: "admin",
      requireSso: false,
      saml: null,
      oidc: {
        issuer: app.oidc.url,
        clientId: SSO_OIDC_CLIENT.clientId,
        scopes: ["openid", "email", "profile", "groups"],
      },
    });
    const id = made.body.id;
    const again = await createOidcConnection(app, org.owner.cookie, org.organization.id, org.domain);
    expect(again.status).toBe(409);
    expect(again.body.code).toBe("SSO_CONNECTION_EXISTS");
    // better-auth's own door holds the rules too: signed assertions only.
    const unsigned = await api(app.t, "/sso/update-provider", org.owner.cookie, {
      providerId: id,
      samlConfig: { wantAssertionsSigned: false },
    });
    expect(unsigned.status).toBe(400);
    expect(unsigned.body.code).toBe("SIGNED_ASSERTIONS_REQUIRED");
    const patched = await domainsCall(app.t, `${connections()}/${id}`, org.owner.cookie, {
      method: "PATCH",
      json: { requireSso: true, groupMappings: [{ group: "staff", role: "member", teamId: null }] },
    });
    expect(patched.status, JSON.stringify(patched.body)).toBe(200);
    expect(patched.body).toMatchObject({
      requireSso: true,
      groupMappings: [{ group: "staff", role: "member" }],
    });
    const listed = await domainsCall(app.t, connections(), org.owner.cookie);
    expect(listed.body.connections.map((c: { id: string }) => c.id)).toEqual([id]);
    for (const body of [made.body, patched.body, listed.body])
      expect(JSON.stringify(body)).not.toContain(SSO_OIDC_CLIENT.clientSecret);
    expect((await onlyEvent(app.t, "sso_connection.created", id)).details).toMatchObject({
      protocol: "oidc",
      domain: org.domain,
    });
    expect((await onlyEvent(app.t, "sso_connection.updated", id)).details).toMatchObject({
      changed: ["requireSso", "groupMappings"],
    });
    const byAdmin = await domainsCall(app.t, `${connections()}/${id}`, admin.cookie, { method: "DELETE" });
    expect(byAdmin.status).toBe(403);
    const deleted = await domainsCall(app.t, `${connections()}/${id}`, org.owner.cookie, {
      method: "DELETE",
    });
    expect(deleted.status).toBe(204);
    expect((await domainsCall(app.t, connections(), org.owner.cookie)).body.connections).toEqual([]);
    const [gone] = await eventsOf(app.t, { action: "sso_connection.deleted", targetId: id });
    expect(gone).toMatchObject({ actorId: org.owner.id, organizationId: org.organization.id });
    expect(JSON.stringify(await eventsOf(app.t, { organizationId: org.organization.id }))).not.toContain(
      SSO_OIDC_CLIENT.clientSecret,
    );
  });

  it("takes pasted SAML metadata and shows what it says", async () => {
    const other = await ownerWithDomain(app);
    const made = await domainsCall(app.t, connections(other.organization.id), other.owner.cookie, {
      json: await samlBody(other.domain),
    });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    expect(made.body.saml).toMatchObject({
      idpEntityId: idp.entityId,
      ssoUrl: `${idp.url}/sso`,
      singleLogout: true,
      metadataUrl: null,
    });
    expect(Date.parse(made.body.saml.certificateExpiresAt)).toBeGreaterThan(Date.now());
    // Its SP metadata is served, requiring signed assertions.
    const metadata = await app.t.request(`/api/auth/sso/saml2/sp/metadata?providerId=${made.body.id}`);
    expect(await metadata.text()).toMatch(/WantAssertionsSigned="true"/);
  });

  it("stops a connection when its domain is removed, and restores it when verified again", async () => {
    const other = await ownerWithDomain(app);
    const made = await createOidcConnection(app, other.owner.cookie, other.organization.id, other.domain);
    expect(made.body.domainVerified).toBe(true);
    const domains = await domainsCall(
      app.t,
      `/organizations/${other.organization.id}/domains`,
      other.owner.cookie,
    );
    const domainId = domains.body.domains[0].id;
    await domainsCall(
      app.t,
      `/organizations/${other.organization.id}/domains/${domainId}`,
      other.owner.cookie,
      {
        method: "DELETE",
      },
    );
    const listed = await domainsCall(app.t, connections(other.organization.id), other.owner.cookie);
    expect(listed.body.connections[0].domainVerified).toBe(false);
    await verifiedDomain(
      app.t,
      app.dns,
      other.owner.cookie,
      other.organization.id,
      { joinMode: "off" },
      other.domain,
    );
    const again = await domainsCall(app.t, connections(other.organization.id), other.owner.cookie);
    expect(again.body.connections[0].domainVerified).toBe(true);
  });

  it("makes one connection when two saves of a domain race", async () => {
    const other = await ownerWithDomain(app);
    const answers = await Promise.all(
      [1, 2].map(() => createOidcConnection(app, other.owner.cookie, other.organization.id, other.domain)),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409]);
    const rows = await rawDb(app.t)
      .selectFrom("ssoProvider")
      .select("id")
      .where("organizationId", "=", other.organization.id)
      .execute();
    expect(rows).toHaveLength(1);
  });

  it("holds the organization's two-factor policy for its owners", async () => {
    const strict = await ownerWithDomain(app);
    await rawDb(app.t)
      .updateTable("organization")
      .set({ requireTwoFactor: app.t.server.database.kind === "sqlite" ? 1 : true })
      .where("id", "=", strict.organization.id)
      .execute();
    const refused = await domainsCall(app.t, connections(strict.organization.id), strict.owner.cookie);
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe("TWO_FACTOR_REQUIRED_BY_ORGANIZATION");
  });
});
