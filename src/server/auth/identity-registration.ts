import { createAuthMiddleware, getSessionFromCtx } from "better-auth/api";
import { oauthError, type ProviderPlugin } from "#server/auth/identity-guards.ts";
import { defineOverride, overrideHooks } from "#server/auth/overrides.ts";
import type { OidcConfig } from "#server/boot/config.ts";
import { hasRole } from "#shared/roles.ts";

const isAdmin = (user: Record<string, unknown> | undefined) =>
  hasRole(typeof user?.role === "string" ? user.role : undefined, "admin");

/**
 * An admin's `POST /oauth2/create-client` goes through the plugin's administrative creation (server-only in
 * better-auth), with the same request and answer shapes plus the fields only an admin may set:
 * `skip_consent` (a first-party app), `enable_end_session` (default on for apps users sign in to: RP-initiated
 * logout and `sid` in ID tokens), `client_credentials_scopes` (a service app; default: every OIDC_API_SCOPES
 * scope). Everyone else reaches the plugin's endpoint, which refuses them (clientPrivileges).
 */
function adminClientCreation(provider: ProviderPlugin, oidc: OidcConfig) {
  return defineOverride({
    path: "/oauth2/create-client",
    mode: "guard",
    async handler(ctx) {
      const session = await getSessionFromCtx(ctx);
      if (!session || !isAdmin(session.user)) return;
      const body = { ...(ctx.body as Record<string, unknown>) };
      const grants = Array.isArray(body.grant_types) ? body.grant_types : ["authorization_code"];
      if (grants.includes("authorization_code") && body.enable_end_session === undefined) {
        body.enable_end_session = true;
      }
      if (grants.includes("client_credentials") && body.client_credentials_scopes === undefined) {
        body.client_credentials_scopes = oidc.apiScopes;
      }
      return provider.endpoints.adminCreateOAuthClient({
        body,
        headers: ctx.headers,
        context: ctx.context,
        asResponse: true,
      });
    },
  });
}

/** Registration bodies an admin asked to be first-party (their skip_consent is applied after creation). */
const firstPartyRegistrations = new WeakSet<object>();

/**
 * Dynamic client registration (RFC 7591) is for a signed-in admin or the holder of OIDC_REGISTRATION_TOKEN
 * (checked by the plugin's validateInitialAccessToken). A signed-in non-admin is refused with 403, a request
 * with neither credential with 401, both in RFC 7591's error shape. `skip_consent: true` is honoured for an
 * admin only; the plugin refuses it from a token holder (400 invalid_client_metadata).
 */
function registrationGuard() {
  return defineOverride({
    path: "/oauth2/register",
    mode: "guard",
    async handler(ctx) {
      const session = await getSessionFromCtx(ctx);
      if (session && !isAdmin(session.user)) {
        throw oauthError("FORBIDDEN", "access_denied", "Only an administrator may register applications");
      }
      if (!session && !ctx.headers?.get("authorization")) {
        throw oauthError(
          "UNAUTHORIZED",
          "invalid_token",
          "Registering an application needs an initial access token (Authorization: Bearer) or an administrator's session",
          { "WWW-Authenticate": "Bearer" },
        );
      }
      const body = ctx.body as Record<string, unknown> | undefined;
      if (session && body && body.skip_consent === true) {
        delete body.skip_consent;
        firstPartyRegistrations.add(body);
      }
    },
  });
}

function firstPartyAfterRegistration() {
  return {
    matcher: (ctx: { path?: string }) => ctx.path === "/oauth2/register",
    handler: createAuthMiddleware(async (ctx) => {
      const body = ctx.body as object | undefined;
      const answer = ctx.context.returned as { client_id?: unknown } | undefined;
      if (!body || !firstPartyRegistrations.has(body) || typeof answer?.client_id !== "string") return;
      await ctx.context.adapter.update({
        model: "oauthClient",
        where: [{ field: "clientId", value: answer.client_id }],
        update: { skipConsent: true },
      });
      return ctx.json({ ...answer, skip_consent: true });
    }),
  };
}

/** Who may register apps, and how (identity-provider.ts wires these hooks). */
export function registrationRules(provider: ProviderPlugin, oidc: OidcConfig) {
  return {
    before: overrideHooks([adminClientCreation(provider, oidc), registrationGuard()]),
    after: [firstPartyAfterRegistration()],
  };
}
