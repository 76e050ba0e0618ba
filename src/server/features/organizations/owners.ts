import { APIError } from "better-auth/api";
import { hasRoleSql } from "#server/db/roles-sql.ts";
import type { Db } from "#server/db/tables.ts";

/**
 * The organizations that would be left without an owner if this user went away
 * (they are its only owner). Deleting the user must be refused while this is not empty.
 */
export async function organizationsLeftWithoutOwner(db: Db, userId: string) {
  return db
    .selectFrom("member")
    .innerJoin("organization", "organization.id", "member.organizationId")
    .select(["organization.id", "organization.name", "organization.slug"])
    .where("member.userId", "=", userId)
    .where(hasRoleSql("member.role", "owner"))
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom("member as other")
            .select("other.id")
            .whereRef("other.organizationId", "=", "member.organizationId")
            .whereRef("other.id", "<>", "member.id")
            .where(hasRoleSql("other.role", "owner")),
        ),
      ),
    )
    .orderBy("organization.name")
    .execute();
}

/**
 * Refuses to delete an account that is the only owner of an organization, naming those organizations
 * (the owner-protection requirements: the only owner can neither leave nor be removed, also through account or admin deletion).
 */
export async function assertNotOnlyOwner(db: Db, userId: string): Promise<void> {
  const orphans = await organizationsLeftWithoutOwner(db, userId);
  if (orphans.length === 0) return;
  const names = orphans.map((o) => `"${o.name}"`).join(", ");
  throw APIError.from("BAD_REQUEST", {
    code: "ONLY_OWNER",
    message: `This account is the only owner of ${names}: make another member an owner, or delete ${orphans.length === 1 ? "that organization" : "those organizations"}, first`,
  });
}
