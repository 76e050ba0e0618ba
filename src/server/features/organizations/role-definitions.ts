import type { Db } from "#server/db/tables.ts";
import { type Grants, grantsOf, missingGrants, roleDefinitionsFrom } from "#shared/custom-roles.ts";
import { parseRoles } from "#shared/roles.ts";

/**
 * The roles an organization knows: the built-in ones and its custom roles (better-auth's organizationRole
 * table). Read on every check, never cached: a permission removed holds from the next request on.
 */
export async function roleDefinitions(db: Db, organizationId: string): Promise<Record<string, Grants>> {
  const rows = await db
    .selectFrom("organizationRole")
    .select(["role", "permission"])
    .where("organizationId", "=", organizationId)
    .execute();
  return roleDefinitionsFrom(rows);
}

/** Everything a member's role value grants in its organization, built-in and custom roles together. */
export async function memberGrants(
  db: Db,
  member: { organizationId: string; role: string },
): Promise<Grants> {
  return grantsOf(await roleDefinitions(db, member.organizationId), parseRoles(member.role));
}

/** The actions of `roles` that the granter's role value lacks ("resource:action"); empty when it may grant them. */
export async function beyondGranter(
  db: Db,
  granter: { organizationId: string; role: string },
  roles: readonly string[],
): Promise<string[]> {
  const definitions = await roleDefinitions(db, granter.organizationId);
  return missingGrants(grantsOf(definitions, parseRoles(granter.role)), grantsOf(definitions, roles));
}
