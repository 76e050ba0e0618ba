import { sql } from "kysely";
import type { Db } from "#server/db/tables.ts";

/**
 * Each organization's number of members, kept by triggers on `member` whatever code path writes
 * (better-auth, our plugins, cascades from deleted users and organizations). Counting a 10 000-member
 * organization's index costs ~0.3 ms a page on SQLite; this row costs one lookup (the performance requirements: a page of a
 * big organization costs what a page of a small one does). Recomputed from `member` at every start,
 * so it cannot drift for longer than a restart.
 */
export const MEMBER_COUNT_TABLE = "gatehouse_member_count" as const;

/** Creates the table and its triggers and recounts; run inside the migration transaction. */
export async function migrateMemberCounts(db: Db, kind: "sqlite" | "postgres"): Promise<void> {
  await db.schema
    .createTable(MEMBER_COUNT_TABLE)
    .ifNotExists()
    .addColumn("organizationId", "text", (c) => c.primaryKey())
    .addColumn("members", "integer", (c) => c.notNull())
    .execute();
  if (kind === "sqlite") await sqliteTriggers(db);
  else await postgresTriggers(db);
  // Instances already serving must not add or remove members between the recount's two statements.
  if (kind === "postgres") await sql`lock table member in share mode`.execute(db);
  await db.deleteFrom(MEMBER_COUNT_TABLE).execute();
  await sql`insert into ${sql.table(MEMBER_COUNT_TABLE)} ("organizationId", "members")
    select "organizationId", count(*) from member group by "organizationId"`.execute(db);
}

const ADD = (organizationId: string) =>
  sql.raw(`insert into ${MEMBER_COUNT_TABLE} ("organizationId", "members") values (${organizationId}, 1)
    on conflict ("organizationId") do update set "members" = ${MEMBER_COUNT_TABLE}."members" + 1`);
const REMOVE = (organizationId: string) =>
  sql.raw(
    `update ${MEMBER_COUNT_TABLE} set "members" = "members" - 1 where "organizationId" = ${organizationId}`,
  );
const FORGET = (organizationId: string) =>
  sql.raw(`delete from ${MEMBER_COUNT_TABLE} where "organizationId" = ${organizationId}`);

async function sqliteTriggers(db: Db) {
  for (const name of ["member_added", "member_removed", "member_moved", "organization_removed"]) {
    await sql`drop trigger if exists ${sql.raw(`gatehouse_count_${name}`)}`.execute(db);
  }
  await sql`create trigger gatehouse_count_member_added after insert on member
    begin ${ADD('new."organizationId"')}; end`.execute(db);
  await sql`create trigger gatehouse_count_member_removed after delete on member
    begin ${REMOVE('old."organizationId"')}; end`.execute(db);
  await sql`create trigger gatehouse_count_member_moved after update of "organizationId" on member
    when old."organizationId" <> new."organizationId"
    begin ${REMOVE('old."organizationId"')}; ${ADD('new."organizationId"')}; end`.execute(db);
  await sql`create trigger gatehouse_count_organization_removed after delete on organization
    begin ${FORGET("old.id")}; end`.execute(db);
}

async function postgresTriggers(db: Db) {
  await sql`create or replace function gatehouse_count_members() returns trigger language plpgsql as $$
    begin
      if tg_op in ('DELETE', 'UPDATE') then ${REMOVE('old."organizationId"')}; end if;
      if tg_op in ('INSERT', 'UPDATE') then ${ADD('new."organizationId"')}; end if;
      return null;
    end $$`.execute(db);
  await sql`create or replace function gatehouse_count_organization_removed() returns trigger language plpgsql as $$
    begin ${FORGET("old.id")}; return null; end $$`.execute(db);
  await sql`drop trigger if exists gatehouse_count_members on member`.execute(db);
  await sql`create trigger gatehouse_count_members after insert or delete or update of "organizationId" on member
    for each row execute function gatehouse_count_members()`.execute(db);
  await sql`drop trigger if exists gatehouse_count_organization_removed on organization`.execute(db);
  await sql`create trigger gatehouse_count_organization_removed after delete on organization
    for each row execute function gatehouse_count_organization_removed()`.execute(db);
}

/** How many members an organization has, from the kept count. */
export async function memberCount(db: Db, organizationId: string): Promise<number> {
  const row = await db
    .selectFrom(MEMBER_COUNT_TABLE)
    .select("members")
    .where("organizationId", "=", organizationId)
    .executeTakeFirst();
  return Number(row?.members ?? 0);
}
