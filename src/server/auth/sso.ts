import { type SSOOptions, sso } from "@better-auth/sso";

/**
 * Enterprise single sign-on (issue 19, decision 37): better-auth's own SSO plugin with every security setting
 * of Gatehouse spelled out here. What decides who may sign in and which membership they get is the features'
 * (features/sso): they hand in `resolveUser` and `provisionUser`, this file never imports them.
 */

/** SAML NotBefore / NotOnOrAfter tolerance: two minutes (better-auth's default is five). */
export const SAML_CLOCK_SKEW_MS = 2 * 60 * 1000;

/** The per-connection settings of Gatehouse, kept as extra columns of better-auth's `ssoProvider` table. */
export const SSO_PROVIDER_FIELDS = {
  /** The role a person gets when no group mapping grants one. */
  defaultRole: { type: "string", required: false, defaultValue: "member", input: true },
  /** Password, social, email-code and passkey sessions are refused for addresses at the domain. */
  requireSso: { type: "boolean", required: false, defaultValue: false, input: true },
  /** SAML: unsolicited responses accepted; OIDC: callbacks without our state. */
  allowIdpInitiated: { type: "boolean", required: false, defaultValue: false, input: true },
  /** JSON: which attribute / claim names hold email, name and groups (contracts/sso.ts attributeMapping). */
  attributeMapping: { type: "string", required: false, input: true },
  /** JSON: group → role / team (contracts/sso.ts groupMapping[]). */
  groupMappings: { type: "string", required: false, input: true },
  /** SAML: where the IdP metadata was fetched from, when it came from a URL. */
  metadataUrl: { type: "string", required: false, input: true },
  /** better-auth's table has no creation time; the connection list shows one. */
  createdAt: { type: "date", required: false, defaultValue: () => new Date(), input: false },
} as const;

export interface SsoPluginHooks {
  resolveUser: NonNullable<SSOOptions["resolveUser"]>;
  provisionUser: NonNullable<SSOOptions["provisionUser"]>;
}

export function ssoPlugin({ resolveUser, provisionUser }: SsoPluginHooks) {
  return sso({
    // The chokepoint of every SSO sign-in: domain still verified, email at the domain, account linked or made.
    resolveUser,
    // Just-in-time membership after every sign-in (not only the first): groups may have changed at the IdP.
    provisionUser,
    provisionUserOnEveryLogin: true,
    // Memberships are Gatehouse's (features/provisioning/membership.ts), never better-auth's own assignment.
    organizationProvisioning: { disabled: true },
    // `domainVerified` mirrors the organization's verified domains (issue 18); better-auth's own DNS
    // verification endpoints answer 404 (features/sso/plugin.ts).
    domainVerification: { enabled: true },
    // The provider id is part of the URLs the IdP is given; an owner has at most a few (features/sso checks
    // per organization, this is better-auth's per-user count).
    providersLimit: 100,
    saml: {
      enableInResponseToValidation: true,
      // On globally; each connection's `allowIdpInitiated` decides (features/sso/plugin.ts refuses the rest).
      allowIdpInitiated: true,
      requireTimestamps: true,
      clockSkew: SAML_CLOCK_SKEW_MS,
      algorithms: { onDeprecated: "reject" },
      enableSingleLogout: true,
      // The IdP's logout messages must be signed. @better-auth/sso 1.7.5 did not hand samlify the signed octet
      // string of the HTTP-Redirect binding, so no signature could verify: patches/@better-auth+sso+1.7.5.patch
      // passes it (decision 37).
      wantLogoutRequestSigned: true,
      wantLogoutResponseSigned: true,
    },
    schema: { ssoProvider: { additionalFields: SSO_PROVIDER_FIELDS } },
  });
}
