import { createHash } from "node:crypto";
import { getOAuthProviderApi, type getOAuthProviderApi as ProviderApi } from "@better-auth/oauth-provider";
import { APIError, createAuthMiddleware, isAPIError } from "better-auth/api";
import { decodeJwt } from "jose";
import { isBanned } from "#server/auth/ban-message.ts";
import { defineOverride, type HookContext, overrideHooks } from "#server/auth/overrides.ts";
import type { OidcConfig } from "#server/boot/config.ts";
import type { LimitCounters, LimitRule } from "#server/db/limit-counters.ts";

type ProviderOptions = Parameters<typeof ProviderApi>[1];
/** What the guards need of the oauth-provider plugin: its resolved options and its endpoints. */
export interface ProviderPlugin {
  options: ProviderOptions;
  endpoints: { adminCreateOAuthClient: (ctx: Record<string, unknown>) => Promise<unknown> };
}

/** An OAuth error answer (RFC 6749 §5.2 shape), with extra headers when given. */
export function oauthError(
  status: "BAD_REQUEST" | "UNAUTHORIZED" | "FORBIDDEN" | "TOO_MANY_REQUESTS",
  error: string,
  description: string,
  headers: Record<string, string> = {},
) {
  return new APIError(
    status,
    { error, error_description: description },
    { "Cache-Control": "no-store", ...headers },
  );
}

/**
 * The same, answered from an after-hook: a Response, because the pipeline keeps the endpoint's status for an
 * error an after-hook returns.
 */
function oauthErrorResponse(
  status: number,
  error: string,
  description: string,
  headers: Record<string, string> = {},
): Response {
  return new Response(JSON.stringify({ error, error_description: description }), {
    status,
    headers: { "Content-Type": "application/json", "Cache-Control": "no-store", ...headers },
  });
}

const field = (body: unknown, name: string) => {
  const value = (body as Record<string, unknown> | null | undefined)?.[name];
  return typeof value === "string" && value ? value : undefined;
};

/** The client a token or introspection request names: HTTP Basic's user part, else the body's client_id. */
function claimedClientId(ctx: HookContext): string | undefined {
  const authorization = ctx.headers?.get("authorization");
  if (authorization?.toLowerCase().startsWith("basic ")) {
    const decoded = Buffer.from(authorization.slice(6).trim(), "base64").toString("utf8");
    const user = decoded.slice(0, Math.max(decoded.indexOf(":"), 0));
    try {
      return decodeURIComponent(user) || undefined;
    } catch {
      return user || undefined;
    }
  }
  return field(ctx.body, "client_id");
}

/**
 * Token and introspection requests per client per minute, counted on the client the request names before it
 * is authenticated (so guessing a client's secret is limited too), shared by every instance. better-auth's
 * own limits count per address: a backend that refreshes for many users from one address would hit them.
 */
function clientLimitRules(oidc: OidcConfig): Record<ClientLimitedPath, LimitRule> {
  return {
    "/oauth2/token": { window: 60, max: oidc.tokenLimit },
    "/oauth2/introspect": { window: 60, max: oidc.introspectionLimit },
  };
}
type ClientLimitedPath = "/oauth2/token" | "/oauth2/introspect";

/** Counts one request of a client on a path (one key format for every caller). */
function hitClientLimit(counters: LimitCounters, path: string, clientId: string, rule: LimitRule) {
  // Hashed: the name is the caller's, of any length, and counter keys are bounded (varchar 512).
  const client = createHash("sha256").update(clientId).digest("base64url").slice(0, 32);
  return counters.hit(`oauth-client:${path}:${client}`, rule);
}

/**
 * The introspection fast path's count (http/introspection-fast-path.ts): the same counter and rule as the
 * guard below, so a client's introspections count once whichever way each is answered. Undefined when
 * limits are off.
 */
export function introspectionClientLimit(oidc: OidcConfig, counters: LimitCounters | undefined) {
  if (!counters) return undefined;
  const rule = clientLimitRules(oidc)["/oauth2/introspect"];
  return async (clientId: string) =>
    (await hitClientLimit(counters, "/oauth2/introspect", clientId, rule)).allowed;
}

function clientRateLimits(oidc: OidcConfig, counters: LimitCounters | undefined) {
  return Object.entries(clientLimitRules(oidc)).map(([path, rule]) =>
    defineOverride({
      path,
      mode: "guard",
      async handler(ctx) {
        const clientId = counters ? claimedClientId(ctx) : undefined;
        if (!counters || !clientId) return;
        const decision = await hitClientLimit(counters, path, clientId, rule);
        if (decision.allowed) return;
        throw oauthError(
          "TOO_MANY_REQUESTS",
          "temporarily_unavailable",
          `Too many requests for this client; try again in ${decision.retryAfter} seconds`,
          { "Retry-After": String(decision.retryAfter), "X-Retry-After": String(decision.retryAfter) },
        );
      },
    }),
  );
}

