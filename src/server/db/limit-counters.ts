import type { SecondaryStorage } from "better-auth";
import { sql } from "kysely";
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
 * something other than client address and exact path): in Redis when configured, else in the database —
 * never in one process's memory, or a second instance would double every limit.
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
