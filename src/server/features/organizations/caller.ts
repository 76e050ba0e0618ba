import type { Context } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import { API_KEY_HEADER } from "#server/auth/api-key-access.ts";
import { type Auth, CLIENT_IP_HEADER } from "#server/auth/auth.ts";
import { hasStrongSignIn, ORGANIZATION_TWO_FACTOR_MESSAGE } from "#server/auth/two-factor-compliance.ts";
import type { Db } from "#server/db/tables.ts";
import { hasRole } from "#shared/roles.ts";
import { findMembership } from "./access.ts";

/**
 * Who calls an organization's own routes (domains, single sign-on, SCIM: /api/organizations/:organizationId/…):
 * a person's session (never an API key), a browser's change only from the app's own origins, a member holding
 * the roles the route needs, and the organization's two-factor policy met. One place, so every such route
 * refuses the same way.
 */

/** A refusal as these routes answer it: `{ code, message }` with its status. */
export interface Refusal {
  status: ContentfulStatusCode;
  code: string;
  message: string;
}

export const CALLER_REFUSALS = {
  signIn: { status: 401, code: "UNAUTHORIZED", message: "Sign in first" },
  apiKey: { status: 403, code: "API_KEY_NOT_ALLOWED", message: "API keys cannot call this endpoint" },
  origin: { status: 403, code: "INVALID_ORIGIN", message: "Invalid origin" },
  noOrganization: { status: 404, code: "ORGANIZATION_NOT_FOUND", message: "Organization not found" },
  twoFactor: { status: 403, ...ORGANIZATION_TWO_FACTOR_MESSAGE },
} as const satisfies Record<string, Refusal>;

export const isRefusal = (value: object): value is Refusal => "code" in value && "status" in value;
export const refuse = (c: Context, r: Refusal) => c.json({ code: r.code, message: r.message }, r.status);

/** The signed-in person behind a request, as audit events name them. */
export interface Caller {
  userId: string;
  ip: string | null;
  userAgent: string | null;
}

export interface OrganizationCaller {
  caller: Caller;
  organizationId: string;
  /** The request's headers, for calls into better-auth on the caller's behalf. */
  headers: Headers;
}

export interface CallerDeps {
  auth: Auth;
  db: Db;
  /** The origins a browser's change may come from (the app's own and TRUSTED_ORIGINS). */
  trustedOrigins: readonly string[];
}

export function organizationCallers({ auth, db, trustedOrigins }: CallerDeps) {
  /** The signed-in person, from the app's origins for a change; no API key. */
  async function person(c: Context): Promise<Caller | Refusal> {
    if (c.req.header(API_KEY_HEADER)) return CALLER_REFUSALS.apiKey;
    if (c.req.method !== "GET") {
      const origin = c.req.header("origin");
      if (!origin || !trustedOrigins.includes(origin)) return CALLER_REFUSALS.origin;
    }
    const session = await auth.api.getSession({ headers: c.req.raw.headers });
    if (!session) return CALLER_REFUSALS.signIn;
    return {
      userId: session.user.id,
      ip: c.req.header(CLIENT_IP_HEADER) ?? null,
      userAgent: c.req.header("user-agent") ?? null,
    };
  }

  /**
   * The caller as an owner (or, with `admins`, an owner or admin) of the route's organization; `refusal` when
   * they hold neither. Outsiders learn nothing (404).
   */
  async function member(
    c: Context,
    roles: "owners" | "admins",
    refusal: Refusal,
  ): Promise<OrganizationCaller | Refusal> {
    const caller = await person(c);
    if (isRefusal(caller)) return caller;
    const found = await findMembership(db, c.req.param("organizationId") ?? "", caller.userId);
    if (!found) return CALLER_REFUSALS.noOrganization;
    // The organization's two-factor policy holds here as on its better-auth paths (two-factor-policy.ts), and
    // first: a member without two-factor gets its 403 from every route, whatever their role.
    const organization = await db
      .selectFrom("organization")
      .select("requireTwoFactor")
      .where("id", "=", found.organizationId)
      .executeTakeFirst();
    if (organization?.requireTwoFactor && !(await hasStrongSignIn(db, caller.userId)))
      return CALLER_REFUSALS.twoFactor;
    const owner = hasRole(found.role, "owner");
    if (!owner && (roles === "owners" || !hasRole(found.role, "admin"))) return refusal;
    return { caller, organizationId: found.organizationId, headers: c.req.raw.headers };
  }

  return { person, member };
}
