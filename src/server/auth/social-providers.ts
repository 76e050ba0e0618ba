import type { BetterAuthOptions, BetterAuthPlugin } from "better-auth";
import { getOAuthState } from "better-auth/api";
import { genericOAuth } from "better-auth/plugins/generic-oauth";
import {
  type BuiltInProviderSetting,
  OIDC_PROVIDER_ID,
  type OidcSetting,
  type SocialConfig,
} from "#server/auth/social-config.ts";

type SocialProvidersOption = NonNullable<BetterAuthOptions["socialProviders"]>;
type ValidateUserInfo = NonNullable<NonNullable<BetterAuthOptions["user"]>["validateUserInfo"]>;

/** The redirect code a refused implicit link ends with (better-auth uses the same one). */
export const ACCOUNT_NOT_LINKED = "account_not_linked";

function builtInOptions(p: BuiltInProviderSetting): Record<string, unknown> {
  const credentials = { clientId: p.clientId, clientSecret: p.clientSecret };
  switch (p.id) {
    case "tiktok":
      return { clientKey: p.clientId, clientSecret: p.clientSecret };
    case "gitlab":
      return p.issuer ? { ...credentials, issuer: p.issuer } : credentials;
    case "microsoft":
      return { ...credentials, tenantId: p.tenantId };
    case "apple":
      return p.appBundleIdentifier
        ? { ...credentials, appBundleIdentifier: p.appBundleIdentifier }
        : credentials;
    case "google":
      // A refresh token (for /refresh-token and /get-access-token) is only handed out for offline access.
      return { ...credentials, accessType: "offline", prompt: "select_account consent" };
    default:
      return credentials;
  }
}

function oidcPlugin(oidc: OidcSetting) {
  return genericOAuth({
    config: [
      {
        providerId: OIDC_PROVIDER_ID,
        name: oidc.name,
        discoveryUrl: `${oidc.issuer}/.well-known/openid-configuration`,
        clientId: oidc.clientId,
        clientSecret: oidc.clientSecret,
        scopes: ["openid", "email", "profile"],
        pkce: true,
      },
    ],
  });
}

/**
 * Implicit linking (a sign-in whose email matches an existing account) needs a
 * provider on TRUSTED_LINKING_PROVIDERS that says it verified this address.
 * better-auth alone would also link any provider claiming a verified email, and
 * a listed one even without that claim. /link-social (state carries `link`) is
 * left to better-auth's own rules: the user is signed in and asked for it.
 */
export function implicitLinkingGate(trusted: readonly string[]): ValidateUserInfo {
  return async ({ user, source }) => {
    if (source.action !== "link-account" || source.method !== "oauth") return;
    if ((await getOAuthState())?.link) return;
    const providerId = source.oauth?.providerId ?? "";
    if (trusted.includes(providerId) && user.emailVerified === true) return;
    return {
      error: ACCOUNT_NOT_LINKED,
      errorDescription:
        "An account with this email already exists; sign in to it and link this provider there.",
    };
  };
}

/**
 * Redirects better-auth sends to its own error page (`/api/auth/error`, used
 * when a flow has no errorCallbackURL yet, e.g. an unknown state) go to the web
 * app's /error screen instead, which explains each code. Visiting
 * /api/auth/error directly still shows better-auth's HTML page (SPEC §2).
 */
export function errorScreenRedirects(baseURL: string) {
  const authErrorPage = `${baseURL}/api/auth/error`;
  return {
    id: "gatehouse-error-screen",
    async onResponse(response: Response) {
      const location = response.headers.get("location");
      if (response.status < 300 || response.status >= 400 || !location) return;
      const url = new URL(location, baseURL);
      if (`${url.origin}${url.pathname}` !== authErrorPage) return;
      const headers = new Headers(response.headers);
      headers.set("location", `${baseURL}/error${url.search}`);
      return { response: new Response(response.body, { status: response.status, headers }) };
    },
  } satisfies BetterAuthPlugin;
}

/** The better-auth pieces social sign-in adds: providers, the OIDC plugin, the linking gate. */
export function socialAuth(social: SocialConfig, baseURL: string) {
  const socialProviders: Record<string, Record<string, unknown>> = {};
  for (const provider of social.providers) socialProviders[provider.id] = builtInOptions(provider);
  const plugins = social.oidc
    ? [errorScreenRedirects(baseURL), oidcPlugin(social.oidc)]
    : [errorScreenRedirects(baseURL)];
  return {
    socialProviders: socialProviders as SocialProvidersOption,
    plugins,
    validateUserInfo: implicitLinkingGate(social.trustedLinkingProviders),
  };
}