interface RefreshRow {
  userId: string;
  sessionId?: string | null;
  revoked?: Date | null;
}
interface UserRow {
  banned?: boolean | null;
  banExpires?: Date | string | null;
}

/**
 * A refresh token dies with the sign-in it came from: when the user is deleted or banned, or the session was
 * signed out (one session, or everywhere), the refresh grant fails at once with invalid_grant. better-auth's
 * plugin checks neither the user nor the session there. Introspection already answers inactive for them.
 */
function refreshGuard(provider: ProviderPlugin) {
  return defineOverride({
    path: "/oauth2/token",
    mode: "guard",
    async handler(ctx) {
      const token = field(ctx.body, "refresh_token");
      if (field(ctx.body, "grant_type") !== "refresh_token" || !token) return;
      const api = getOAuthProviderApi(ctx as never, provider.options);
      const adapter = ctx.context.adapter;
      const row = await adapter.findOne<RefreshRow>({
        model: "oauthRefreshToken",
        where: [{ field: "token", value: await api.hashToken(token, "refresh_token") }],
      });
      // Unknown and already-rotated tokens are the plugin's to answer (a replay revokes the whole family).
      if (!row || row.revoked) return;
      const [user, session] = await Promise.all([
        adapter.findOne<UserRow>({ model: "user", where: [{ field: "id", value: row.userId }] }),
        row.sessionId
          ? adapter.findOne<{ expiresAt: Date | string }>({
              model: "session",
              where: [{ field: "id", value: row.sessionId }],
            })
          : null,
      ]);
      const banned = user ? isBanned(user) : false;
      const signedOut = !session || new Date(session.expiresAt).getTime() < Date.now();
      if (!user || banned || signedOut) {
        throw oauthError(
          "BAD_REQUEST",
          "invalid_grant",
          "The sign-in this refresh token belongs to has ended",
        );
      }
    },
  });
}

/**
 * RP-initiated logout with a `post_logout_redirect_uri` that the client did not register is refused before
 * anything happens (the plugin would end the session and only skip the redirect): a browser is sent to the
 * error page, on Gatehouse's own origin, and an API caller gets 400 invalid_request. Never redirected there.
 */
function endSessionGuard(provider: ProviderPlugin) {
  return defineOverride({
    path: "/oauth2/end-session",
    mode: "guard",
    async handler(ctx) {
      const request = { ...(ctx.query as object), ...(ctx.body as object) };
      const target = field(request, "post_logout_redirect_uri");
      if (!target) return;
      let clientId = field(request, "client_id");
      const hint = field(request, "id_token_hint");
      if (!clientId && hint) {
        try {
          const claims = decodeJwt(hint);
          clientId =
            typeof claims.aud === "string"
              ? claims.aud
              : typeof claims.azp === "string"
                ? claims.azp
                : undefined;
        } catch {
          clientId = undefined;
        }
      }
      const client = clientId
        ? await getOAuthProviderApi(ctx as never, provider.options).getClient(clientId)
        : null;
      if (client?.postLogoutRedirectUris?.includes(target)) return;
      const description = "post_logout_redirect_uri is not registered for this application";
      const headers = ctx.headers;
      const navigation =
        headers?.get("sec-fetch-mode") === "navigate" ||
        (!headers?.get("sec-fetch-mode") && (headers?.get("accept") ?? "").includes("text/html"));
      if (!navigation) throw oauthError("BAD_REQUEST", "invalid_request", description);
      const errorPage = new URL(ctx.context.options.onAPIError?.errorURL || `${ctx.context.baseURL}/error`);
      errorPage.searchParams.set("error", "invalid_request");
      errorPage.searchParams.set("error_description", description);
      throw ctx.redirect(errorPage.toString());
    },
  });
}

/**
 * The token endpoint's errors in RFC 6749 §5.2's terms: better-auth answers a failed PKCE check with
 * 401 invalid_request, and a deleted user with a code of its own (invalid_user). RFC 7636 §4.6 names a
 * verifier that does not match `invalid_grant`; only invalid_client may be a 401.
 */
function tokenErrorCodes() {
  return {
    matcher: (ctx: { path?: string }) => ctx.path === "/oauth2/token",
    handler: createAuthMiddleware(async (ctx) => {
      const returned = ctx.context.returned;
      if (!isAPIError(returned)) return;
      const body = (returned.body ?? {}) as { error?: string; error_description?: string };
      if (!body.error || body.error === "invalid_client") return;
      const mismatch = body.error_description === "code verification failed" || body.error === "invalid_user";
      if (!mismatch && returned.statusCode !== 401) return;
      const description =
        body.error === "invalid_user"
          ? "The user of this code no longer exists"
          : (body.error_description ?? body.error);
      return oauthErrorResponse(400, mismatch ? "invalid_grant" : body.error, description, {
        Pragma: "no-cache",
      });
    }),
  };
}

