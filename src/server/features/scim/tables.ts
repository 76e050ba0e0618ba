import type { Db } from "#server/db/tables.ts";

/**
 * SCIM connections (issue 19, decision 38): Gatehouse's own catalog of an organization's directory
 * connections. `@better-auth/scim` keeps the provisioned resources (its scimUser, scimGroup… tables, made by
 * better-auth's migrations) scoped by the connection id; this table holds what it does not: the organization,
 * the hashed bearer token, the default role and the group mappings. Safe to run at every start.
 */
export async function migrateScimTables(db: Db): Promise<void> {
  await db.schema
    .createTable("scim_connection")
    .ifNotExists()
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("organizationId", "text", (c) => c.notNull().references("organization.id").onDelete("cascade"))
    .addColumn("name", "text", (c) => c.notNull())
    // SHA-256 (base64url) of the bearer token; the token itself is never stored.
    .addColumn("tokenHash", "text", (c) => c.notNull().unique())
    .addColumn("tokenHint", "text", (c) => c.notNull())
    .addColumn("defaultRole", "text", (c) => c.notNull())
    // JSON array of { group, role, teamId } (#shared/contracts/sso.ts groupMapping).
    .addColumn("groupMappings", "text", (c) => c.notNull().defaultTo("[]"))
    .addColumn("lastUsedAt", "text")
    .addColumn("createdBy", "text")
    .addColumn("createdAt", "text", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("scim_connection_organization")
    .ifNotExists()
    .on("scim_connection")
    .column("organizationId")
    .execute();
}

/**
 * The "does this connection hold resources outside its organization" check `@better-auth/scim` makes on every
 * write, asked as two range lookups (patches/@better-auth+scim+1.7.5.patch) over these indexes instead of a
 * read of every resource of the connection. Run after better-auth's migrations made the tables.
 */
export async function migrateScimLookups(db: Db): Promise<void> {
  for (const table of ["scimUser", "scimGroup"] as const) {
    await db.schema
      .createIndex(`${table}_connection_domain`)
      .ifNotExists()
      .on(table)
      .columns(["connectionId", "provisioningDomainId"])
      .execute();
  }
}

/** Which team of the organization a SCIM group became (features/scim/group-teams.ts); goes with the team. */
export async function migrateScimGroupTeams(db: Db): Promise<void> {
  await db.schema
    .createTable("scim_group_team")
    .ifNotExists()
    .addColumn("groupId", "text", (c) => c.primaryKey())
    .addColumn("connectionId", "text", (c) => c.notNull())
    .addColumn("organizationId", "text", (c) => c.notNull().references("organization.id").onDelete("cascade"))
    .addColumn("teamId", "text", (c) => c.notNull().references("team.id").onDelete("cascade"))
    .execute();
  await db.schema
    .createIndex("scim_group_team_connection")
    .ifNotExists()
    .on("scim_group_team")
    .column("connectionId")
    .execute();
}
