import { type Expression, type SqlBool, sql } from "kysely";
import type { Logger } from "#server/boot/logger.ts";
import { type LikeOperator, likePattern, lowerContains } from "#server/db/like.ts";
import type { Db } from "#server/db/tables.ts";

/**
 * The admin's user search answers from a text index (issue 22, decision 41):
 * - SQLite: an FTS5 table with the trigram tokenizer (case-insensitive) over name and address, kept by
 *   triggers on "user". It is contentless (the words stay in "user") and keyed by a row number of its own,
 *   `gatehouse_user_search_row.row` (an INTEGER PRIMARY KEY, which VACUUM never renumbers, unlike the
 *   implicit rowid of "user").
 * - PostgreSQL: pg_trgm GIN indexes on lower(email) and lower(name), which serve the very LIKE the plain
 *   search runs (the planner ORs two bitmap scans); without pg_trgm the same query scans the table.
 * Either way the exact condition (lower(column) LIKE pattern) is checked on each row the index finds: the
 * index only narrows, so its answers are the plain scan's.
 */
export const USER_SEARCH_TABLE = "gatehouse_user_search";
const ROW_TABLE = "gatehouse_user_search_row";

/** A trigram index finds terms of at least this many characters; shorter ones are a plain scan. */
export const TRIGRAM = 3;

/** Creates the index (and, on SQLite, fills it from "user" when it is new); idempotent, run at every start. */
export async function migrateUserSearchIndex(db: Db, kind: "sqlite" | "postgres", logger?: Logger) {
  if (kind === "sqlite") await db.transaction().execute((trx) => sqliteIndex(trx));
  else await postgresIndex(db, logger);
}

async function sqliteIndex(db: Db) {
  const existing = await sql<{ name: string }>`select name from sqlite_master
    where type = 'table' and name = ${USER_SEARCH_TABLE}`.execute(db);
  await sql`create table if not exists ${sql.table(ROW_TABLE)} (
    row integer primary key, user_id text not null unique)`.execute(db);
  await sql`create virtual table if not exists ${sql.table(USER_SEARCH_TABLE)} using fts5(
    name, email, content = '', contentless_delete = 1, tokenize = 'trigram')`.execute(db);
  const row = (id: string) => `(select row from ${ROW_TABLE} where user_id = ${id})`;
  const forget = (id: string) => `delete from ${USER_SEARCH_TABLE} where rowid = ${row(id)}`;
  const add = (prefix: string) =>
    `insert into ${USER_SEARCH_TABLE} (rowid, name, email) values (${row(`${prefix}.id`)}, ${prefix}.name, ${prefix}.email)`;
  for (const name of ["added", "changed", "removed"]) {
    await sql`drop trigger if exists ${sql.raw(`gatehouse_user_search_${name}`)}`.execute(db);
  }
  await sql`create trigger gatehouse_user_search_added after insert on "user" begin
    insert into ${sql.raw(ROW_TABLE)} (user_id) values (new.id);
    ${sql.raw(add("new"))};
  end`.execute(db);
  await sql`create trigger gatehouse_user_search_changed after update of id, name, email on "user"
    when old.id is not new.id or old.name is not new.name or old.email is not new.email begin
    ${sql.raw(forget("old.id"))};
    update ${sql.raw(ROW_TABLE)} set user_id = new.id where user_id = old.id;
    ${sql.raw(add("new"))};
  end`.execute(db);
  await sql`create trigger gatehouse_user_search_removed after delete on "user" begin
    ${sql.raw(forget("old.id"))};
    delete from ${sql.raw(ROW_TABLE)} where user_id = old.id;
  end`.execute(db);
  if (existing.rows.length > 0) return;
  // A new index: every user already there, in the same transaction as the triggers that keep it from now on.
  await sql`delete from ${sql.table(ROW_TABLE)}`.execute(db);
  await sql`insert into ${sql.table(ROW_TABLE)} (user_id) select id from "user"`.execute(db);
  await sql`insert into ${sql.table(USER_SEARCH_TABLE)} (rowid, name, email)
    select r.row, u.name, u.email from ${sql.table(ROW_TABLE)} r join "user" u on u.id = r.user_id`.execute(
    db,
  );
}

async function postgresIndex(db: Db, logger?: Logger) {
  // In `public` when Gatehouse creates it: an extension is one per database, and a schema of one
  // instance (or test) that is dropped must not take it from the others.
  await sql`create extension if not exists pg_trgm with schema public`.execute(db).catch(() => {
    // Refused (no right to create extensions, no public schema) or created meanwhile by another instance.
  });
  const found = await sql<{ schema: string }>`select n.nspname as schema from pg_extension e
    join pg_namespace n on n.oid = e.extnamespace where e.extname = 'pg_trgm'`.execute(db);
  const schema = found.rows[0]?.schema;
  if (!schema) {
    logger?.warn(
      "PostgreSQL: the pg_trgm extension is missing and this role may not create it; the admin's user search scans the user table (slow with many users). Run `create extension pg_trgm` as a superuser and restart.",
    );
    return;
  }
  const opclass = sql`${sql.id(schema)}.gin_trgm_ops`;
  // On a large table the first start after an upgrade builds them without blocking sign-ups meanwhile
  // (concurrently: minutes per million users); a small one is built at once.
  const size = await sql<{ rows: number }>`select reltuples::float8 as rows from pg_class
    where oid = to_regclass('"user"')`.execute(db);
  const concurrently = sql.raw(Number(size.rows[0]?.rows ?? 0) > 50_000 ? "concurrently" : "");
  for (const column of ["email", "name"]) {
    const name = `gatehouse_user_${column}_trgm`;
    // A concurrent build that was interrupted leaves an invalid index, which "if not exists" would keep.
    const state = await sql<{ valid: boolean }>`select i.indisvalid as valid from pg_index i
      where i.indexrelid = to_regclass(${name})`.execute(db);
    if (state.rows[0]?.valid) continue;
    if (state.rows[0]) await sql`drop index ${sql.id(name)}`.execute(db);
    await sql`create index ${concurrently} if not exists ${sql.id(name)} on "user"
      using gin (lower(${sql.id(column)}) ${opclass})`.execute(db);
  }
}

/**
 * Users whose name or address holds `term` as `operator` says, case-insensitively, with %, _ and \ literal:
 * the condition on "user" that the index above serves.
 */
export function nameOrEmailMatches(
  kind: "sqlite" | "postgres",
  term: string,
  operator: LikeOperator,
): Expression<SqlBool> {
  const pattern = likePattern(term, operator);
  const exact = sql<SqlBool>`(${lowerContains("user.email", pattern)} or ${lowerContains("user.name", pattern)})`;
  // PostgreSQL's planner picks the trigram indexes for this LIKE itself; a short term is a plain scan.
  if (kind === "postgres" || [...term].length < TRIGRAM) return exact;
  const phrase = `{name email} : "${term.replaceAll('"', '""')}"`;
  return sql<SqlBool>`"user"."id" in (select r.user_id from ${sql.table(USER_SEARCH_TABLE)}
    join ${sql.table(ROW_TABLE)} r on r.row = ${sql.table(USER_SEARCH_TABLE)}.rowid
    where ${sql.table(USER_SEARCH_TABLE)} match ${phrase}) and ${exact}`;
}
