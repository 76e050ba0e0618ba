import type { Context } from "hono";
import { Hono } from "hono";
import { API_KEY_HEADER } from "#server/auth/api-key-access.ts";
import type { Auth } from "#server/auth/auth.ts";
import {
  ADMIN_TWO_FACTOR_MESSAGE,
  adminLacksTwoFactor,
  hasStrongSignIn,
  ORGANIZATION_TWO_FACTOR_MESSAGE,
} from "#server/auth/two-factor-compliance.ts";
import type { Db } from "#server/db/tables.ts";
import { invalidField } from "#server/http/valid.ts";
import { type AuditPage, type AuditQuery, auditQuery } from "#shared/contracts/audit.ts";
import { hasRole } from "#shared/roles.ts";
import { AUDIT_EXPORT_CAPPED_HEADER, AUDIT_EXPORT_MAX, csvHeader, csvRow } from "./csv.ts";
import { AuditQueryError, type AuditScope, allEvents, auditPage } from "./query.ts";

/** A refusal in the project's error shape, with its status. */
interface Refusal {
  status: 400 | 401 | 403;
  body: { code: string; message: string };
}

const refusal = (status: Refusal["status"], code: string, message: string): Refusal => ({
  status,
  body: { code, message },
});
const SIGN_IN_FIRST = refusal(401, "UNAUTHORIZED", "Sign in first");
const KEYS_NOT_ALLOWED = refusal(403, "API_KEY_NOT_ALLOWED", "API keys cannot call this endpoint");
const ADMINS_ONLY = refusal(403, "FORBIDDEN", "Admins only");
const NOT_A_MEMBER = refusal(
  403,
  "NOT_A_MEMBER_OF_THE_ORGANIZATION",
  "You are not a member of this organization",
);
const OWNERS_AND_ADMINS = refusal(
  403,
  "FORBIDDEN",
  "Only the organization's owners and admins read its activity",
);
// The organization's two-factor policy and REQUIRE_2FA_FOR_ADMINS (decision 29), as on their other routes.
const ORGANIZATION_TWO_FACTOR: Refusal = { status: 403, body: ORGANIZATION_TWO_FACTOR_MESSAGE };
const ADMIN_TWO_FACTOR: Refusal = { status: 403, body: ADMIN_TWO_FACTOR_MESSAGE };
const NOT_ACTIVITY_FILTERS = refusal(
  400,
  "INVALID_FIELD",
  "organizationId and q do not filter your own activity",
);

type Session = NonNullable<Awaited<ReturnType<Auth["api"]["getSession"]>>>;
/** What a reading resolves to: whose events, filtered how, or why not. */
type Reading = { scope: AuditScope; query: AuditQuery } | Refusal;

/**
 * GET /api/audit (an organization's owners and admins with `organizationId`; Gatehouse admins, who may
 * also leave it out and search with `q`) and GET /api/account/activity (the caller's own events, done by
 * them or to their account). JSON pages newest first, or CSV with `Accept: text/csv`. With
 * `requireTwoFactorForAdmins` (REQUIRE_2FA_FOR_ADMINS), reading as a Gatehouse admin is part of the admin area.
 */
export function auditRoutes(auth: Auth, db: Db, requireTwoFactorForAdmins: boolean) {
  /** The caller's session from their cookie (an API key reads no audit log) and the parsed query. */
  async function reading(c: Context): Promise<{ session: Session; query: AuditQuery } | Refusal> {
    if (c.req.header(API_KEY_HEADER)) return KEYS_NOT_ALLOWED;
    const session = await auth.api.getSession({ headers: c.req.raw.headers });
    if (!session) return SIGN_IN_FIRST;
    const parsed = auditQuery.safeParse(c.req.query());
    if (parsed.success) return { session, query: parsed.data };
    const { code, message } = invalidField(parsed.error, "query");
    return refusal(400, code, message);
  }

  /**
   * GET /api/audit: an organization's events for its owners and admins, anything for Gatehouse admins. A member
   * of an organization that requires two-factor needs it; what only a Gatehouse admin may read (every event, a
   * search, an organization they do not manage) needs it when REQUIRE_2FA_FOR_ADMINS is on.
   */
  async function auditReading(c: Context): Promise<Reading> {
    const read = await reading(c);
    if ("status" in read) return read;
    const { session, query } = read;
    const userId = session.user.id;
    const isAdmin = hasRole((session.user as { role?: string | null }).role, "admin");
    const asAdmin = async (scope: AuditScope): Promise<Reading> =>
      (await adminLacksTwoFactor(db, requireTwoFactorForAdmins, userId))
        ? ADMIN_TWO_FACTOR
        : { scope, query };
    if (query.q && !isAdmin) return ADMINS_ONLY;
    if (!query.organizationId) return isAdmin ? asAdmin({ all: true }) : ADMINS_ONLY;
    const scope = { organizationId: query.organizationId };
    const member = await db
      .selectFrom("member")
      .innerJoin("organization", "organization.id", "member.organizationId")
      .select(["member.role", "organization.requireTwoFactor"])
      .where("member.organizationId", "=", query.organizationId)
      .where("member.userId", "=", userId)
      .executeTakeFirst();
    if (member?.requireTwoFactor && !(await hasStrongSignIn(db, userId))) return ORGANIZATION_TWO_FACTOR;
    const manages = member && (hasRole(member.role, "owner") || hasRole(member.role, "admin"));
    if (manages && !query.q) return { scope, query };
    if (isAdmin) return asAdmin(scope);
    // An outsider learns nothing about the organization, as on every organization path.
    if (!member) return NOT_A_MEMBER;
    return OWNERS_AND_ADMINS;
  }

  /** GET /api/account/activity: the caller's own events. */
  async function activityReading(c: Context): Promise<Reading> {
    const read = await reading(c);
    if ("status" in read) return read;
    if (read.query.organizationId || read.query.q) return NOT_ACTIVITY_FILTERS;
    return { scope: { accountId: read.session.user.id }, query: read.query };
  }

  /** Every matching event up to the cap, as CSV; `capped` when more matched. */
  async function csvOf(scope: AuditScope, query: AuditQuery) {
    const parts = [csvHeader()];
    let rows = 0;
    let capped = false;
    for await (const events of allEvents(db, scope, query, AUDIT_EXPORT_MAX)) {
      for (const event of events) {
        if (rows === AUDIT_EXPORT_MAX) capped = true;
        else {
          parts.push(csvRow(event));
          rows += 1;
        }
      }
    }
    return { text: parts.join(""), capped };
  }

  /** The page, or with `Accept: text/csv` the export; a bad cursor or action is a 400. */
  async function answer(c: Context, read: Reading) {
    if ("status" in read) return c.json(read.body, read.status);
    try {
      if ((c.req.header("accept") ?? "").includes("text/csv")) {
        const { text, capped } = await csvOf(read.scope, read.query);
        const headers: Record<string, string> = {
          "Content-Type": "text/csv; charset=utf-8",
          "Content-Disposition": 'attachment; filename="audit.csv"',
        };
        if (capped) headers[AUDIT_EXPORT_CAPPED_HEADER] = "true";
        return c.text(text, 200, headers);
      }
      const page: AuditPage = await auditPage(db, read.scope, read.query);
      return c.json(page, 200);
    } catch (err) {
      if (err instanceof AuditQueryError) return c.json({ code: err.code, message: err.message }, 400);
      throw err;
    }
  }

  return new Hono()
    .get("/audit", async (c) => answer(c, await auditReading(c)))
    .get("/account/activity", async (c) => answer(c, await activityReading(c)));
}
