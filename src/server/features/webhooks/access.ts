import type { Context } from "hono";
import { API_KEY_HEADER } from "#server/auth/api-key-access.ts";
import type { Auth } from "#server/auth/auth.ts";
import {
  ADMIN_TWO_FACTOR_MESSAGE,
  adminLacksTwoFactor,
  hasStrongSignIn,
  ORGANIZATION_TWO_FACTOR_MESSAGE,
} from "#server/auth/two-factor-compliance.ts";
import type { Db } from "#server/db/tables.ts";
import { hasRole } from "#shared/roles.ts";
import type { EndpointRow } from "./rows.ts";

export const REFUSALS = {
  signIn: { code: "UNAUTHORIZED", message: "Sign in first" },
  apiKey: { code: "API_KEY_NOT_ALLOWED", message: "API keys cannot call this endpoint" },
  origin: { code: "INVALID_ORIGIN", message: "Invalid origin" },
  adminsOnly: { code: "FORBIDDEN", message: "Only Gatehouse admins manage installation-wide webhooks" },
  ownersOnly: { code: "FORBIDDEN", message: "Only the organization's owners and admins manage its webhooks" },
  noOrganization: { code: "ORGANIZATION_NOT_FOUND", message: "Organization not found" },
  noWebhook: { code: "WEBHOOK_NOT_FOUND", message: "Webhook endpoint not found" },
  noDelivery: { code: "DELIVERY_NOT_FOUND", message: "Delivery not found" },
  disabled: { code: "WEBHOOK_DISABLED", message: "The endpoint is turned off; turn it on first" },
  // The organization's two-factor policy and REQUIRE_2FA_FOR_ADMINS (decision 29), as everywhere else.
  organizationTwoFactor: ORGANIZATION_TWO_FACTOR_MESSAGE,
  adminTwoFactor: ADMIN_TWO_FACTOR_MESSAGE,
} as const;

type Refusal = (typeof REFUSALS)[keyof typeof REFUSALS];

export interface Caller {
  userId: string;
  /** A Gatehouse admin: installation-wide endpoints, and any organization's. */
  isAdmin: boolean;
  /** An admin refused what only admins may do: REQUIRE_2FA_FOR_ADMINS is on and they lack two-factor. */
  adminLacksTwoFactor: boolean;
}

/**
 * The signed-in person from their session cookie; an API key is refused (a person manages webhooks).
 * `adminsNeedTwoFactor` is REQUIRE_2FA_FOR_ADMINS.
 */
export async function callerOf(
  auth: Auth,
  db: Db,
  adminsNeedTwoFactor: boolean,
  c: Context,
): Promise<Caller | { refusal: Refusal; status: 401 | 403 }> {
  if (c.req.header(API_KEY_HEADER)) return { refusal: REFUSALS.apiKey, status: 403 };
  const session = await auth.api.getSession({ headers: c.req.raw.headers });
  if (!session) return { refusal: REFUSALS.signIn, status: 401 };
  const isAdmin = hasRole((session.user as { role?: string | null }).role, "admin");
  return {
    userId: session.user.id,
    isAdmin,
    adminLacksTwoFactor: isAdmin && (await adminLacksTwoFactor(db, adminsNeedTwoFactor, session.user.id)),
  };
}

type ScopeRefusal = { refusal: Refusal; status: 403 | 404 };

/** What a Gatehouse admin gets where only their being an admin lets them in (the admin area's rule). */
const asAdmin = (caller: Caller): ScopeRefusal | undefined =>
  caller.adminLacksTwoFactor ? { refusal: REFUSALS.adminTwoFactor, status: 403 } : undefined;

/**
 * May the caller manage the webhooks of this organization (null: installation-wide)? An owner or admin of
 * it, or a Gatehouse admin, may; a member is refused (403); someone outside learns nothing (404). A member
 * of an organization that requires two-factor needs it (403 TWO_FACTOR_REQUIRED_BY_ORGANIZATION, admins
 * too), and an admin let in as an admin needs it when REQUIRE_2FA_FOR_ADMINS is on (403
 * TWO_FACTOR_REQUIRED_FOR_ADMINS).
 */
export async function scopeRefusal(
  db: Db,
  caller: Caller,
  organizationId: string | null,
): Promise<ScopeRefusal | undefined> {
  if (organizationId === null)
    return caller.isAdmin ? asAdmin(caller) : { refusal: REFUSALS.adminsOnly, status: 403 };
  const organization = await db
    .selectFrom("organization")
    .select(["id", "requireTwoFactor"])
    .where("id", "=", organizationId)
    .executeTakeFirst();
  if (!organization) return { refusal: REFUSALS.noOrganization, status: 404 };
  const member = await db
    .selectFrom("member")
    .select("role")
    .where("organizationId", "=", organizationId)
    .where("userId", "=", caller.userId)
    .executeTakeFirst();
  if (member && organization.requireTwoFactor && !(await hasStrongSignIn(db, caller.userId)))
    return { refusal: REFUSALS.organizationTwoFactor, status: 403 };
  if (member && (hasRole(member.role, "owner") || hasRole(member.role, "admin"))) return undefined;
  if (caller.isAdmin) return asAdmin(caller);
  if (!member) return { refusal: REFUSALS.noOrganization, status: 404 };
  return { refusal: REFUSALS.ownersOnly, status: 403 };
}

/**
 * An endpoint the caller may see: someone outside its organization, or a non-admin asking for an
 * installation-wide one, is told it does not exist (404); a member of its organization is refused (403).
 */
export async function endpointFor(
  db: Db,
  caller: Caller,
  id: string,
): Promise<{ endpoint: EndpointRow } | ScopeRefusal> {
  const endpoint = await db
    .selectFrom("webhook_endpoint")
    .selectAll()
    .where("id", "=", id)
    .executeTakeFirst();
  if (!endpoint) return { refusal: REFUSALS.noWebhook, status: 404 };
  const refused = await scopeRefusal(db, caller, endpoint.organizationId);
  if (!refused) return { endpoint };
  // A non-admin learns nothing of an installation-wide endpoint; every other refusal is said.
  return refused.status === 404 || refused.refusal === REFUSALS.adminsOnly
    ? { refusal: REFUSALS.noWebhook, status: 404 }
    : refused;
}
