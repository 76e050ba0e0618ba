import type { SecondaryStorage } from "better-auth";
import { SqliteAdapter, sql } from "kysely";
import type { Db } from "#server/db/tables.ts";

/** At most `max` hits per `window` seconds, counted from the first hit of the window. */
export interface LimitRule {
  window: number;
  max: number;
}

export interface LimitDecision {
  allowed: boolean;
  /** Seconds until the window ends, when refused. */
  retryAfter: number;
}

/**
 * Fixed-window counters shared by every instance, for limits better-auth's limiter cannot express (keyed by
 * something other than client address and exact path): in Redis when configured, else in PostgreSQL —
 * never in one process's memory where several instances serve, or a second instance would double every
 * limit; a SQLite file serves one process, whose memory holds them.
 */
export interface LimitCounters {
  /** Counts one hit on `key` and says whether it is within the rule. */
  hit(key: string, rule: LimitRule): Promise<LimitDecision>;
}

export const LIMIT_COUNTER_TABLE = "gatehouse_limit_counter" as const;

export async function migrateLimitCounters(db: Db): Promise<void> {
  await db.schema
    .createTable(LIMIT_COUNTER_TABLE)
    .ifNotExists()
    .addColumn("key", "varchar(512)", (c) => c.primaryKey())
    .addColumn("count", "integer", (c) => c.notNull())
    .addColumn("resetAt", "bigint", (c) => c.notNull())
    .execute();
  // PostgreSQL: UNLOGGED, as better-auth's rateLimit table (docs/decisions/0022): a count does not wait for a
  // write-ahead-log flush; a crash starts every window afresh.
  if (db.getExecutor().adapter instanceof SqliteAdapter) return;
  const { rows } = await sql<{ relpersistence: string }>`
    select relpersistence from pg_class where oid = to_regclass(${LIMIT_COUNTER_TABLE})`.execute(db);
  if (rows[0]?.relpersistence === "p")
    await sql`alter table ${sql.table(LIMIT_COUNTER_TABLE)} set unlogged`.execute(db);
}

/**
 * SQLite: the counts in this process's memory, one table per database handle (every caller's counters for
 * one database share it). A SQLite file serves one process, so memory is shared by every request, as
 * better-auth's own limits there (auth.ts); a write per limited request cost more than the requests
 * themselves (docs/decisions/0022). A restart starts every window afresh.
 */
const memoryCounters = new WeakMap<Db, Map<string, { count: number; resetAt: number }>>();
let lastMemoryPrune = 0;

function inMemory(db: Db): LimitCounters {
  let windows = memoryCounters.get(db);
  if (!windows) {
    windows = new Map();
    memoryCounters.set(db, windows);
  }
  const counts = windows;
  return {
    async hit(key, rule) {
      const now = Date.now();
      if (now - lastMemoryPrune > 60_000) {
        lastMemoryPrune = now;
        for (const [k, entry] of counts) if (entry.resetAt <= now) counts.delete(k);
      }
      let entry = counts.get(key);
      if (!entry || entry.resetAt <= now) {
        entry = { count: 0, resetAt: now + rule.window * 1000 };
        counts.set(key, entry);
      }
      entry.count += 1;
      return {
        allowed: entry.count <= rule.max,
        retryAfter: Math.max(1, Math.ceil((entry.resetAt - now) / 1000)),
      };
    },
  };
}

/** Redis's own expiry ends a window there; the database row carries its end and starts over after it. */
export function limitCounters(db: Db, storage?: SecondaryStorage): LimitCounters {
  const increment = storage?.increment?.bind(storage);
  if (increment) {
    return {
      async hit(key, rule) {
        const count = await increment(`limit:${key}`, rule.window);
        return { allowed: count <= rule.max, retryAfter: rule.window };
      },
    };
  }
  if (db.getExecutor().adapter instanceof SqliteAdapter) return inMemory(db);
  let lastPrune = 0;
  return {
    async hit(key, rule) {
      const now = Date.now();
      const resetAt = now + rule.window * 1000;
      // One atomic statement (SQLite and PostgreSQL alike): a new window or one more hit in the current one.
      const { rows } = await sql<{ count: number | string; resetAt: number | string }>`
        insert into ${sql.table(LIMIT_COUNTER_TABLE)} ("key", "count", "resetAt") values (${key}, 1, ${resetAt})
        on conflict ("key") do update set
          "count" = case when ${sql.table(LIMIT_COUNTER_TABLE)}."resetAt" <= ${now} then 1
                         else ${sql.table(LIMIT_COUNTER_TABLE)}."count" + 1 end,
          "resetAt" = case when ${sql.table(LIMIT_COUNTER_TABLE)}."resetAt" <= ${now} then ${resetAt}
                           else ${sql.table(LIMIT_COUNTER_TABLE)}."resetAt" end
        returning "count", "resetAt"`.execute(db);
      const row = rows[0];
      const count = Number(row?.count ?? 1);
      const ends = Number(row?.resetAt ?? resetAt);
      if (now - lastPrune > 60_000) {
        lastPrune = now;
        await sql`delete from ${sql.table(LIMIT_COUNTER_TABLE)} where "resetAt" < ${now}`.execute(db);
      }
      return { allowed: count <= rule.max, retryAfter: Math.max(1, Math.ceil((ends - now) / 1000)) };
    },
  };
}
