import { timingSafeEqual } from "node:crypto";
import { oauthProvider } from "@better-auth/oauth-provider";
import type { BetterAuthPlugin, SecondaryStorage } from "better-auth";
import { jwt } from "better-auth/plugins";
import {
  GATEHOUSE_CLAIMS,
  introspectionOrganizationClaims,
  organizationClaims,
  userInfoPicture,
} from "#server/auth/identity-claims.ts";
import { identityGuards, type ProviderPlugin } from "#server/auth/identity-guards.ts";
import { reconcileSigningKeys, signingKeyOptions } from "#server/auth/identity-keys.ts";
import { registrationRules } from "#server/auth/identity-registration.ts";
import { publishedPicture } from "#server/auth/published-picture.ts";
import type { Config } from "#server/boot/config.ts";
import { limitCounters } from "#server/db/limit-counters.ts";
import type { Db } from "#server/db/tables.ts";
import { hasRole } from "#shared/roles.ts";

/** The scopes about the signed-in user apps may ask for ("Sign in with Gatehouse"); OIDC_API_SCOPES add more. */
export const OIDC_SCOPES = ["openid", "profile", "email", "offline_access", "organizations"];

/** The owner recorded on apps an admin (or the registration token) registers: all admins (clientReference). */
export const ADMINS_OWN_APPS = "gatehouse:admins";

/** Where apps send users to sign in, and where they approve an app. */
export const OIDC_LOGIN_PAGE = "/sign-in";
export const OIDC_CONSENT_PAGE = "/oauth/consent";

/**
 * The OpenID issuer: better-auth's oauth-provider names its own base URL (BETTER_AUTH_URL + /api/auth)
 * as the issuer. It is set on the jwt plugin too, so ID tokens, access tokens and discovery all agree.
 */
export function oidcIssuer(baseURL: string): string {
  return `${baseURL}/api/auth`;
}

const STANDARD_CLAIMS = ["sub", "iss", "aud", "exp", "iat", "sid", "scope", "azp", "auth_time", "acr"];
const PROFILE_CLAIMS = ["name", "picture", "email", "email_verified"];

const isAdmin = (user: Record<string, unknown> | undefined) =>
  hasRole(typeof user?.role === "string" ? user.role : undefined, "admin");

/** Compares in constant time (RFC 7591 initial access tokens). */
function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * The OpenID Connect provider: the jwt plugin signs (RS256 by default, which every language's JOSE library
 * verifies) and serves the rotating JWKS; oauth-provider serves authorization, token, userinfo,
 * introspection, revocation, end-session, registration and discovery under /api/auth; Gatehouse's own
 * plugin adds the rules better-auth lacks (identity-guards.ts) and the `organizations` claims.
 * The per-client limits of the token and introspection endpoints count in the shared counters (production).
 */
export function identityProviderPlugins(config: Config, db: Db, secondaryStorage?: SecondaryStorage) {
  const { oidc } = config;
  const counters = config.isProduction ? limitCounters(db, secondaryStorage) : undefined;
  const issuer = oidcIssuer(config.baseURL);
  const keys = signingKeyOptions(oidc, issuer, config.baseURL);
  const registrationToken = oidc.registrationToken;
  const provider = oauthProvider({
    loginPage: OIDC_LOGIN_PAGE,
    consentPage: OIDC_CONSENT_PAGE,
    scopes: [...OIDC_SCOPES, ...oidc.apiScopes],
    // Access tokens asked for one of these resources (RFC 8707) are JWTs with it as audience. Any app may ask
    // for them (no per-app links to keep up); linking an app to a resource makes it that resource's server,
    // which may introspect tokens other apps got for it.
    resources: oidc.resources,
    enforcePerClientResources: false,
    // The standard claims of the granted scopes in the ID token too, not only at userinfo: most apps read
    // who signed in straight from the ID token (as Google's and Keycloak's carry them). `picture` is an
    // http(s) URL, never the stored data URL of an uploaded picture (published-picture.ts).
    customIdTokenClaims: ({ user, scopes }) => ({
      ...(scopes.includes("profile")
        ? { name: user.name, picture: publishedPicture(config.baseURL, user.id, user.image) }
        : {}),
      ...(scopes.includes("email") ? { email: user.email, email_verified: user.emailVerified } : {}),
    }),
    extensions: [organizationClaims],
    advertisedMetadata: { claims_supported: [...STANDARD_CLAIMS, ...PROFILE_CLAIMS, ...GATEHOUSE_CLAIMS] },
    // Registering, reading or changing apps is for admins only: better-auth would let any signed-in user.
    clientPrivileges: ({ user }) => isAdmin(user),
    // Apps belong to the admins together, not to the one who registered them: any admin may read, rotate,
    // update or delete any admin's app through the plugin's own endpoints.
    clientReference: ({ user }) => (isAdmin(user) ? ADMINS_OWN_APPS : undefined),
    resourcePrivileges: ({ user }) => isAdmin(user),
    // RFC 7591 at /oauth2/register: an admin's session or OIDC_REGISTRATION_TOKEN (identity-registration.ts);
    // the apps a script registers with the token belong to the admins too.
    allowDynamicClientRegistration: true,
    validateInitialAccessToken: registrationToken
      ? ({ initialAccessToken }) =>
          sameSecret(initialAccessToken, registrationToken) ? { referenceId: ADMINS_OWN_APPS } : false
      : undefined,
    // Explicit, though better-auth's defaults: client secrets and tokens are stored as SHA-256 hashes.
    storeClientSecret: "hashed",
    storeTokens: "hashed",
    // better-auth counts these per address; identity-guards.ts counts per client. One address may carry
    // several busy clients (a backend, a gateway): ten clients' worth.
    rateLimit: {
      token: { window: 60, max: oidc.tokenLimit * 10 },
      introspect: { window: 60, max: oidc.introspectionLimit * 10 },
    },
  });
  const plugin = provider as unknown as ProviderPlugin;
  const guards = identityGuards(plugin, oidc, counters);
  const registration = registrationRules(plugin, oidc);
  const gatehouseIdentity = {
    id: "gatehouse-identity",
    async init(context) {
      await reconcileSigningKeys(context, keys);
    },
    hooks: {
      before: [...guards.before, ...registration.before],
      after: [
        ...guards.after,
        ...registration.after,
        ...introspectionOrganizationClaims(),
        ...userInfoPicture(config.baseURL),
      ],
    },
  } satisfies BetterAuthPlugin;
  return [jwt(keys), provider, gatehouseIdentity];
}
