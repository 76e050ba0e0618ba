import SQLite from "better-sqlite3";
import { Kysely, PostgresDialect, SqliteDialect, sql } from "kysely";
import pg from "pg";
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  databaseRateLimitStorage,
  memoryRateLimitStorage,
  migrateRateLimitTable,
} from "#server/auth/rate-limit-storage.ts";
import { limitCounters, migrateLimitCounters } from "#server/db/limit-counters.ts";
import type { Db } from "#server/db/tables.ts";
import { freshPostgresUrl } from "../support/test-app.ts";

type Storage = ReturnType<typeof memoryRateLimitStorage>;

/** better-auth's rateLimit table, as its migration creates it on PostgreSQL, then Gatehouse's migration. */
async function postgresStorage(): Promise<{ storage: Storage; close: () => Promise<void> }> {
  const schema = await freshPostgresUrl(process.env.TEST_DATABASE_URL as string);
  const db = new Kysely<never>({
    dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: schema.url, max: 2 }) }),
  });
  await sql`create table "rateLimit" ("id" text primary key, "key" text not null unique,
    "count" integer not null, "lastRequest" bigint not null)`.execute(db);
  // Unlogged (no write-ahead log for counts), and running it again changes nothing.
  for (let run = 0; run < 2; run++) await migrateRateLimitTable(db as unknown as Db, "postgres");
  const { rows } = await sql<{ relpersistence: string }>`
    select relpersistence from pg_class where oid = to_regclass('"rateLimit"')`.execute(db);
  expect(rows[0]?.relpersistence).toBe("u");
  // Gatehouse's own counters likewise.
  for (let run = 0; run < 2; run++) await migrateLimitCounters(db as unknown as Db);
  const { rows: counters } = await sql<{ relpersistence: string }>`
    select relpersistence from pg_class where oid = to_regclass('gatehouse_limit_counter')`.execute(db);
  expect(counters[0]?.relpersistence).toBe("u");
  return {
    storage: databaseRateLimitStorage(db as unknown as Db),
    async close() {
      await db.destroy();
      await schema.drop();
    },
  };
}

const kinds: Array<[string, () => Promise<{ storage: Storage; close: () => Promise<void> }>]> = [
  ["memory", async () => ({ storage: memoryRateLimitStorage(), close: async () => {} })],
];
if (process.env.TEST_DATABASE_URL) kinds.push(["postgres", postgresStorage]);

// Gatehouse's rate-limit storages must decide exactly as better-auth's own (auth.ts swaps them in): a
// window counts from the last admitted request, a refused request changes nothing.
describe.each(kinds)("rate-limit storage (%s)", (_kind, open) => {
  const closers: Array<() => Promise<void>> = [];
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date("2026-11-23T12:00:00Z"));
  });
  afterEach(() => vi.useRealTimers());
  afterAll(async () => {
    for (const close of closers) await close();
  });
  async function fresh() {
    const { storage, close } = await open();
    closers.push(close);
    return storage;
  }

  const rule = { window: 10, max: 3 };

  it("admits max requests per window, then refuses with the seconds left, then starts over", async () => {
    const storage = await fresh();
    for (let i = 0; i < 3; i++) {
      expect(await storage.consume("a", rule)).toEqual({ allowed: true, retryAfter: null });
    }
    expect(await storage.consume("a", rule)).toEqual({ allowed: false, retryAfter: 10 });
    // Another key has its own count.
    expect((await storage.consume("b", rule)).allowed).toBe(true);
    vi.advanceTimersByTime(4000);
    expect(await storage.consume("a", rule)).toEqual({ allowed: false, retryAfter: 6 });
    vi.advanceTimersByTime(6000);
    expect((await storage.consume("a", rule)).allowed).toBe(true);
    expect((await storage.consume("a", rule)).allowed).toBe(true);
  });

  it("counts the window from the last admitted request", async () => {
    const storage = await fresh();
    expect((await storage.consume("a", rule)).allowed).toBe(true);
    vi.advanceTimersByTime(9000);
    expect((await storage.consume("a", rule)).allowed).toBe(true);
    vi.advanceTimersByTime(9000);
    expect((await storage.consume("a", rule)).allowed).toBe(true);
    expect(await storage.consume("a", rule)).toEqual({ allowed: false, retryAfter: 10 });
  });

  it("admits exactly max of many concurrent requests", async () => {
    const storage = await fresh();
    const decisions = await Promise.all(Array.from({ length: 20 }, () => storage.consume("c", rule)));
    expect(decisions.filter((d) => d.allowed)).toHaveLength(3);
  });
});

describe("in-memory rate-limit storage", () => {
  it("keeps at most maxEntries keys, forgetting the oldest first", async () => {
    const storage = memoryRateLimitStorage(2);
    const one = { window: 60, max: 1 };
    expect((await storage.consume("a", one)).allowed).toBe(true);
    expect((await storage.consume("b", one)).allowed).toBe(true);
    expect((await storage.consume("c", one)).allowed).toBe(true);
    // "a" was forgotten to make room (a fresh count); "c" is still counted.
    expect((await storage.consume("c", one)).allowed).toBe(false);
    expect((await storage.consume("a", one)).allowed).toBe(true);
  });
});

describe("Gatehouse's limit counters on SQLite", () => {
  it("count in memory, shared by every caller of one database, in fixed windows", async () => {
    const db = new Kysely<never>({ dialect: new SqliteDialect({ database: new SQLite(":memory:") }) });
    vi.useFakeTimers({ toFake: ["Date"] });
    try {
      const [a, b] = [limitCounters(db as unknown as Db), limitCounters(db as unknown as Db)];
      const rule = { window: 60, max: 2 };
      expect(await a.hit("k", rule)).toEqual({ allowed: true, retryAfter: 60 });
      expect((await b.hit("k", rule)).allowed).toBe(true);
      vi.advanceTimersByTime(15_000);
      expect(await a.hit("k", rule)).toEqual({ allowed: false, retryAfter: 45 });
      // Another database has counts of its own.
      const other = new Kysely<never>({ dialect: new SqliteDialect({ database: new SQLite(":memory:") }) });
      expect((await limitCounters(other as unknown as Db).hit("k", rule)).allowed).toBe(true);
      vi.advanceTimersByTime(45_000);
      expect((await b.hit("k", rule)).allowed).toBe(true);
    } finally {
      vi.useRealTimers();
    }
  });
});
