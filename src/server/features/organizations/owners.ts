import { sql } from "kysely";
import type { OrganizationDb } from "#server/features/organizations/tables.ts";

const ownerRole = (column: string) => sql<boolean>`(',' || ${sql.ref(column)} || ',') like '%,owner,%'`;

/**
 * The organizations that would be left without an owner if this user went away
 * (they are its only owner). Deleting the user must be refused while this is not empty.
 */
export async function organizationsLeftWithoutOwner(db: OrganizationDb, userId: string) {
  return db
    .selectFrom("member")
    .innerJoin("organization", "organization.id", "member.organizationId")
    .select(["organization.id", "organization.name", "organization.slug"])
    .where("member.userId", "=", userId)
    .where(ownerRole("member.role"))
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom("member as other")
            .select("other.id")
            .whereRef("other.organizationId", "=", "member.organizationId")
            .whereRef("other.id", "<>", "member.id")
            .where(ownerRole("other.role")),
        ),
      ),
    )
    .orderBy("organization.name")
    .execute();
}
