import { sql } from "kysely";
import type { Db } from "#server/db/tables.ts";
import { API_KEY_CONFIG } from "#shared/api-keys.ts";

/**
 * API keys go with what they belong to (decision 17), whatever code path deletes it: an organization's
 * keys with the organization, the keys a member created with their membership (they leave, are removed,
 * or their account is deleted), a person's own keys with their account. Triggers, rebuilt at every start.
 *
 * An organization key's creator is its metadata, written only by Gatehouse as exactly
 * `{"createdBy":"<user id>"}` (api-keys.ts; clients cannot change it), so both databases match it as text.
 */
export async function migrateApiKeyCleanup(db: Db, kind: "sqlite" | "postgres"): Promise<void> {
  const organizationKeys = sql.lit(API_KEY_CONFIG.organization);
  const userKeys = sql.lit(API_KEY_CONFIG.user);
  const memberKeys = sql`delete from apikey where "configId" = ${organizationKeys}
    and "referenceId" = old."organizationId" and metadata = '{"createdBy":"' || old."userId" || '"}'`;
  const organizationGone = sql`delete from apikey where "configId" = ${organizationKeys} and "referenceId" = old.id`;
  const userGone = sql`delete from apikey where "configId" = ${userKeys} and "referenceId" = old.id`;
  const triggers = [
    { name: "gatehouse_api_keys_member_gone", table: "member", body: memberKeys },
    { name: "gatehouse_api_keys_organization_gone", table: "organization", body: organizationGone },
    { name: "gatehouse_api_keys_user_gone", table: "user", body: userGone },
  ];
  for (const { name, table, body } of triggers) {
    const trigger = sql.raw(name);
    if (kind === "sqlite") {
      await sql`drop trigger if exists ${trigger}`.execute(db);
      await sql`create trigger ${trigger} after delete on ${sql.table(table)} begin ${body}; end`.execute(db);
    } else {
      await sql`create or replace function ${trigger}() returns trigger language plpgsql as $$
        begin ${body}; return old; end $$`.execute(db);
      await sql`drop trigger if exists ${trigger} on ${sql.table(table)}`.execute(db);
      await sql`create trigger ${trigger} after delete on ${sql.table(table)} for each row execute function ${trigger}()`.execute(
        db,
      );
    }
  }
}
