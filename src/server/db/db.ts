import { mkdirSync } from "node:fs";
import { dirname, resolve } from "node:path";
import SQLite from "better-sqlite3";
import { Kysely, PostgresDialect, type PostgresPool, type PostgresPoolClient, sql } from "kysely";
import type pg from "pg";
import type { Config } from "#server/boot/config.ts";
import type { Logger } from "#server/boot/logger.ts";
import { type ErrorTranslation, withErrorTranslation } from "#server/db/error-translation.ts";
import { StatementRunner, sqliteWithReader } from "#server/db/sqlite-dialect.ts";
import type { Db, Tables } from "#server/db/tables.ts";

export interface AppDatabase {
  kind: "sqlite" | "postgres";
  db: Db;
  /** Checks the database answers (readiness). */
  ping(): Promise<void>;
  /**
   * The rows of a hot read, by raw SQL (`?` placeholders on SQLite, `$1` on PostgreSQL) with a cached
   * prepared statement. On SQLite it runs on its own read-only connection, so it sees committed data
   * only and never waits behind a write transaction.
   */
  readAll(text: string, params: unknown[]): Promise<Record<string, unknown>[]>;
  /**
   * SQLite only: readAll answered at once (the reader is synchronous), so a hot path costs no promise,
   * microtask or async-hook work per request. Undefined on PostgreSQL.
   */
  readAllNow?: (text: string, params: unknown[]) => Record<string, unknown>[];
  /**
   * SQLite only: a number that changes whenever anything has been committed to the database since the
   * last call could have seen it (`PRAGMA data_version` on the reader, which every write by another
   * connection — all of ours go through the writer — moves). A cache of rows read at version V is
   * current while this still answers V. Undefined on PostgreSQL.
   */
  dataVersion?: () => number;
  /**
   * PostgreSQL only: calls `onNotify` at every NOTIFY on `channel`, on a connection of its own (reconnected
   * after a loss), and whenever that connection is lost or (re)established, since notifications may have been
   * missed meanwhile. `active()` tells whether it is listening now. Undefined on SQLite.
   */
  listen?(channel: string, onNotify: () => void): { active(): boolean };
  close(): Promise<void>;
}

function openSqlite(path: string, translate: ErrorTranslation): AppDatabase {
  const file = resolve(path);
  mkdirSync(dirname(file), { recursive: true });
  const connection = new SQLite(file);
  // WAL lets readers run beside the writer; busy_timeout waits instead of failing on a lock.
  connection.pragma("journal_mode = WAL");
  connection.pragma("busy_timeout = 5000");
  connection.pragma("foreign_keys = ON");
  connection.pragma("synchronous = NORMAL");
  const reader = new SQLite(file, { readonly: true });
  reader.pragma("busy_timeout = 5000");
  // One statement cache on the reader, shared by Kysely's reads and readAll.
  const readerStatements = new StatementRunner(reader);
  const dataVersion = reader.prepare("pragma data_version").pluck();
  const readAllNow = (text: string, params: unknown[]) =>
    readerStatements.prepared(text).all(...params) as Record<string, unknown>[];
  const db = new Kysely<Tables>({
    dialect: withErrorTranslation(sqliteWithReader(connection, readerStatements), translate),
  });
  return {
    kind: "sqlite",
    db,
    async ping() {
      connection.prepare("select 1").get();
    },
    async readAll(text, params) {
      return readAllNow(text, params);
    },
    readAllNow,
    dataVersion: () => dataVersion.get() as number,
    async close() {
      await db.destroy();
      reader.close();
      connection.close();
    },
  };
}

