import { randomUUID } from "node:crypto";
import type { BetterAuthOptions } from "better-auth";
import { sql } from "kysely";
import type { Db } from "#server/db/tables.ts";

type RateLimitStorage = NonNullable<NonNullable<BetterAuthOptions["rateLimit"]>["customStorage"]>;
type Rule = Parameters<RateLimitStorage["consume"]>[1];

interface Entry {
  count: number;
  lastRequest: number;
  expiresAt: number;
}

/** How often expired entries are swept, at most (an expired entry counts as absent meanwhile). */
const SWEEP_EVERY_MS = 1000;

/**
 * better-auth's in-memory rate-limit storage, with the same decisions, but swept at most once a second:
 * better-auth's walks every entry on every request, so with many client addresses in a window (a busy
 * server: tens of thousands) each request paid for all of them (docs/decisions/0021). A window counts from
 * a key's last admitted request and a refused request changes nothing, as there; an entry lives one window
 * after its last admitted request, and at most `maxEntries` are kept (the oldest dropped first).
 */
export function memoryRateLimitStorage(maxEntries = 100_000): RateLimitStorage {
  const entries = new Map<string, Entry>();
  let nextSweep = 0;

  function sweep(now: number) {
    if (now < nextSweep && entries.size <= maxEntries) return;
    nextSweep = now + SWEEP_EVERY_MS;
    for (const [key, entry] of entries) if (now >= entry.expiresAt) entries.delete(key);
    let over = entries.size - maxEntries;
    for (const key of entries.keys()) {
      if (over-- <= 0) break;
      entries.delete(key);
    }
  }

  return {
    async consume(key: string, rule: Rule) {
      const now = Date.now();
      sweep(now);
      const found = entries.get(key);
      const entry = found && now < found.expiresAt ? found : undefined;
      const windowMs = rule.window * 1000;
      if (entry && now - entry.lastRequest < windowMs && entry.count >= rule.max) {
        return { allowed: false, retryAfter: Math.ceil((entry.lastRequest + windowMs - now) / 1000) };
      }
      const count = entry && now - entry.lastRequest < windowMs ? entry.count + 1 : 1;
      if (entry) {
        entry.count = count;
        entry.lastRequest = now;
        entry.expiresAt = now + windowMs;
      } else {
        // An expired entry starts over as a new one, at the end of the eviction order.
        entries.delete(key);
        entries.set(key, { count, lastRequest: now, expiresAt: now + windowMs });
      }
      return { allowed: true, retryAfter: null };
    },
  };
}

/** Rows older than this (or than the longest window seen, if longer) are deleted, once a minute at most. */
const KEEP_ROWS_MS = 60 * 60 * 1000;

/**
 * better-auth's database rate-limit storage (PostgreSQL without Redis), with the same decisions and the
 * same `rateLimit` table, in one statement per request: better-auth reads the row, then inserts or updates
 * it through its adapter — two or three round trips for every limited request. The upsert below admits
 * and counts, or changes nothing and returns no row (then one more read says how long to wait).
 */
export function databaseRateLimitStorage(db: Db): RateLimitStorage {
  let longestWindowMs = KEEP_ROWS_MS;
  let nextPrune = 0;
  async function consume(key: string, rule: Rule): Promise<{ allowed: boolean; retryAfter: number | null }> {
    const now = Date.now();
    const windowMs = rule.window * 1000;
    longestWindowMs = Math.max(longestWindowMs, windowMs);
    const cutoff = now - windowMs;
    const { rows } = await sql<{ count: number }>`
      insert into "rateLimit" ("id", "key", "count", "lastRequest") values (${randomUUID()}, ${key}, 1, ${now})
      on conflict ("key") do update set
        "count" = case when "rateLimit"."lastRequest" <= ${cutoff} then 1 else "rateLimit"."count" + 1 end,
        "lastRequest" = ${now}
      where "rateLimit"."lastRequest" <= ${cutoff} or "rateLimit"."count" < ${rule.max}
      returning "count"`.execute(db);
    if (now >= nextPrune) {
      nextPrune = now + 60_000;
      await sql`delete from "rateLimit" where "lastRequest" < ${now - longestWindowMs}`.execute(db);
    }
    if (rows.length > 0) return { allowed: true, retryAfter: null };
    const { rows: found } = await sql<{ lastRequest: string | number }>`
      select "lastRequest" from "rateLimit" where "key" = ${key}`.execute(db);
    const last = Number(found[0]?.lastRequest);
    // Gone, or its window ended meanwhile: decide again, as better-auth does.
    if (!Number.isFinite(last) || Date.now() - last >= windowMs) return consume(key, rule);
    return { allowed: false, retryAfter: Math.ceil((last + windowMs - Date.now()) / 1000) };
  }
  return { consume };
}

/**
 * Where better-auth's limiter counts (auth.ts): shared by every instance — in Redis when configured (better-auth's
 * own storage), else in PostgreSQL (one statement per request) — or, for a SQLite file, which serves one
 * process, in that process's memory (swept once a second).
 */
export function rateLimitStorage(dbKind: "sqlite" | "postgres", db: Db, secondaryStorage: unknown) {
  if (secondaryStorage) return { storage: "secondary-storage" } as const;
  if (dbKind === "postgres")
    return { storage: "database", customStorage: databaseRateLimitStorage(db) } as const;
  return { storage: "memory", customStorage: memoryRateLimitStorage() } as const;
}

/**
 * PostgreSQL: the rateLimit table is UNLOGGED — its counts skip the write-ahead log, so a limited request
 * does not wait for a disk flush (a crash empties the table: every client starts a fresh window, which is
 * harmless for a limit). Idempotent; run with the migrations.
 */
export async function migrateRateLimitTable(db: Db, dbKind: "sqlite" | "postgres"): Promise<void> {
  if (dbKind !== "postgres") return;
  const { rows } = await sql<{ relpersistence: string }>`
    select relpersistence from pg_class where oid = to_regclass('"rateLimit"')`.execute(db);
  if (rows[0]?.relpersistence === "p") await sql`alter table "rateLimit" set unlogged`.execute(db);
}
