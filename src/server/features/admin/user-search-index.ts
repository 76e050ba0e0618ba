import { type Expression, type SqlBool, sql } from "kysely";
import type { Logger } from "#server/boot/logger.ts";
import { containsPattern, type LikeOperator, likePattern, lowerContains } from "#server/db/like.ts";
import type { Db } from "#server/db/tables.ts";

/**
 * The admin's user search answers from a text index (issue 22, decision 41 and its addendum of 29 November):
 * - SQLite: an FTS5 table with the trigram tokenizer over the name and address as SQLite's lower() leaves them,
 *   case-sensitive, so a phrase of the lowered term matches exactly where `lower(column) LIKE '%term%'` does
 *   (terms of three characters or more). It is kept by triggers on "user", is contentless (the words stay in
 *   "user") and keyed by a row number of its own, `gatehouse_user_search_row.row` (an INTEGER PRIMARY KEY, which
 *   VACUUM never renumbers, unlike the implicit rowid of "user").
 * - PostgreSQL: one pg_trgm GIN index over the lowered name and address joined by a line break, which serves
 *   the same LIKE over that text; without pg_trgm the same query scans the table.
 * Where the index is not exact (a short term, starts_with or ends_with, a term holding the line break) the exact
 * condition (lower(column) LIKE pattern) is checked on each row it finds: the index only narrows, so its answers
 * are the plain scan's.
 */
export const USER_SEARCH_TABLE = "gatehouse_user_search_lower";
const ROW_TABLE = "gatehouse_user_search_row";
/** Decision 41's first index (SQLite: FTS5 folding case itself; PostgreSQL: one index per column), dropped. */
const LEGACY_SQLITE_TABLE = "gatehouse_user_search";
const LEGACY_POSTGRES_INDEXES = ["gatehouse_user_email_trgm", "gatehouse_user_name_trgm"];
export const POSTGRES_INDEX = "gatehouse_user_search_trgm";

/** A trigram index finds terms of at least this many characters; shorter ones are a plain scan. */
export const TRIGRAM = 3;

/** What joins name and address in PostgreSQL's indexed text: a term without it never spans the two. */
export const SEPARATOR = "\n";

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
  // case_sensitive 1: the tokenizer keeps the text as lower() left it (FTS5's own folding is wider than
  // SQLite's lower(), which folds ASCII letters only).
  await sql`create virtual table if not exists ${sql.table(USER_SEARCH_TABLE)} using fts5(
    name, email, content = '', contentless_delete = 1, tokenize = 'trigram case_sensitive 1')`.execute(db);
  const row = (id: string) => `(select row from ${ROW_TABLE} where user_id = ${id})`;
  const forget = (id: string) => `delete from ${USER_SEARCH_TABLE} where rowid = ${row(id)}`;
  const add = (prefix: string) =>
    `insert into ${USER_SEARCH_TABLE} (rowid, name, email) values (${row(`${prefix}.id`)}, lower(${prefix}.name), lower(${prefix}.email))`;
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
  // The triggers above no longer write the first index.
  await sql`drop table if exists ${sql.table(LEGACY_SQLITE_TABLE)}`.execute(db);
  if (existing.rows.length > 0) return;
  // A new index: every user already there, in the same transaction as the triggers that keep it from now on.
  await sql`delete from ${sql.table(ROW_TABLE)}`.execute(db);
  await sql`insert into ${sql.table(ROW_TABLE)} (user_id) select id from "user"`.execute(db);
  await sql`insert into ${sql.table(USER_SEARCH_TABLE)} (rowid, name, email)
    select r.row, lower(u.name), lower(u.email) from ${sql.table(ROW_TABLE)} r join "user" u on u.id = r.user_id`.execute(
    db,
  );
}

