import { oauthProvider } from "@better-auth/oauth-provider";
import { jwt } from "better-auth/plugins";

/** The scopes apps may ask for ("Sign in with Gatehouse"). */
export const OIDC_SCOPES = ["openid", "profile", "email", "offline_access"];

/** Where apps send users to sign in, and where they approve an app (the consent screen comes later). */
export const OIDC_LOGIN_PAGE = "/sign-in";
export const OIDC_CONSENT_PAGE = "/oauth/consent";

/**
 * The OpenID issuer: better-auth's oauth-provider names its own base URL (BETTER_AUTH_URL + /api/auth)
 * as the issuer. It is set on the jwt plugin too, so ID tokens, access tokens and discovery all agree.
 */
export function oidcIssuer(baseURL: string): string {
  return `${baseURL}/api/auth`;
}

/**
 * The OpenID Connect provider: the jwt plugin signs (RS256, which every language's JOSE library verifies;
 * better-auth's default EdDSA is not) and serves the JWKS, oauth-provider serves authorization, token,
 * userinfo, introspection, revocation, end-session and discovery under /api/auth.
 */
export function identityProviderPlugins(baseURL: string) {
  const issuer = oidcIssuer(baseURL);
  return [
    jwt({
      jwks: { keyPairConfig: { alg: "RS256", modulusLength: 2048 } },
      jwt: { issuer, audience: issuer },
      // No `set-auth-jwt` on every get-session: the web app does not use it, it would cost an RSA signature
      // per call, and the get-session hot path (http/hot-paths.ts) answers with better-auth's exact headers.
      disableSettingJwtHeader: true,
    }),
    oauthProvider({
      loginPage: OIDC_LOGIN_PAGE,
      consentPage: OIDC_CONSENT_PAGE,
      scopes: OIDC_SCOPES,
      // The standard claims of the granted scopes in the ID token too, not only at userinfo: most apps read
      // who signed in straight from the ID token (as Google's and Keycloak's carry them).
      customIdTokenClaims: ({ user, scopes }) => ({
        ...(scopes.includes("profile") ? { name: user.name, picture: user.image ?? undefined } : {}),
        ...(scopes.includes("email") ? { email: user.email, email_verified: user.emailVerified } : {}),
      }),
      // Registering, reading or changing apps is for admins only: better-auth would let any signed-in user.
      clientPrivileges: ({ user }) => user?.role === "admin",
      resourcePrivileges: ({ user }) => user?.role === "admin",
    }),
  ];
}
