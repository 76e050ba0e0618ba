import { getMigrations } from "better-auth/db/migration";
import { sql } from "kysely";
import { migrateApiKeyCleanup } from "#server/auth/api-key-cleanup.ts";
import type { buildAuthOptions } from "#server/auth/auth.ts";
import { migrateRateLimitTable } from "#server/auth/rate-limit-storage.ts";
import type { Logger } from "#server/boot/logger.ts";
import { migrateCacheGeneration } from "#server/db/cache-generation.ts";
import type { AppDatabase } from "#server/db/db.ts";
import { migrateLimitCounters } from "#server/db/limit-counters.ts";
import { migrateEventTables } from "#server/events/tables.ts";
import { migrateUserSearchIndex } from "#server/features/admin/user-search-index.ts";
import { migrateOrganizationConstraints } from "#server/features/organizations/constraints.ts";
import { migrateCustomRoles } from "#server/features/organizations/custom-roles.ts";
import { migrateDomainTables } from "#server/features/organizations/domain-tables.ts";
import { migrateInviteLinks } from "#server/features/organizations/invite-links-tables.ts";
import { migrateOwnershipOffers } from "#server/features/organizations/ownership.ts";
import { migrateTeamNames } from "#server/features/organizations/team-names.ts";
import {
  migrateScimGroupTeams,
  migrateScimLookups,
  migrateScimTables,
} from "#server/features/scim/tables.ts";
import { migrateSsoTests } from "#server/features/sso/tests.ts";
import { migrateWebhookTables } from "#server/features/webhooks/tables.ts";
import { jwksSignalStatements } from "#server/http/jwks-fast-path.ts";
import { migrateMailTables } from "#server/mail/queue.ts";

/** Brings better-auth's tables and ours up to date; idempotent, run before the port opens. */
export async function migrate(
  options: ReturnType<typeof buildAuthOptions>,
  database: AppDatabase,
  logger?: Logger,
): Promise<void> {
  await withMigrationLock(database, async () => {
    const { runMigrations } = await getMigrations(options);
    await runMigrations();
    await migrateMailTables(database.db);
    await migrateCacheGeneration(database.db);
    // Every instance learns of a signing key minted, retired or removed anywhere (http/jwks-fast-path.ts).
    if (database.kind === "postgres" && options.plugins.some((p) => p.id === "jwt")) {
      for (const statement of jwksSignalStatements()) await sql.raw(statement).execute(database.db);
    }
    await migrateEventTables(database.db);
    await migrateWebhookTables(database.db);
    await migrateLimitCounters(database.db);
    await migrateRateLimitTable(database.db, database.kind);
    await migrateApiKeyCleanup(database.db, database.kind);
    // Invite links (issue 18).
    await migrateInviteLinks(database.db);
    // Verified domains and join requests (issue 18).
    await migrateDomainTables(database.db);
    await migrateCustomRoles(database.db);
    await migrateOwnershipOffers(database.db);
    // One name per team within an organization (issue 20).
    await migrateTeamNames(database.db, logger);
    // Single sign-on's test sign-ins (issue 19).
    await migrateSsoTests(database.db);
    // SCIM connections and the teams their groups became (issue 19, decision 38).
    await migrateScimTables(database.db);
    await migrateScimGroupTeams(database.db);
    await migrateScimLookups(database.db);
    // The admin's user search over a text index (issue 22, decision 41).
    await migrateUserSearchIndex(database.db, database.kind, logger);
    const organization = options.plugins.find((p) => p.id === "organization");
    const organizationOptions = organization && "options" in organization ? organization.options : undefined;
    const limit = (organizationOptions as { membershipLimit?: unknown } | undefined)?.membershipLimit;
    // One transaction: the triggers are dropped and re-created, and instances already serving must
    // never write between the two.
    await database.db
      .transaction()
      .execute((trx) =>
        migrateOrganizationConstraints(trx, database.kind, typeof limit === "number" ? limit : 100),
      );
  });
}

/**
 * Instances started together on one PostgreSQL would otherwise race to create the same tables.
 * A session advisory lock (per schema) lets one migrate while the others wait, then find nothing to do;
 * PostgreSQL releases it by itself if the holder dies. A SQLite file serves one process.
 */
async function withMigrationLock(database: AppDatabase, run: () => Promise<void>): Promise<void> {
  if (database.kind !== "postgres") return run();
  await database.db.connection().execute(async (connection) => {
    const key = sql`hashtext('gatehouse:migrate:' || current_schema())`;
    await sql`select pg_advisory_lock(${key})`.execute(connection);
    try {
      await run();
    } finally {
      await sql`select pg_advisory_unlock(${key})`.execute(connection).catch(() => {});
    }
  });
}
