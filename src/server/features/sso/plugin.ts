import type { BetterAuthPlugin } from "better-auth";
import { APIError, createAuthMiddleware, getSessionFromCtx } from "better-auth/api";
import type { Db } from "#server/db/tables.ts";
import { findMembership, isOwner } from "#server/features/organizations/access.ts";
import type { SendPolicy } from "#server/features/webhooks/send.ts";
import {
  connectionIdFor,
  findConnection,
  MAX_CONNECTIONS,
  parseJson,
  truthy,
  verifiedDomain,
} from "./connections.ts";
import { endpointOrigins } from "./oidc-discovery.ts";
import { ssoRequiredFor } from "./require-sso.ts";
import { inResponseToOf, SSO_TEST_PAGE, type SsoTests } from "./tests.ts";

/** Refusals of the connection rules, whichever door (our routes or better-auth's endpoints) was used. */
export const CONNECTION_REFUSALS = {
  signIn: { status: "UNAUTHORIZED", code: "UNAUTHORIZED", message: "Sign in first" },
  noOrganization: {
    status: "BAD_REQUEST",
    code: "ORGANIZATION_REQUIRED",
    message: "A connection belongs to an organization",
  },
  ownersOnly: {
    status: "FORBIDDEN",
    code: "FORBIDDEN",
    message: "Only the organization's owners manage its single sign-on",
  },
  notVerified: {
    status: "CONFLICT",
    code: "DOMAIN_NOT_VERIFIED",
    message: "Verify the domain in the organization's Domains tab before connecting it",
  },
  taken: {
    status: "CONFLICT",
    code: "SSO_CONNECTION_EXISTS",
    message: "This domain already has a connection",
  },
  tooMany: {
    status: "BAD_REQUEST",
    code: "TOO_MANY_SSO_CONNECTIONS",
    message: `An organization may have at most ${MAX_CONNECTIONS} connections`,
  },
  unsignedAssertions: {
    status: "BAD_REQUEST",
    code: "SIGNED_ASSERTIONS_REQUIRED",
    message: "Gatehouse accepts signed SAML assertions only",
  },
  domainChange: {
    status: "BAD_REQUEST",
    code: "SSO_DOMAIN_FIXED",
    message: "A connection's domain cannot change: create a connection for the other domain",
  },
  notFound: { status: "NOT_FOUND", code: "SSO_CONNECTION_NOT_FOUND", message: "Connection not found" },
} as const;

type Refusal = (typeof CONNECTION_REFUSALS)[keyof typeof CONNECTION_REFUSALS];
const refuse = (r: Refusal) => new APIError(r.status, { code: r.code, message: r.message });

const MANAGEMENT_PATHS = new Set(["/sso/register", "/sso/update-provider", "/sso/delete-provider"]);
/**
 * Not served: better-auth's own DNS verification (the Domains tab of issue 18 is the one way to verify a domain),
 * and its provider reads, which let an organization's admins see connections (the owners' routes show them).
 */
