import type { Db } from "#server/db/tables.ts";

/** The invite_link table (issue 18, decision 33); safe to run at every start. */
export async function migrateInviteLinks(db: Db): Promise<void> {
  await db.schema
    .createTable("invite_link")
    .ifNotExists()
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("organizationId", "text", (c) => c.notNull().references("organization.id").onDelete("cascade"))
    .addColumn("tokenHash", "text", (c) => c.notNull().unique())
    .addColumn("role", "text", (c) => c.notNull())
    .addColumn("teamId", "text")
    .addColumn("expiresAt", "text", (c) => c.notNull())
    .addColumn("maxUses", "integer")
    .addColumn("uses", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("createdBy", "text")
    .addColumn("createdAt", "text", (c) => c.notNull())
    .addColumn("revokedAt", "text")
    .execute();
  await db.schema
    .createIndex("invite_link_organization")
    .ifNotExists()
    .on("invite_link")
    .columns(["organizationId", "createdAt", "id"])
    .execute();
}
