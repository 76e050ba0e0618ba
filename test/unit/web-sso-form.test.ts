import { beforeAll, describe, expect, it } from "vitest";
import {
  createSsoConnectionBody,
  type SsoConnection,
  updateSsoConnectionBody,
} from "#shared/contracts/sso.ts";
import {
  createBody,
  initialSsoValues,
  newGroupRow,
  type SsoFormValues,
  ssoFormErrors,
  updateBody,
} from "#web/features/organizations/lib/sso-form.ts";
import { loadAppMessages } from "#web/i18n/i18n.ts";

// The form's problems are the English words of the signed-in screens' catalogue.
beforeAll(() => loadAppMessages());

const METADATA =
  '<EntityDescriptor xmlns="urn:oasis:names:tc:SAML:2.0:metadata" entityID="https://idp.test"/>';

function values(overrides: Partial<SsoFormValues> = {}): SsoFormValues {
  return { ...initialSsoValues(null, "acme.test"), ...overrides };
}

const connection: SsoConnection = {
  id: "sso-acme-test",
  organizationId: "org1",
  protocol: "saml",
  domain: "acme.test",
  domainVerified: true,
  defaultRole: "admin",
  requireSso: true,
  allowIdpInitiated: false,
  mapping: { groups: "groups" },
  groupMappings: [{ group: "eng", role: "admin", teamId: null }],
  saml: {
    idpEntityId: "https://idp.test",
    ssoUrl: "https://idp.test/sso",
    certificateExpiresAt: null,
    singleLogout: false,
    metadataUrl: null,
  },
  oidc: null,
  serviceProvider: {
    connectionId: "x",
    entityId: "e",
    acsUrl: "a",
    metadataUrl: "m",
    sloUrl: "s",
    redirectUri: "r",
  },
  createdAt: "2026-11-25T00:00:00.000Z",
};

describe("the single sign-on form (issue 19)", () => {
  it("builds a SAML body the server's own schema accepts, without the blank mapping fields", () => {
    const body = createBody(
      values({
        metadataXml: ` ${METADATA}\n`,
        mapping: { email: "", name: "displayName", firstName: "", lastName: "", groups: " groups " },
        groupMappings: [{ ...newGroupRow(), group: " eng ", role: null, teamId: "team1" }],
      }),
    );
    expect(createSsoConnectionBody.parse(body)).toMatchObject({
      protocol: "saml",
      saml: { metadataXml: METADATA },
      domain: "acme.test",
      mapping: { name: "displayName", groups: "groups" },
      groupMappings: [{ group: "eng", role: null, teamId: "team1" }],
    });
    expect(body.mapping).not.toHaveProperty("email");
  });

  it("builds an OIDC body with its extra scopes split", () => {
    const body = createBody(
      values({
        protocol: "oidc",
        issuer: "https://login.acme.test",
        clientId: " client ",
        clientSecret: "s3cret",
        scopes: "groups, offline_access",
      }),
    );
    expect(createSsoConnectionBody.parse(body)).toMatchObject({
      protocol: "oidc",
      oidc: { issuer: "https://login.acme.test", clientId: "client", scopes: ["groups", "offline_access"] },
    });
  });

  it("refuses in place what the server would refuse: no metadata, a bad URL, a mapping that grants nothing", () => {
    expect(ssoFormErrors(values(), false)).toHaveProperty("metadataXml");
    expect(
      ssoFormErrors(values({ samlSource: "url", metadataUrl: "idp.test/metadata" }), false),
    ).toHaveProperty("metadataUrl");
    expect(ssoFormErrors(values({ protocol: "oidc" }), false)).toMatchObject({
      issuer: expect.any(String),
      clientId: expect.any(String),
      clientSecret: expect.any(String),
    });
    const rows = [{ ...newGroupRow(), group: "eng" }];
    expect(ssoFormErrors(values({ metadataXml: METADATA, groupMappings: rows }), false)).toEqual({
      "groupMappings.0.role": "Choose a role, a team or both",
    });
    expect(ssoFormErrors(values({ metadataXml: METADATA }), false)).toEqual({});
  });

  it("an edit keeps the IdP when no new metadata is given, and sends the settings", () => {
    const start = initialSsoValues(connection, "");
    expect(start).toMatchObject({ defaultRole: "admin", requireSso: true, domain: "acme.test" });
    expect(ssoFormErrors(start, true)).toEqual({});
    const body = updateBody({ ...start, requireSso: false }, connection);
    expect(body).not.toHaveProperty("saml");
    expect(updateSsoConnectionBody.parse(body)).toMatchObject({
      requireSso: false,
      mapping: { groups: "groups" },
      groupMappings: [{ group: "eng", role: "admin", teamId: null }],
    });
    expect(updateBody({ ...start, metadataXml: METADATA }, connection).saml).toEqual({
      metadataXml: METADATA,
    });
  });
});
