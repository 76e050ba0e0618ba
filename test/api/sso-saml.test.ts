import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { domainsCall } from "../support/domains.ts";
import { api, rawDb } from "../support/organizations.ts";
import { type SamlIdp, startSamlIdp } from "../support/saml-idp.ts";
import {
  landingOf,
  ownerWithDomain,
  postToAcs,
  type SsoTestApp,
  ssoPath,
  startSsoSignIn,
  startSsoTestApp,
} from "../support/sso.ts";
import { testDatabase } from "../support/test-app.ts";

describe(`SSO over SAML against a samlify IdP in its own process (${testDatabase})`, () => {
  let app: SsoTestApp;
  let idp: SamlIdp;
  let org: Awaited<ReturnType<typeof ownerWithDomain>>;
  let connection: { id: string; serviceProvider: { entityId: string; acsUrl: string; sloUrl: string } };
  let teamId: string;

  beforeAll(async () => {
    idp = await startSamlIdp();
    // The IdP's metadata URL is on loopback: allowed here as WEBHOOK_ALLOW_PRIVATE allows it for webhooks.
    app = await startSsoTestApp({ WEBHOOK_ALLOW_PRIVATE: "1" }, [idp.url]);
    org = await ownerWithDomain(app);
    const team = await api(app.t, "/organization/create-team", org.owner.cookie, {
      name: "Engineering",
      organizationId: org.organization.id,
    });
    teamId = team.body.id;
    const made = await domainsCall(app.t, ssoPath(org.organization.id, "/connections"), org.owner.cookie, {
      json: {
        protocol: "saml",
        domain: org.domain,
        saml: { metadataUrl: idp.metadataUrl },
        mapping: { groups: "groups" },
        groupMappings: [
          { group: "admins", role: "admin", teamId: null },
          { group: "eng", role: null, teamId },
        ],
      },
    });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    connection = made.body;
    await idp.registerServiceProvider({
      entityId: connection.serviceProvider.entityId,
      acsUrl: connection.serviceProvider.acsUrl,
      sloUrl: connection.serviceProvider.sloUrl,
    });
  }, 60_000);
  afterAll(async () => {
    await app?.close();
    await idp?.close();
  });

  const membershipOf = async (email: string) =>
    rawDb(app.t)
      .selectFrom("member")
      .innerJoin("user", "user.id", "member.userId")
      .select(["member.role", "user.id", "user.emailVerified"])
      .where("user.email", "=", email)
      .where("member.organizationId", "=", org.organization.id)
      .executeTakeFirst();

  it("shows the IdP it read from the metadata URL", () => {
    expect(connection).toMatchObject({
      protocol: "saml",
      domainVerified: true,
      saml: { idpEntityId: idp.entityId, metadataUrl: idp.metadataUrl, ssoUrl: `${idp.url}/sso` },
    });
  });

  it("signs a new person in (SP-initiated) with a verified address, the default role and the mapped team", async () => {
    const email = `grace@${org.domain}`;
    await idp.next({ email, name: "Grace Hopper", groups: ["eng"] });
    const browser = app.browser();
    const post = await idp.respondTo(await startSsoSignIn(browser, email));
    const res = await postToAcs(browser, post);
    expect(res.status).toBe(302);
    expect(landingOf(res, app.url)?.pathname).toBe("/welcome");
    const session = await api(app.t, "/get-session", browser.cookieFor());
    expect(session.body.user).toMatchObject({ email, name: "Grace Hopper", emailVerified: true });
    const member = await membershipOf(email);
    expect(member?.role).toBe("member");
    const inTeam = await rawDb(app.t)
      .selectFrom("teamMember")
      .select("teamId")
      .where("userId", "=", member?.id ?? "")
      .execute();
    expect(inTeam.map((r) => r.teamId)).toEqual([teamId]);
  });
});
