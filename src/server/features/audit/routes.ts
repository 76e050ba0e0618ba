import type { Context } from "hono";
import { Hono } from "hono";
import { API_KEY_HEADER } from "#server/auth/api-key-access.ts";
import type { Auth } from "#server/auth/auth.ts";
import type { Db } from "#server/db/tables.ts";
import { type AuditPage, type AuditQuery, auditQuery } from "#shared/contracts/audit.ts";
import { hasRole } from "#shared/roles.ts";
import { AUDIT_EXPORT_CAPPED_HEADER, AUDIT_EXPORT_MAX, csvHeader, csvRow } from "./csv.ts";
import { AuditQueryError, type AuditScope, allEvents, auditPage } from "./query.ts";

const SIGN_IN_FIRST = { code: "UNAUTHORIZED", message: "Sign in first" } as const;
const KEYS_NOT_ALLOWED = {
  code: "API_KEY_NOT_ALLOWED",
  message: "API keys cannot call this endpoint",
} as const;
const ADMINS_ONLY = { code: "FORBIDDEN", message: "Admins only" } as const;
const NOT_A_MEMBER = {
  code: "NOT_A_MEMBER_OF_THE_ORGANIZATION",
  message: "You are not a member of this organization",
} as const;
const OWNERS_AND_ADMINS = {
  code: "FORBIDDEN",
  message: "Only the organization's owners and admins read its activity",
} as const;

type Session = NonNullable<Awaited<ReturnType<Auth["api"]["getSession"]>>>;

/**
 * GET /api/audit (an organization's owners and admins with `organizationId`; Gatehouse admins, who may
 * also leave it out and search with `q`) and GET /api/account/activity (the caller's own events, done by
 * them or to their account). JSON pages newest first, or CSV with `Accept: text/csv`.
 */
export function auditRoutes(auth: Auth, db: Db) {
  /** The caller's session from their cookie: an API key reads no audit log. */
  async function reader(c: Context): Promise<{ session: Session } | { refusal: Response }> {
    if (c.req.header(API_KEY_HEADER)) return { refusal: c.json(KEYS_NOT_ALLOWED, 403) };
    const session = await auth.api.getSession({ headers: c.req.raw.headers });
    return session ? { session } : { refusal: c.json(SIGN_IN_FIRST, 401) };
  }

  function parse(c: Context): AuditQuery | Response {
    const parsed = auditQuery.safeParse(c.req.query());
    if (parsed.success) return parsed.data;
    const issue = parsed.error.issues[0];
    const field = issue?.path.join(".") || "query";
    return c.json({ code: "INVALID_FIELD", message: `${field}: ${issue?.message ?? "invalid"}` }, 400);
  }

  /** The page, or the CSV of every matching event up to the cap; a bad cursor or action is a 400. */
  async function answer(c: Context, scope: AuditScope, query: AuditQuery) {
    try {
      if (!(c.req.header("accept") ?? "").includes("text/csv")) {
        const page: AuditPage = await auditPage(db, scope, query);
        return c.json(page);
      }
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
      const headers: Record<string, string> = {
        "Content-Type": "text/csv; charset=utf-8",
        "Content-Disposition": 'attachment; filename="audit.csv"',
      };
      if (capped) headers[AUDIT_EXPORT_CAPPED_HEADER] = "true";
      return c.body(parts.join(""), 200, headers);
    } catch (err) {
      if (err instanceof AuditQueryError) return c.json({ code: err.code, message: err.message }, 400);
      throw err;
    }
  }

  return new Hono()
    .get("/audit", async (c) => {
      const who = await reader(c);
      if ("refusal" in who) return who.refusal;
      const query = parse(c);
      if (query instanceof Response) return query;
      const isAdmin = hasRole((who.session.user as { role?: string | null }).role, "admin");
      if (query.q && !isAdmin) return c.json(ADMINS_ONLY, 403);
      if (!query.organizationId) {
        if (!isAdmin) return c.json(ADMINS_ONLY, 403);
        return answer(c, { all: true }, query);
      }
      if (!isAdmin) {
        const member = await db
          .selectFrom("member")
          .select("role")
          .where("organizationId", "=", query.organizationId)
          .where("userId", "=", who.session.user.id)
          .executeTakeFirst();
        // An outsider learns nothing about the organization, as on every organization path.
        if (!member) return c.json(NOT_A_MEMBER, 403);
        if (!hasRole(member.role, "owner") && !hasRole(member.role, "admin"))
          return c.json(OWNERS_AND_ADMINS, 403);
      }
      return answer(c, { organizationId: query.organizationId }, query);
    })
    .get("/account/activity", async (c) => {
      const who = await reader(c);
      if ("refusal" in who) return who.refusal;
      const query = parse(c);
      if (query instanceof Response) return query;
      if (query.organizationId || query.q) {
        return c.json(
          { code: "INVALID_FIELD", message: "organizationId and q do not filter your own activity" },
          400,
        );
      }
      return answer(c, { accountId: who.session.user.id }, query);
    });
}
