import { APIError } from "better-auth/api";
import type { Db } from "#server/db/tables.ts";
import { ORGANIZATION_MESSAGES } from "#server/features/organizations/messages.ts";
import { organizationRoles, type statements } from "#shared/permissions.ts";
import { hasRole, parseRoles } from "#shared/roles.ts";

type Request = { [K in keyof typeof statements]?: (typeof statements)[K][number][] };

export function isOwner(role: string | null | undefined): boolean {
  return hasRole(role, "owner");
}

/** True when any of the member's roles grants every action asked for (SPEC §6). */
export function can(role: string, request: Request): boolean {
  return parseRoles(role).some((name) => {
    const definition = organizationRoles[name as keyof typeof organizationRoles];
    // biome-ignore lint/suspicious/noExplicitAny: better-auth's role type is keyed by its statements
    return definition ? definition.authorize(request as any).success : false;
  });
}

export async function findMembership(db: Db, organizationId: string, userId: string) {
  return db
    .selectFrom("member")
    .selectAll()
    .where("organizationId", "=", organizationId)
    .where("userId", "=", userId)
    .executeTakeFirst();
}

/** The caller's membership, or 403 without saying whether the organization exists. */
export async function requireMembership(db: Db, organizationId: string | null | undefined, userId: string) {
  const member = organizationId ? await findMembership(db, organizationId, userId) : undefined;
  if (!member) throw APIError.from("FORBIDDEN", ORGANIZATION_MESSAGES.notAMember);
  return member;
}

/** Resolves the organization a request names: id, slug, or the session's active one. */
export async function resolveOrganizationId(
  db: Db,
  input: { organizationId?: unknown; organizationSlug?: unknown },
  activeOrganizationId: string | null | undefined,
): Promise<string | null> {
  if (typeof input.organizationId === "string" && input.organizationId) return input.organizationId;
  if (typeof input.organizationSlug === "string" && input.organizationSlug) {
    const org = await db
      .selectFrom("organization")
      .select("id")
      .where("slug", "=", input.organizationSlug)
      .executeTakeFirst();
    return org?.id ?? null;
  }
  return activeOrganizationId ?? null;
}