const UNSERVED_PATHS = new Set([
  "/sso/request-domain-verification",
  "/sso/verify-domain",
  "/sso/get-provider",
  "/sso/providers",
]);
const ACS_PATH = /^\/sso\/saml2\/sp\/acs\/([^/]+)$/;
/** Where SSO sign-ins make sessions; and impersonation, which an admin starts for someone else. */
const SSO_SESSION_PATHS = [/^\/sso\/callback(\/|$)/, ACS_PATH];
/** Where @better-auth/sso checks an OIDC IdP's server-fetched endpoints (token, userinfo, JWKS) before use. */
const OIDC_FETCH_PATHS = [
  /^\/sign-in\/sso$/,
  /^\/sso\/callback(\/|$)/,
  /^\/sso\/(register|update-provider)$/,
];
const SESSION_EXEMPT_PATHS = new Set(["/admin/impersonate-user", "/admin/stop-impersonating"]);
const ACCOUNT_EXEMPT_PATHS = [/^\/admin\//, /^\/scim\//];

interface ManagementBody {
  providerId?: string;
  organizationId?: string;
  domain?: string;
  samlConfig?: { wantAssertionsSigned?: boolean };
}

/** The failure a redirect answer reports (`?error=`), with where it goes and the test it ends, if any. */
function failureLanding(returned: unknown, baseURL: string) {
  const headers = (returned as { headers?: unknown } | null)?.headers;
  const location =
    headers instanceof Headers
      ? headers.get("location")
      : ((headers as Record<string, string> | undefined)?.location ?? null);
  if (!location) return null;
  const url = new URL(location, baseURL);
  const code = url.searchParams.get("error");
  if (!code || url.origin !== new URL(baseURL).origin) return null;
  const testId = url.pathname === SSO_TEST_PAGE ? url.searchParams.get("testId") : null;
  return { url, code, description: url.searchParams.get("error_description") ?? code, testId };
}

/**
 * The rules of SSO connections, on better-auth's own management endpoints so that both doors (the product
 * routes, which call them, and direct calls) hold them: an organization's owner only, a domain the
 * organization verified, one connection per domain named after it, signed assertions only, a few per
 * organization. Plus the sign-in rules that are not resolveUser's: IdP-initiated SAML per connection, SSO
 * required for a domain, and new SSO accounts' addresses verified.
 */
export function ssoRulesPlugin({
  db,
  tests,
  baseURL,
  fetchPolicy,
}: {
  db: Db;
  tests: SsoTests;
  baseURL: string;
  /** The webhooks' address policy, which OIDC IdPs (oidc-discovery.ts) and SAML metadata URLs follow too. */
  fetchPolicy: SendPolicy;
}) {
  async function enforceManagement(
    ctx: { path?: string; body?: unknown } & Parameters<typeof getSessionFromCtx>[0],
  ) {
    const session = await getSessionFromCtx(ctx);
    if (!session) throw refuse(CONNECTION_REFUSALS.signIn);
    const body = (ctx.body ?? {}) as ManagementBody;
    let organizationId = body.organizationId;
    let domain = body.domain?.toLowerCase();
    if (ctx.path !== "/sso/register") {
      const row = await findConnection(db, body.providerId ?? "");
      if (!row?.organizationId) throw refuse(CONNECTION_REFUSALS.notFound);
      organizationId = row.organizationId;
      if (domain !== undefined && domain !== row.domain) throw refuse(CONNECTION_REFUSALS.domainChange);
      domain = row.domain;
    }
    if (!organizationId) throw refuse(CONNECTION_REFUSALS.noOrganization);
    const member = await findMembership(db, organizationId, session.user.id);
    // Outsiders learn nothing of the organization's connections.
    if (!member)
      throw refuse(
        ctx.path === "/sso/register" ? CONNECTION_REFUSALS.ownersOnly : CONNECTION_REFUSALS.notFound,
      );
    if (!isOwner(member.role)) throw refuse(CONNECTION_REFUSALS.ownersOnly);
    if (body.samlConfig && body.samlConfig.wantAssertionsSigned !== true)
      throw refuse(CONNECTION_REFUSALS.unsignedAssertions);
    if (ctx.path !== "/sso/register" || !domain) return;
    if (!(await verifiedDomain(db, organizationId, domain))) throw refuse(CONNECTION_REFUSALS.notVerified);
    if (body.providerId !== connectionIdFor(domain) || (await findConnection(db, connectionIdFor(domain))))
      throw refuse(CONNECTION_REFUSALS.taken);
    const count = await db
      .selectFrom("ssoProvider")
      .select((eb) => eb.fn.countAll<number | string>().as("n"))
      .where("organizationId", "=", organizationId)
      .executeTakeFirst();
    if (Number(count?.n ?? 0) >= MAX_CONNECTIONS) throw refuse(CONNECTION_REFUSALS.tooMany);
  }

  const errorScreen = (code: string, description: string) =>
    `${baseURL}/error?${new URLSearchParams({ error: code, error_description: description })}`;

  return {
    id: "gatehouse-sso-rules",
    init: () => ({
      options: {
        databaseHooks: {
          user: {
            create: {
              async before(user: Record<string, unknown>, ctx: { path?: string } | null | undefined) {
                const path = ctx?.path ?? "";
                // resolveUser vouched for the address (the organization's verified domain): it is verified.
                if (SSO_SESSION_PATHS.some((p) => p.test(path)))
                  return { data: { ...user, emailVerified: true } };
                // Nor is an account made another way for an address at a domain that requires SSO (social,
                // email code, magic link); an admin or a directory (SCIM) still may.
                if (!ctx || ACCOUNT_EXEMPT_PATHS.some((p) => p.test(path))) return;
                const required = typeof user.email === "string" ? await ssoRequiredFor(db, user.email) : null;
                if (required) throw new APIError("FORBIDDEN", required);
              },
            },
          },
          session: {
            create: {
              // SSO required: every session for an address at the domain comes from its SSO sign-in.
              async before(
                session: { userId: string },
                ctx:
                  | { path?: string; context: { session?: { user?: { id?: string } } | null } }
                  | null
                  | undefined,
              ) {
                const path = ctx?.path ?? "";
                if (!ctx || SESSION_EXEMPT_PATHS.has(path) || SSO_SESSION_PATHS.some((p) => p.test(path)))
                  return;
                // A session renewed by the signed-in person themselves (e.g. after a password change).
                if (ctx.context.session?.user?.id === session.userId) return;
                const user = await db
                  .selectFrom("user")
                  .select("email")
                  .where("id", "=", session.userId)
                  .executeTakeFirst();
                const required = user ? await ssoRequiredFor(db, user.email) : null;
                if (required) throw new APIError("FORBIDDEN", required);
              },
            },
          },
        },
      },
    }),
    hooks: {
      before: [
        {
          matcher: (ctx: { path?: string }) => UNSERVED_PATHS.has(ctx.path ?? ""),
          handler: createAuthMiddleware(async () => {
            throw new APIError("NOT_FOUND");
          }),
        },
        {
          matcher: (ctx: { path?: string }) => MANAGEMENT_PATHS.has(ctx.path ?? ""),
          handler: createAuthMiddleware(async (ctx) => {
            await enforceManagement(ctx);
          }),
        },
        {
          // IdP-initiated SAML (no InResponseTo) only where the connection allows it.
          matcher: (ctx: { path?: string }) => ACS_PATH.test(ctx.path ?? ""),
          handler: createAuthMiddleware(async (ctx) => {
            const samlResponse = (ctx.body as { SAMLResponse?: unknown } | undefined)?.SAMLResponse;
            if (ctx.request?.method !== "POST" || typeof samlResponse !== "string") return;
            if (inResponseToOf(samlResponse)) return;
            const row = await findConnection(db, ctx.params?.providerId ?? "");
            if (row && truthy(row.allowIdpInitiated)) return;
            throw ctx.redirect(
              errorScreen(
                "SSO_IDP_INITIATED_DISABLED",
                "This connection accepts sign-ins started from Gatehouse only: use “Continue with SSO”",
              ),
            );
          }),
        },
        {
          // @better-auth/sso fetches an IdP on a private address only when its origin is in TRUSTED_ORIGINS. With
          // WEBHOOK_ALLOW_PRIVATE the operator allows private addresses for owners' IdPs: for this request its
          // endpoint checks (called without settings, unlike the redirect and origin checks) also accept the
          // origins of the OIDC connections' own endpoints, which oidc-discovery.ts checked under that policy.
          matcher: (ctx: { path?: string }) =>
            fetchPolicy.allowPrivate && OIDC_FETCH_PATHS.some((p) => p.test(ctx.path ?? "")),
          handler: createAuthMiddleware(async (ctx) => {
            const rows = await db
              .selectFrom("ssoProvider")
              .select("oidcConfig")
              .where("oidcConfig", "is not", null)
              .execute();
            const configs = rows.map((r) => parseJson(r.oidcConfig));
            configs.push((ctx.body as { oidcConfig?: unknown } | undefined)?.oidcConfig);
            const allowed = new Set(configs.flatMap(endpointOrigins));
            // better-auth's own reads `this` (its context).
            const trusted = ctx.context.isTrustedOrigin.bind(ctx.context);
            ctx.context.isTrustedOrigin = (url, settings) =>
              trusted(url, settings) ||
              (settings === undefined && URL.canParse(url) && allowed.has(new URL(url).origin));
          }),
        },
        {
          // A password sign-up at a domain that signs in with SSO only is refused like the sign-in.
          matcher: (ctx: { path?: string }) => ctx.path === "/sign-up/email",
          handler: createAuthMiddleware(async (ctx) => {
            const email = (ctx.body as { email?: unknown } | undefined)?.email;
            const required = typeof email === "string" ? await ssoRequiredFor(db, email) : null;
            if (required) throw new APIError("FORBIDDEN", required);
          }),
        },
      ],
      after: [
        {
          matcher: (ctx: { path?: string }) => SSO_SESSION_PATHS.some((p) => p.test(ctx.path ?? "")),
          handler: createAuthMiddleware(async (ctx) => {
            await tests.flush();
            const landing = failureLanding(ctx.context.returned, baseURL);
            if (!landing) return;
            // A test sign-in that failed before resolveUser: its landing page shows why.
            if (landing.testId) await tests.fail(landing.testId, landing.code, landing.description);
            // better-auth sends some failures (a replay, an expired request) to the success URL with ?error=:
            // every SSO failure ends on the web's error screen, or on the test's page.
            else if (landing.url.pathname !== "/error")
              throw ctx.redirect(errorScreen(landing.code, landing.description));
          }),
        },
      ],
    },
  } satisfies BetterAuthPlugin;
}
