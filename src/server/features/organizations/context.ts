import { APIError, getSessionFromCtx } from "better-auth/api";
import type { HookContext } from "#server/auth/overrides.ts";
import type { Db } from "#server/db/tables.ts";
import { requireMembership, resolveOrganizationId } from "#server/features/organizations/access.ts";
import { readString } from "#server/features/organizations/paging.ts";

/** The signed-in caller, or 401. */
export async function requireSession(ctx: HookContext) {
  const session = await getSessionFromCtx(ctx);
  if (!session) throw APIError.fromStatus("UNAUTHORIZED");
  return session;
}

/** A required string field of a JSON body, or 400 naming it. */
export function bodyString(ctx: HookContext, field: string, max = 200): string {
  const value = (ctx.body as Record<string, unknown> | undefined)?.[field];
  if (typeof value !== "string" || value.length === 0 || value.length > max) {
    throw APIError.from("BAD_REQUEST", {
      code: "INVALID_FIELD",
      message: `${field} is required (a string of at most ${max} characters)`,
    });
  }
  return value;
}

export function queryOf(ctx: HookContext): Record<string, unknown> {
  return (ctx.query ?? {}) as Record<string, unknown>;
}

/** The organization a list request names (id, slug or the active one) and the caller's membership, or 403. */
export async function organizationOf(db: Db, ctx: HookContext) {
  const { session, query, organizationId } = await requestedOrganization(db, ctx);
  const member = await requireMembership(db, organizationId, session.user.id);
  return { session, query, member, organizationId: member.organizationId };
}

/** The signed-in caller and the organization a query names (id, slug, or the session's active one, or null). */
export async function requestedOrganization(db: Db, ctx: HookContext) {
  const session = await requireSession(ctx);
  const query = queryOf(ctx);
  const organizationId = await resolveOrganizationId(
    db,
    {
      organizationId: readString(query, "organizationId"),
      organizationSlug: readString(query, "organizationSlug"),
    },
    session.session.activeOrganizationId as string | null | undefined,
  );
  return { session, query, organizationId };
}
