import type { Refusal } from "#server/features/organizations/caller.ts";
import { type SendPolicy, urlRefusal } from "#server/features/webhooks/send.ts";
import { fetchMetadata } from "./metadata-url.ts";

/**
 * An OIDC connection's IdP endpoints, read by Gatehouse from the issuer's discovery document (decision 37).
 * @better-auth/sso's own discovery accepts only issuers whose origin is in TRUSTED_ORIGINS, which no operator
 * lists for every customer's Okta or Entra ID; Gatehouse fetches the document itself under the SAML metadata URL's
 * address policy (metadata-url.ts) and registers the connection with the endpoints it names (skipDiscovery).
 */
export interface OidcEndpoints {
  discoveryEndpoint: string;
  authorizationEndpoint: string;
  tokenEndpoint: string;
  jwksEndpoint: string;
  userInfoEndpoint?: string;
  tokenEndpointAuthentication: "client_secret_basic" | "client_secret_post";
}

const withoutSlash = (url: string) => url.replace(/\/+$/, "");

/** Where an issuer publishes its configuration (OpenID Connect Discovery 1.0 §4). */
export const discoveryUrlOf = (issuer: string) => `${withoutSlash(issuer)}/.well-known/openid-configuration`;

const failed = (reason: string): Refusal => ({
  status: 422,
  code: "OIDC_DISCOVERY_FAILED",
  message: `The issuer's OpenID configuration could not be used: ${reason}`,
});

/**
 * The policy for one issuer: the webhooks' (WEBHOOK_ALLOW_HTTP, WEBHOOK_ALLOW_PRIVATE), and a private address
 * also for an issuer whose origin the operator lists in TRUSTED_ORIGINS (better-auth trusts those itself).
 */
export function issuerPolicy(issuer: string, policy: SendPolicy, trustedOrigins: readonly string[]) {
  const origin = URL.canParse(issuer) ? new URL(issuer).origin : "";
  return trustedOrigins.includes(origin) ? { ...policy, allowPrivate: true } : policy;
}

/** Fetches and checks the issuer's discovery document: a refusal (422) or the endpoints to register. */
export async function discoverOidc(issuer: string, policy: SendPolicy): Promise<Refusal | OidcEndpoints> {
  const discoveryEndpoint = discoveryUrlOf(issuer);
  const fetched = await fetchMetadata(discoveryEndpoint, policy, undefined, "application/json");
  if (!fetched.ok) return failed(`${discoveryEndpoint}: ${fetched.reason}`);
  let doc: Record<string, unknown>;
  try {
    const parsed: unknown = JSON.parse(fetched.xml);
    if (!parsed || typeof parsed !== "object" || Array.isArray(parsed)) throw new Error();
    doc = parsed as Record<string, unknown>;
  } catch {
    return failed(`${discoveryEndpoint} did not answer a JSON object`);
  }
  if (typeof doc.issuer !== "string" || withoutSlash(doc.issuer) !== withoutSlash(issuer))
    return failed(`the document names the issuer "${String(doc.issuer)}", not "${issuer}"`);
  const endpoint = (name: string, required: boolean): string | Refusal | undefined => {
    const value = doc[name];
    if (value === undefined && !required) return undefined;
    if (typeof value !== "string" || !value) return failed(`the document has no ${name}`);
    const refusal = urlRefusal(value, policy);
    return refusal
      ? failed(`${name} ${value}: ${refusal.replaceAll("WEBHOOK_", "the server's WEBHOOK_")}`)
      : value;
  };
  const found: Record<string, string | undefined> = {};
  for (const [name, required] of [
    ["authorization_endpoint", true],
    ["token_endpoint", true],
    ["jwks_uri", true],
    ["userinfo_endpoint", false],
  ] as const) {
    const value = endpoint(name, required);
    if (typeof value === "object") return value;
    found[name] = value;
  }
  const methods = doc.token_endpoint_auth_methods_supported;
  const supported = Array.isArray(methods) ? methods : [];
  // As better-auth's own discovery chooses: Basic unless only the POST form is listed.
  const tokenEndpointAuthentication: OidcEndpoints["tokenEndpointAuthentication"] =
    supported.includes("client_secret_post") && !supported.includes("client_secret_basic")
      ? "client_secret_post"
      : "client_secret_basic";
  return {
    discoveryEndpoint,
    authorizationEndpoint: found.authorization_endpoint as string,
    tokenEndpoint: found.token_endpoint as string,
    jwksEndpoint: found.jwks_uri as string,
    ...(found.userinfo_endpoint ? { userInfoEndpoint: found.userinfo_endpoint } : {}),
    tokenEndpointAuthentication,
  };
}

/** The origins of an OIDC configuration's endpoints, the ones better-auth checks (plugin.ts, WEBHOOK_ALLOW_PRIVATE). */
export function endpointOrigins(config: unknown): string[] {
  if (!config || typeof config !== "object") return [];
  const fields = config as Record<string, unknown>;
  return ["authorizationEndpoint", "tokenEndpoint", "userInfoEndpoint", "jwksEndpoint", "discoveryEndpoint"]
    .map((key) => fields[key])
    .filter((url): url is string => typeof url === "string" && URL.canParse(url))
    .map((url) => new URL(url).origin);
}
