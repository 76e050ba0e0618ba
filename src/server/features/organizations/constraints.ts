import { sql } from "kysely";
import { hasRoleSql } from "#server/db/roles-sql.ts";
import type { Db } from "#server/db/tables.ts";
import { MEMBER_UNIQUE_INDEX, TRIGGER_MESSAGES } from "#server/features/organizations/constraint-errors.ts";
import { MEMBER_COUNT_TABLE, migrateMemberCounts } from "#server/features/organizations/member-count.ts";

/** Marks an organization being deleted inside the deleting transaction, so its owners may go with it. */
export const DELETION_TABLE = "gatehouse_organization_deletion" as const;

/** Pages of members in join order (the default order of list-members) read only the page's rows. */
const MEMBER_JOIN_ORDER_INDEX = "gatehouse_member_join_order";

/** The owner role in a trigger's row (`old.role`), read as parseRoles reads it. */
const OWNER = (column: string) => hasRoleSql(sql.raw(column), "owner");

/**
 * Invariants the database enforces whatever code path writes (SPEC §5, §6, §9):
 * one membership per user and organization, the membership limit, and at least one owner.
 * Triggers are rebuilt at every start so the limit follows MEMBERSHIP_LIMIT.
 */
export async function migrateOrganizationConstraints(
  db: Db,
  kind: "sqlite" | "postgres",
  membershipLimit: number,
): Promise<void> {
  await db.schema
    .createTable(DELETION_TABLE)
    .ifNotExists()
    .addColumn("organizationId", "text", (c) => c.primaryKey())
    .execute();
  await db.schema
    .createIndex(MEMBER_UNIQUE_INDEX)
    .ifNotExists()
    .unique()
    .on("member")
    .columns(["organizationId", "userId"])
    .execute();
  await db.schema
    .createIndex(MEMBER_JOIN_ORDER_INDEX)
    .ifNotExists()
    .on("member")
    .columns(["organizationId", "createdAt", "id"])
    .execute();
  // The kept member counts first: the limit's trigger reads them instead of counting the members.
  await migrateMemberCounts(db, kind);
  const limit = sql.raw(String(Math.trunc(membershipLimit)));
  if (kind === "sqlite") await sqliteTriggers(db, limit);
  else await postgresTriggers(db, limit);
}

/** An organization's members before this insert, from the kept count (member-count.ts): one row, not a count. */
const MEMBERS_NOW = sql`coalesce((select c."members" from ${sql.table(MEMBER_COUNT_TABLE)} c where c."organizationId" = new."organizationId"), 0)`;

async function sqliteTriggers(db: Db, limit: ReturnType<typeof sql.raw>) {
  // SQLite runs one writer at a time, so a trigger's read and the write it guards are atomic.
  const otherOwnerExists = sql`exists (select 1 from member m where m."organizationId" = old."organizationId" and m.id <> old.id and ${OWNER("m.role")})`;
  const deleting = sql`exists (select 1 from ${sql.table(DELETION_TABLE)} d where d."organizationId" = old."organizationId")`;
  for (const name of [
    "gatehouse_member_limit",
    "gatehouse_last_owner_delete",
    "gatehouse_last_owner_update",
  ]) {
    await sql`drop trigger if exists ${sql.raw(name)}`.execute(db);
  }
  await sql`create trigger gatehouse_member_limit before insert on member
    when ${MEMBERS_NOW} >= ${limit}
    begin select raise(abort, '${sql.raw(TRIGGER_MESSAGES.membershipLimit)}'); end`.execute(db);
  await sql`create trigger gatehouse_last_owner_delete before delete on member
    when ${OWNER("old.role")} and not ${otherOwnerExists} and not ${deleting}
    begin select raise(abort, '${sql.raw(TRIGGER_MESSAGES.lastOwner)}'); end`.execute(db);
  await sql`create trigger gatehouse_last_owner_update before update of role on member
    when ${OWNER("old.role")} and not ${OWNER("new.role")} and not ${otherOwnerExists}
    begin select raise(abort, '${sql.raw(TRIGGER_MESSAGES.lastOwner)}'); end`.execute(db);
}

async function postgresTriggers(db: Db, limit: ReturnType<typeof sql.raw>) {
  // Locking the organization row serialises the writers of one organization; each check then
  // reads with a fresh snapshot (READ COMMITTED), so it sees what the previous writer committed.
  await sql`create or replace function gatehouse_member_limit() returns trigger language plpgsql as $$
    begin
      perform 1 from organization where id = new."organizationId" for update;
      if ${MEMBERS_NOW} >= ${limit} then
        raise exception '${sql.raw(TRIGGER_MESSAGES.membershipLimit)}';
      end if;
      return new;
    end $$`.execute(db);
  await sql`create or replace function gatehouse_last_owner() returns trigger language plpgsql as $$
    begin
      if tg_op = 'UPDATE' and (not ${OWNER("old.role")} or ${OWNER("new.role")}) then return new; end if;
      if tg_op = 'DELETE' and not ${OWNER("old.role")} then return old; end if;
      if not exists (select 1 from ${sql.table(DELETION_TABLE)} where "organizationId" = old."organizationId") then
        perform 1 from organization where id = old."organizationId" for update;
        if not exists (select 1 from member m where m."organizationId" = old."organizationId" and m.id <> old.id and ${OWNER("m.role")}) then
          raise exception '${sql.raw(TRIGGER_MESSAGES.lastOwner)}';
        end if;
      end if;
      if tg_op = 'DELETE' then return old; end if;
      return new;
    end $$`.execute(db);
  await sql`drop trigger if exists gatehouse_member_limit on member`.execute(db);
  await sql`create trigger gatehouse_member_limit before insert on member for each row execute function gatehouse_member_limit()`.execute(
    db,
  );
  await sql`drop trigger if exists gatehouse_last_owner on member`.execute(db);
  await sql`create trigger gatehouse_last_owner before delete or update of role on member for each row execute function gatehouse_last_owner()`.execute(
    db,
  );
}
