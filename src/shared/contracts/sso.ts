import { z } from "zod";
import { domainName } from "./domains.ts";

/**
 * Enterprise single sign-on per organization (issue 19): the API contracts of
 * /api/organizations/:organizationId/sso/… (the organization's owners) and of the public pieces the sign-in page
 * uses. The sign-in itself is better-auth's own `POST /api/auth/sign-in/sso` ({ email, callbackURL }), unchanged.
 */

export const ssoProtocol = z.enum(["saml", "oidc"]);
export type SsoProtocol = z.infer<typeof ssoProtocol>;

/** A role an identity provider may grant: a built-in role below owner, or one of the organization's custom roles. */
const grantableRole = z.string().trim().min(1).max(64);

/** One group of the IdP (SAML attribute value / OIDC claim value) and what it gives in the organization. */
export const groupMapping = z.object({
  group: z.string().trim().min(1).max(200),
  /** A role to grant, or null for a team only. */
  role: grantableRole.nullable(),
  /** A team of the organization to put the person in, or null for a role only. */
  teamId: z.string().min(1).max(200).nullable(),
});
export type GroupMapping = z.infer<typeof groupMapping>;

/** Which assertion attributes / claims hold the person's details (blank: the protocol's usual names). */
export const attributeMapping = z.object({
  email: z.string().trim().max(200).optional(),
  name: z.string().trim().max(200).optional(),
  firstName: z.string().trim().max(200).optional(),
  lastName: z.string().trim().max(200).optional(),
  /** The attribute / claim listing the person's groups; groups are ignored without it. */
  groups: z.string().trim().max(200).optional(),
});
export type AttributeMapping = z.infer<typeof attributeMapping>;

/** IdP metadata XML pasted or uploaded, at most 100 KB (better-auth's own limit). */
export const SAML_METADATA_MAX = 100 * 1024;

const settings = {
  /** One of the organization's verified domains (issue 18): whose addresses sign in through this connection. */
  domain: domainName,
  /** The role a person gets when no group mapping grants one. */
  defaultRole: grantableRole.default("member"),
  /** Password, social, email-code and passkey sign-in are refused for addresses at the domain. */
  requireSso: z.boolean().default(false),
  /** SAML: accept responses the IdP sends unasked (IdP-initiated); OIDC: callbacks without state. */
  allowIdpInitiated: z.boolean().default(false),
  mapping: attributeMapping.default({}),
  groupMappings: z.array(groupMapping).max(100).default([]),
};

export const samlSource = z.union([
  z.object({ metadataXml: z.string().min(1).max(SAML_METADATA_MAX) }),
  z.object({ metadataUrl: z.string().url().max(2000) }),
]);
export type SamlSource = z.infer<typeof samlSource>;

export const oidcSettings = z.object({
  issuer: z.string().url().max(2000),
  clientId: z.string().trim().min(1).max(500),
  clientSecret: z.string().min(1).max(2000),
  /** Beyond openid, email and profile (e.g. "groups"). */
  scopes: z.array(z.string().trim().min(1).max(100)).max(20).default([]),
});

export const createSsoConnectionBody = z.discriminatedUnion("protocol", [
  z.object({ protocol: z.literal("saml"), saml: samlSource, ...settings }),
  z.object({ protocol: z.literal("oidc"), oidc: oidcSettings, ...settings }),
]);
export type CreateSsoConnectionBody = z.input<typeof createSsoConnectionBody>;

/** PATCH: any setting; new IdP metadata (SAML) or new OIDC values (the secret may be left out to keep it). */
export const updateSsoConnectionBody = z.object({
  defaultRole: grantableRole.optional(),
  requireSso: z.boolean().optional(),
  allowIdpInitiated: z.boolean().optional(),
  mapping: attributeMapping.optional(),
  groupMappings: z.array(groupMapping).max(100).optional(),
  saml: samlSource.optional(),
  oidc: oidcSettings.extend({ clientSecret: z.string().min(1).max(2000).optional() }).optional(),
});
export type UpdateSsoConnectionBody = z.input<typeof updateSsoConnectionBody>;