/** PostgreSQL's indexed text: the lowered name and address, apart by SEPARATOR (written out: E'\n'). */
const searchedText = sql<string>`(lower(${sql.ref("user.name")}) || E'\\n' || lower(${sql.ref("user.email")}))`;

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
  // On a large table the first start after an upgrade builds it without blocking sign-ups meanwhile
  // (concurrently: minutes per million users); a small one is built at once.
  const size = await sql<{ rows: number }>`select reltuples::float8 as rows from pg_class
    where oid = to_regclass('"user"')`.execute(db);
  const concurrently = sql.raw(Number(size.rows[0]?.rows ?? 0) > 50_000 ? "concurrently" : "");
  // A concurrent build that was interrupted leaves an invalid index, which "if not exists" would keep.
  const state = await sql<{ valid: boolean }>`select i.indisvalid as valid from pg_index i
    where i.indexrelid = to_regclass(${POSTGRES_INDEX})`.execute(db);
  if (!state.rows[0]?.valid) {
    if (state.rows[0]) await sql`drop index ${sql.id(POSTGRES_INDEX)}`.execute(db);
    // New entries wait in a pending list that every search reads through until it is merged: 64 kB (the
    // least PostgreSQL allows, against 4 MB by default) keeps that read small (decision 41's addendum).
    await sql`create index ${concurrently} if not exists ${sql.id(POSTGRES_INDEX)} on "user"
      using gin (${searchedText} ${opclass}) with (gin_pending_list_limit = 64)`.execute(db);
  }
  for (const name of LEGACY_POSTGRES_INDEXES) {
    await sql`drop index ${concurrently} if exists ${sql.id(name)}`.execute(db);
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
  let indexed: Expression<SqlBool>;
  if (kind === "postgres") {
    // The planner picks the trigram index for this LIKE itself; a short term is a plain scan. A term holding
    // the separator could span name and address, and a term at the start or end of either is not one of
    // this text: those are checked exactly too.
    indexed = sql<SqlBool>`${searchedText} like lower(${containsPattern(term)}) escape '\\'`;
    if (operator === "contains" && !term.includes(SEPARATOR)) return indexed;
  } else {
    if ([...term].length < TRIGRAM) return exact;
    indexed = sql<SqlBool>`"user"."id" in (select r.user_id from ${sql.table(USER_SEARCH_TABLE)}
      join ${sql.table(ROW_TABLE)} r on r.row = ${sql.table(USER_SEARCH_TABLE)}.rowid
      where ${sql.table(USER_SEARCH_TABLE)} match ${phrase(term)})`;
    if (operator === "contains") return indexed;
  }
  return sql<SqlBool>`(${indexed} and ${exact})`;
}

/** The FTS5 query for `term` lowered by SQLite's own lower(): one phrase (FTS syntax literal, `"` doubled). */
function phrase(term: string) {
  return sql<string>`'{name email} : "' || replace(lower(${term}), '"', '""') || '"'`;
}

/**
 * On SQLite, where the index alone is exact (a "contains" term of three characters or more), the matches and
 * their number with no user row read: the index's rows in their order, joined to their users' ids for the
 * page only. Undefined elsewhere: the caller's query over "user" answers.
 */
export function matchesFromIndex(kind: "sqlite" | "postgres", term: string, operator: LikeOperator) {
  if (kind !== "sqlite" || operator !== "contains" || [...term].length < TRIGRAM) return undefined;
  const table = sql.table(USER_SEARCH_TABLE);
  return {
    async page(db: Db, limit: number, offset: number) {
      const found = await sql<{ id: string; total: number }>`select r.user_id as id, m.total
        from (select rowid, count(*) over () as total from ${table} where ${table} match ${phrase(term)}
          order by rowid limit ${limit} offset ${offset}) m
        join ${sql.table(ROW_TABLE)} r on r.row = m.rowid order by m.rowid`.execute(db);
      return found.rows;
    },
    async count(db: Db) {
      const counted = await sql<{ total: number }>`select count(*) as total from ${table}
        where ${table} match ${phrase(term)}`.execute(db);
      return Number(counted.rows[0]?.total ?? 0);
    },
  };
}
