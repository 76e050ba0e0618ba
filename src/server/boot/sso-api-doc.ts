import { z } from "zod";
import { type ProductRouteDoc, refusal } from "#server/features/reference/document.ts";
import {
  createSsoConnectionBody,
  serviceProviderValues,
  ssoConnection,
  ssoConnectionList,
  ssoTestResult,
  ssoTestStart,
  updateSsoConnectionBody,
} from "#shared/contracts/sso.ts";

const organization = z.object({ organizationId: z.string().meta({ description: "The organization's id" }) });
const connection = organization.extend({
  connectionId: z.string().meta({ description: "The connection's id, derived from its domain (acme-com)" }),
});
const test = organization.extend({ testId: z.string().meta({ description: "The test's id (ssot_…)" }) });

/** Single sign-on connections (features/sso/routes.ts, issue 19) for the API reference. */
export function ssoRouteDocs(): ProductRouteDoc[] {
  const refusals = {
    401: refusal("Not signed in"),
    403: refusal("Not an owner of the organization, an API key, or a foreign Origin"),
    404: refusal("No such organization or connection (or not yours to know of)"),
  };
  const invalid = refusal(
    "A field is invalid (INVALID_FIELD), a role not grantable (UNKNOWN_ROLE), a team not the organization's (UNKNOWN_TEAM), metadata without a sign-in URL or certificate (INVALID_METADATA)",
  );
  const base = "/api/organizations/{organizationId}/sso";
  return [
    {
      method: "get",
      path: `${base}/connections`,
      summary: "The organization's SAML and OIDC connections (owners); never an OIDC client secret.",
      access: "user",
      params: organization,
      responses: { 200: { description: "The connections", schema: ssoConnectionList }, ...refusals },
    },
    {
      method: "get",
      path: `${base}/service-provider`,
      summary:
        "What to enter at the identity provider for a domain's connection, before it exists: entity id, ACS URL, SP metadata URL, single logout URL, OIDC redirect URI.",
      access: "user",
      params: organization,
      query: z.object({ domain: z.string().meta({ description: "One of the organization's domains" }) }),
      responses: {
        200: { description: "The service provider's values", schema: serviceProviderValues },
        400: refusal("Not a domain name (INVALID_FIELD)"),
        ...refusals,
      },
    },
    {
      method: "post",
      path: `${base}/connections`,
      summary:
        "Connects a verified domain to the organization's IdP (owners): SAML from pasted metadata XML or a metadata URL fetched by the server (WEBHOOK_ALLOW_HTTP / WEBHOOK_ALLOW_PRIVATE apply), or OIDC from issuer (its discovery document read by the server under the same policy), client id and secret. One connection per domain; signed assertions only.",
      access: "user",
      params: organization,
      body: createSsoConnectionBody,
      responses: {
        201: { description: "The connection", schema: ssoConnection },
        400: invalid,
        409: refusal(
          "The domain is not verified by this organization (DOMAIN_NOT_VERIFIED) or has a connection (SSO_CONNECTION_EXISTS)",
        ),
        422: refusal(
          "The metadata URL could not be read (METADATA_URL_FAILED), or the OIDC issuer's discovery document could not be read or used (OIDC_DISCOVERY_FAILED)",
        ),
        ...refusals,
      },
    },
    {
      method: "patch",
      path: `${base}/connections/{connectionId}`,
      summary:
        "Changes a connection's settings (requirement, IdP-initiated, roles, mapping) or its IdP (new metadata, new OIDC values; the secret may be left out).",
      access: "user",
      params: connection,
      body: updateSsoConnectionBody,
      responses: {
        200: { description: "The connection", schema: ssoConnection },
        400: invalid,
        409: refusal("The IdP's identity cannot change while accounts are linked to it"),
        422: refusal(
          "The metadata URL could not be read (METADATA_URL_FAILED), or the OIDC issuer's discovery document could not be read or used (OIDC_DISCOVERY_FAILED)",
        ),
        ...refusals,
      },
    },
    {
      method: "delete",
      path: `${base}/connections/{connectionId}`,
      summary: "Removes a connection; its people keep their accounts and memberships.",
      access: "user",
      params: connection,
      responses: { 204: { description: "Removed" }, ...refusals },
    },
    {
      method: "post",
      path: `${base}/connections/{connectionId}/test`,
      summary:
        "Starts a test sign-in: open `url` in a new tab; the IdP's answer is recorded (GET …/tests/{testId}) and nobody is signed in. Answers for 10 minutes.",
      access: "user",
      params: connection,
      responses: { 201: { description: "The test", schema: ssoTestStart }, ...refusals },
    },
    {
      method: "get",
      path: `${base}/tests/{testId}`,
      summary:
        "What came back from a test sign-in: waiting, succeeded (email, name, groups, attributes, role, teams) or failed (error code).",
      access: "user",
      params: test,
      responses: { 200: { description: "The result", schema: ssoTestResult }, ...refusals },
    },
  ];
}