/** What the owner copies into the IdP for a SAML connection (entity id, ACS URL, metadata) or an OIDC one. */
export const serviceProviderValues = z.object({
  /** The connection id these values are for (derived from the domain, known before the connection exists). */
  connectionId: z.string(),
  entityId: z.string(),
  acsUrl: z.string(),
  /** SP metadata XML to download; answers once the connection exists. */
  metadataUrl: z.string(),
  /** Single logout endpoint. */
  sloUrl: z.string(),
  /** OIDC: the redirect URI to register with the IdP. */
  redirectUri: z.string(),
});
export type ServiceProviderValues = z.infer<typeof serviceProviderValues>;

export const ssoConnection = z.object({
  /** The provider id in better-auth's ssoProvider table. */
  id: z.string(),
  organizationId: z.string(),
  protocol: ssoProtocol,
  domain: z.string(),
  /** The domain is still verified by the organization: sign-in works only while it is. */
  domainVerified: z.boolean(),
  defaultRole: z.string(),
  requireSso: z.boolean(),
  allowIdpInitiated: z.boolean(),
  mapping: attributeMapping,
  groupMappings: z.array(groupMapping),
  saml: z
    .object({
      idpEntityId: z.string(),
      ssoUrl: z.string(),
      /** ISO 8601 end of the IdP signing certificate's validity, when it could be read. */
      certificateExpiresAt: z.string().nullable(),
      singleLogout: z.boolean(),
      metadataUrl: z.string().nullable(),
    })
    .nullable(),
  /** Never the client secret. */
  oidc: z.object({ issuer: z.string(), clientId: z.string(), scopes: z.array(z.string()) }).nullable(),
  serviceProvider: serviceProviderValues,
  createdAt: z.string(),
});
export type SsoConnection = z.infer<typeof ssoConnection>;
export const ssoConnectionList = z.object({ connections: z.array(ssoConnection) });
export type SsoConnectionList = z.infer<typeof ssoConnectionList>;

/** POST …/sso/connections/:connectionId/test: open `url` in a new tab; poll the test by its id. */
export const ssoTestStart = z.object({ testId: z.string(), url: z.string() });
export type SsoTestStart = z.infer<typeof ssoTestStart>;

/**
 * Where a test sign-in's tab lands (a web page): it shows the result of GET …/sso/tests/:testId. better-auth's
 * redirect adds `error` (SSO_TEST_COMPLETE when the IdP answered; another code when it failed).
 */
export function ssoTestResultPath(organizationId: string, testId: string): string {
  return `/sso-test?${new URLSearchParams({ organizationId, testId })}`;
}

/** GET …/sso/tests/:testId: what came back from the IdP, without signing anyone in. */
export const ssoTestResult = z.object({
  testId: z.string(),
  connectionId: z.string(),
  status: z.enum(["waiting", "succeeded", "failed"]),
  /** What the assertion / ID token said, after the connection's mapping. */
  email: z.string().nullable(),
  name: z.string().nullable(),
  groups: z.array(z.string()),
  /** Every attribute / claim as received (values as strings). */
  attributes: z.record(z.string(), z.array(z.string())),
  /** What the person would get: roles and team names. */
  role: z.string().nullable(),
  teams: z.array(z.string()),
  /** Why it failed: a code explained on the error screen, and words for a person. */
  error: z.object({ code: z.string(), message: z.string() }).nullable(),
  finishedAt: z.string().nullable(),
});
export type SsoTestResult = z.infer<typeof ssoTestResult>;

/** The error codes an SSO sign-in can end with (on the error screen, `?error=`), explained by the web. */
export const SSO_ERROR_CODES = [
  "SSO_REQUIRED",
  "SSO_DOMAIN_NOT_VERIFIED",
  "SSO_EMAIL_OUTSIDE_DOMAIN",
  "SSO_IDP_INITIATED_DISABLED",
  "SSO_TEST_COMPLETE",
  "invalid_saml_response",
  /** samlify refused the response while reading it: a bad or missing signature, outside its time window. */
  "saml_error",
  /** An OIDC IdP's answer could not be used (token, userinfo, discovery). */
  "invalid_provider",
  "replay_detected",
  "invalid_state",
  "unsolicited_response",
  /** An OIDC IdP sent the person back without a code (it refused, or the person cancelled there). */
  "invalid_request",
] as const;
