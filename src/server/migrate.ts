import { getMigrations } from "better-auth/db/migration";
import type { buildAuthOptions } from "#server/auth.ts";
import { type AppDatabase, migrateAppTables } from "#server/db.ts";
import { migrateOrganizationConstraints } from "#server/features/organizations/constraints.ts";

/** Brings better-auth's tables and ours up to date; idempotent, run before the port opens. */
export async function migrate(
  options: ReturnType<typeof buildAuthOptions>,
  database: AppDatabase,
): Promise<void> {
  const { runMigrations } = await getMigrations(options);
  await runMigrations();
  await migrateAppTables(database.db);
  const organizationOptions = options.plugins.find((p) => p.id === "organization")?.options as
    | { membershipLimit?: unknown }
    | undefined;
  const limit = organizationOptions?.membershipLimit;
  await migrateOrganizationConstraints(database.db, database.kind, typeof limit === "number" ? limit : 100);
}