async function openPostgres(url: string, logger: Logger, translate: ErrorTranslation): Promise<AppDatabase> {
  // Imported here, not at the top: an installation on SQLite (the default) never loads the driver (~8 MB of
  // resident memory).
  const { default: pg } = await import("pg");
  const pool = new pg.Pool({
    connectionString: url,
    max: 10,
    connectionTimeoutMillis: 5000,
    // Named statements (below) are parsed once, but each execution is planned with its values: a generic plan
    // cached while a table was nearly empty (a fresh installation, the start of a SCIM sync) kept reading the
    // whole table on every call as it grew (decision 38, fifth round).
    options: "-c plan_cache_mode=force_custom_plan",
  });
  // An idle client losing its connection emits 'error' on the pool; unhandled, it would kill the process.
  pool.on("error", (err) => logger.warn({ err: err.message }, "postgres connection lost"));
  // pg-pool listens for errors on idle clients only: a client whose connection is terminated while
  // checked out (between two statements of a transaction) would emit 'error' to nobody and end the process.
  pool.on("connect", (client) => {
    client.on("error", (err) => logger.debug({ err: err.message }, "postgres client error"));
  });
  const statements = namedStatements();
  const db = new Kysely<Tables>({
    dialect: withErrorTranslation(new PostgresDialect({ pool: preparedPool(pool, statements) }), translate),
  });
  const listeners: Array<() => Promise<void>> = [];
  return {
    kind: "postgres",
    listen(channel, onNotify) {
      let active = false;
      let closed = false;
      let client: pg.Client | undefined;
      const retry = () => {
        if (!closed) setTimeout(connect, 1000).unref();
      };
      const connect = async () => {
        if (closed) return;
        const c = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5000 });
        let lost = false;
        const loseOnce = () => {
          if (lost) return;
          lost = true;
          if (client === c) client = undefined;
          active = false;
          onNotify();
          c.end().catch(() => {});
          retry();
        };
        c.on("error", (err) => {
          logger.debug({ err: err.message, channel }, "postgres listener error");
          loseOnce();
        });
        c.on("end", loseOnce);
        c.on("notification", (message) => {
          if (message.channel === channel) onNotify();
        });
        try {
          await c.connect();
          await c.query(`listen "${channel}"`);
          if (closed || lost) return void c.end().catch(() => {});
          client = c;
          active = true;
          onNotify();
        } catch {
          loseOnce();
        }
      };
      void connect();
      listeners.push(async () => {
        closed = true;
        active = false;
        await client?.end().catch(() => {});
      });
      return { active: () => active };
    },
    db,
    async ping() {
      await sql`select 1`.execute(db);
    },
    async readAll(text, values) {
      return (await pool.query({ name: statements.nameOf(text), text, values })).rows as Record<
        string,
        unknown
      >[];
    },
    async close() {
      await Promise.all(listeners.map((stop) => stop()));
      await db.destroy();
    },
  };
}

/** Statements kept prepared: more distinct texts than this (long IN lists) run unnamed. */
const MAX_NAMED_STATEMENTS = 2000;
/** One data statement, Kysely's or readAll's; schema changes, `begin`, `commit` and scripts run unnamed. */
const DATA_STATEMENT = /^\s*(select|insert|update|delete|with)\b/i;

/**
 * A name per statement text, for PostgreSQL to parse each statement once per connection instead of on every
 * call: a SCIM sync runs ~16 statements a person, and the database shares the server's two cores. Each call is
 * still planned with its own values (`plan_cache_mode`, openPostgres).
 */
function namedStatements() {
  const names = new Map<string, string>();
  return {
    nameOf(text: string): string | undefined {
      let name = names.get(text);
      if (!name && names.size < MAX_NAMED_STATEMENTS && DATA_STATEMENT.test(text) && !text.includes(";")) {
        name = `gatehouse_${names.size + 1}`;
        names.set(text, name);
      }
      return name;
    },
  };
}

/** The pool as Kysely's dialect sees it, its statements sent under their names (pg prepares each once). */
function preparedPool(pool: pg.Pool, statements: ReturnType<typeof namedStatements>): PostgresPool {
  return {
    async connect() {
      const client = await pool.connect();
      return {
        // Kysely passes a cursor only when its dialect is given one (streaming); this one is not.
        query: ((text: string, values: readonly unknown[]) =>
          client.query({
            name: statements.nameOf(text),
            text,
            values: [...values],
          })) as unknown as PostgresPoolClient["query"],
        release: () => client.release(),
      };
    },
    end: () => pool.end(),
  };
}

/**
 * Opens the configured database. `translateError` sees every query's error first: features turn the
 * constraints the database enforces (unique slug, membership limit, last owner) into API errors, not 500s.
 */
export async function openDatabase(
  config: Config,
  logger: Logger,
  translateError: ErrorTranslation = (error) => error,
): Promise<AppDatabase> {
  return config.database.kind === "sqlite"
    ? openSqlite(config.database.path, translateError)
    : await openPostgres(config.database.url, logger, translateError);
}
