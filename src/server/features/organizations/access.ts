import { APIError } from "better-auth/api";
import type { Db } from "#server/db/tables.ts";
import { ORGANIZATION_MESSAGES } from "#server/features/organizations/messages.ts";
import { memberGrants } from "#server/features/organizations/role-definitions.ts";
import type { statements } from "#shared/permissions.ts";
import { hasRole } from "#shared/roles.ts";

type Request = { [K in keyof typeof statements]?: (typeof statements)[K][number][] };

export function isOwner(role: string | null | undefined): boolean {
  return hasRole(role, "owner");
}

/**
 * True when the member's roles, built-in and custom together, grant every action asked for (SPEC §6). Custom
 * roles are read from the database on each call (role-definitions.ts): a removed permission holds at once.
 */
export async function can(
  db: Db,
  member: { organizationId: string; role: string },
  request: Request,
): Promise<boolean> {
  const grants = await memberGrants(db, member);
  return Object.entries(request).every(([resource, actions]) =>
    (actions ?? []).every((action) => (grants[resource as keyof typeof statements] ?? []).includes(action)),
  );
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
