import { APIError, getSessionFromCtx } from "better-auth/api";
import type { AuthMiddlewareContext } from "#server/features/organizations/types.ts";

/** The signed-in caller, or 401. */
export async function requireSession(ctx: AuthMiddlewareContext) {
  const session = await getSessionFromCtx(ctx);
  if (!session) throw APIError.fromStatus("UNAUTHORIZED");
  return session;
}

/** A required string field of a JSON body, or 400 naming it. */
export function bodyString(ctx: AuthMiddlewareContext, field: string, max = 200): string {
  const value = (ctx.body as Record<string, unknown> | undefined)?.[field];
  if (typeof value !== "string" || value.length === 0 || value.length > max) {
    throw APIError.from("BAD_REQUEST", {
      code: "INVALID_FIELD",
      message: `${field} is required (a string of at most ${max} characters)`,
    });
  }
  return value;
}

export function queryOf(ctx: AuthMiddlewareContext): Record<string, unknown> {
  return (ctx.query ?? {}) as Record<string, unknown>;
}
