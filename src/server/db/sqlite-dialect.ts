import type SQLite from "better-sqlite3";
import {
  type CompiledQuery,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type QueryResult,
  SqliteAdapter,
  SqliteIntrospector,
  SqliteQueryCompiler,
} from "kysely";

/**
 * SQLite with one writer and one read-only connection (WAL mode).
 *
 * Kysely's own SQLite driver serialises every query on a single connection, so while one request holds
 * a write transaction (better-auth runs sign-ups, invitations… in transactions) every other request's
 * reads wait. Here reads outside a transaction go to the reader connection and see the last committed
 * state at once; writes and transactions still take the one writer in turn. better-sqlite3 is
 * synchronous, so a single reader connection is a whole "pool": a query on it never overlaps another.
 */
class Mutex {
  private tail: Promise<void> = Promise.resolve();

  /** Resolves with the unlock function once every earlier holder has unlocked. */
  lock(): Promise<() => void> {
    let unlock!: () => void;
    const next = new Promise<void>((resolve) => {
      unlock = resolve;
    });
    const ready = this.tail.then(() => unlock);
    this.tail = this.tail.then(() => next);
    return ready;
  }
}

const STATEMENT_CACHE_SIZE = 500;

/** Runs SQL on one connection with its prepared statements cached by text. */
export class StatementRunner {
  private readonly statements = new Map<string, SQLite.Statement>();

  constructor(private readonly db: SQLite.Database) {}

  prepared(sql: string): SQLite.Statement {
    let statement = this.statements.get(sql);
    if (!statement) {
      statement = this.db.prepare(sql);
      if (this.statements.size >= STATEMENT_CACHE_SIZE) this.statements.clear();
      this.statements.set(sql, statement);
    }
    return statement;
  }

  run<R>(query: CompiledQuery): QueryResult<R> {
    const statement = this.prepared(query.sql);
    const params = query.parameters as unknown[];
    if (statement.reader) return { rows: statement.all(...params) as R[] };
    const { changes, lastInsertRowid } = statement.run(...params);
    return { rows: [], numAffectedRows: BigInt(changes), insertId: BigInt(lastInsertRowid) };
  }
}

function isRead(query: CompiledQuery): boolean {
  return query.query.kind === "SelectQueryNode";
}

class RoutedConnection implements DatabaseConnection {
  /** Set while this connection holds the writer for a transaction. */
  unlock: (() => void) | undefined;

  constructor(private readonly driver: RoutedDriver) {}

  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    if (this.unlock) return this.driver.writer.run<R>(query);
    if (isRead(query)) return this.driver.reader.run<R>(query);
    const unlock = await this.driver.writerLock.lock();
    try {
      return this.driver.writer.run<R>(query);
    } finally {
      unlock();
    }
  }

  // biome-ignore lint/correctness/useYield: streaming is not used by better-auth; refuse it clearly
  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error("streamQuery is not supported by Gatehouse's SQLite driver");
  }
}

class RoutedDriver implements Driver {
  readonly writerLock = new Mutex();
  readonly writer: StatementRunner;
  readonly reader: StatementRunner;

  constructor(
    private readonly writerDb: SQLite.Database,
    reader: StatementRunner,
  ) {
    this.writer = new StatementRunner(writerDb);
    this.reader = reader;
  }

  async init(): Promise<void> {}

  async acquireConnection(): Promise<DatabaseConnection> {
    return new RoutedConnection(this);
  }

  async beginTransaction(connection: DatabaseConnection): Promise<void> {
    const routed = connection as RoutedConnection;
    routed.unlock = await this.writerLock.lock();
    this.writerDb.exec("begin");
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    try {
      this.writerDb.exec("commit");
    } finally {
      this.finish(connection);
    }
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    try {
      if (this.writerDb.inTransaction) this.writerDb.exec("rollback");
    } finally {
      this.finish(connection);
    }
  }

  async releaseConnection(connection: DatabaseConnection): Promise<void> {
    this.finish(connection);
  }

  async destroy(): Promise<void> {}

  private finish(connection: DatabaseConnection) {
    const routed = connection as RoutedConnection;
    routed.unlock?.();
    routed.unlock = undefined;
  }
}

export function sqliteWithReader(writer: SQLite.Database, reader: StatementRunner): Dialect {
  return {
    createAdapter: () => new SqliteAdapter(),
    createDriver: () => new RoutedDriver(writer, reader),
    createIntrospector: (db) => new SqliteIntrospector(db),
    createQueryCompiler: () => new SqliteQueryCompiler(),
  };
}
