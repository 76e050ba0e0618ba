import { sql } from "kysely";
import type { Db } from "#server/db/tables.ts";

/** Only one organization may hold a domain verified (a race between two verifications ends here). */
export const VERIFIED_DOMAIN_INDEX = "organization_domain_verified_unique";
/** One pending join request per person and organization. */
export const PENDING_REQUEST_INDEX = "domain_join_request_pending_unique";

/**
 * Verified domains and join requests (issue 18, decision 36); safe to run at every start. Rows go with their
 * organization (and a request with its person) through foreign keys, so deleting an organization frees its
 * domains for another.
 */
export async function migrateDomainTables(db: Db): Promise<void> {
  await db.schema
    .createTable("organization_domain")
    .ifNotExists()
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("organizationId", "text", (c) => c.notNull().references("organization.id").onDelete("cascade"))
    .addColumn("domain", "text", (c) => c.notNull())
    .addColumn("token", "text", (c) => c.notNull())
    .addColumn("verifiedAt", "text")
    .addColumn("lastCheckedAt", "text")
    .addColumn("joinMode", "text", (c) => c.notNull().defaultTo("off"))
    .addColumn("defaultRole", "text", (c) => c.notNull().defaultTo("member"))
    .addColumn("createdBy", "text")
    .addColumn("createdAt", "text", (c) => c.notNull())
    .execute();
  // Several organizations may claim a name (so nobody can squat it unverified); one per organization.
  await db.schema
    .createIndex("organization_domain_claim")
    .ifNotExists()
    .unique()
    .on("organization_domain")
    .columns(["organizationId", "domain"])
    .execute();
  await db.schema
    .createIndex(VERIFIED_DOMAIN_INDEX)
    .ifNotExists()
    .unique()
    .on("organization_domain")
    .column("domain")
    .where(sql.ref("verifiedAt"), "is not", null)
    .execute();
  await db.schema
    .createTable("domain_join_request")
    .ifNotExists()
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("organizationId", "text", (c) => c.notNull().references("organization.id").onDelete("cascade"))
    .addColumn("userId", "text", (c) => c.notNull().references("user.id").onDelete("cascade"))
    .addColumn("domain", "text", (c) => c.notNull())
    .addColumn("status", "text", (c) => c.notNull())
    .addColumn("createdAt", "text", (c) => c.notNull())
    .addColumn("decidedAt", "text")
    .addColumn("decidedBy", "text")
    .execute();
  await db.schema
    .createIndex(PENDING_REQUEST_INDEX)
    .ifNotExists()
    .unique()
    .on("domain_join_request")
    .columns(["organizationId", "userId"])
    .where(sql.ref("status"), "=", "pending")
    .execute();
  await db.schema
    .createIndex("domain_join_request_organization")
    .ifNotExists()
    .on("domain_join_request")
    .columns(["organizationId", "status", "createdAt"])
    .execute();
}