interface GrantedToken {
  sub?: unknown;
  client_id?: unknown;
  azp?: unknown;
  iat?: unknown;
}
type GrantAdapter = HookContext["context"]["adapter"];

/**
 * Whether a user's JWT access token outlives the app's grant (the consent the account's "Connected apps"
 * revokes, features/applications/grants.ts). An opaque token is deleted with its grant; a JWT is stored
 * nowhere, and the plugin only checks its session. It has ended when the (client, user) consent is gone, or
 * when the consent now there was given after the token was signed (a grant revoked, then given again).
 * A first-party app (skip_consent) keeps no consent, and a client's own token (client_credentials: the
 * client is its subject) has no user: neither has a grant to end.
 */
async function grantEnded(adapter: GrantAdapter, token: GrantedToken): Promise<boolean> {
  const clientId =
    typeof token.client_id === "string" ? token.client_id : typeof token.azp === "string" ? token.azp : "";
  const userId = typeof token.sub === "string" ? token.sub : "";
  if (!clientId || !userId || userId === clientId) return false;
  const client = await adapter.findOne<{ skipConsent?: boolean | null }>({
    model: "oauthClient",
    where: [{ field: "clientId", value: clientId }],
  });
  if (!client || client.skipConsent) return false;
  const consent = await adapter.findOne<{ createdAt: Date | string }>({
    model: "oauthConsent",
    where: [
      { field: "clientId", value: clientId },
      { field: "userId", value: userId },
    ],
  });
  if (!consent) return true;
  // The plugin stamps a consent in whole seconds, before the tokens of the same authorization are signed.
  const grantedAt = Math.floor(new Date(consent.createdAt).getTime() / 1000);
  return typeof token.iat !== "number" || grantedAt > token.iat;
}

/** A JWT (three dot-separated parts), as opposed to an opaque token. */
const isJwt = (token: string | undefined): token is string => token?.split(".").length === 3;

/** The access token a userinfo request presents: `Authorization: Bearer|DPoP …`, else a POST body's. */
function presentedAccessToken(ctx: HookContext): string | undefined {
  const authorization = ctx.headers?.get("authorization")?.trim();
  const [scheme, value] = authorization?.split(/\s+/) ?? [];
  if (value && /^(bearer|dpop)$/i.test(scheme ?? "")) return value;
  return field(ctx.body, "access_token");
}

/**
 * A revoked grant ends its JWT access tokens too: introspection answers `{active:false}` and userinfo 401
 * invalid_token (the plugin's own answer for an inactive token). Checked after the plugin has accepted the
 * token (signature, expiry, client, session), so only live JWTs cost the two lookups; opaque tokens are
 * deleted with the grant and never reach it. Runs before the introspection claims hook (identity-claims.ts).
 * An offline verifier (JWKS) cannot know: it accepts the JWT until its `exp` (one hour).
 */
function grantChecks() {
  return [
    {
      matcher: (ctx: { path?: string }) => ctx.path === "/oauth2/introspect",
      handler: createAuthMiddleware(async (ctx) => {
        const answer = ctx.context.returned as (GrantedToken & { active?: unknown }) | undefined;
        if (!answer || typeof answer !== "object" || isAPIError(answer) || answer.active !== true) return;
        if (!isJwt(field(ctx.body, "token"))) return;
        if (await grantEnded(ctx.context.adapter, answer)) return ctx.json({ active: false });
      }),
    },
    {
      matcher: (ctx: { path?: string }) => ctx.path === "/oauth2/userinfo",
      handler: createAuthMiddleware(async (ctx) => {
        const returned = ctx.context.returned;
        if (!returned || typeof returned !== "object" || isAPIError(returned) || returned instanceof Response)
          return;
        const token = presentedAccessToken(ctx);
        if (!isJwt(token)) return;
        let claims: GrantedToken;
        try {
          claims = decodeJwt(token);
        } catch {
          return;
        }
        if (!(await grantEnded(ctx.context.adapter, claims))) return;
        const description = "The access to this app was revoked";
        return oauthErrorResponse(401, "invalid_token", description, {
          "WWW-Authenticate": `Bearer error="invalid_token", error_description="${description}"`,
        });
      }),
    },
  ];
}

/** The provider's protocol rules that better-auth's plugin does not have (identity-provider.ts wires them). */
export function identityGuards(
  provider: ProviderPlugin,
  oidc: OidcConfig,
  counters: LimitCounters | undefined,
) {
  return {
    before: overrideHooks([
      ...clientRateLimits(oidc, counters),
      refreshGuard(provider),
      endSessionGuard(provider),
    ]),
    after: [tokenErrorCodes(), ...grantChecks()],
  };
}
