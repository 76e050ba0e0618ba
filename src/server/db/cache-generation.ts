import { sql } from "kysely";
import type { Db } from "#server/db/tables.ts";

/**
 * The generation of the Redis session cache, kept in the database because the database is the one
 * store every instance reaches even when Redis does not. Cache keys carry the generation; an instance
 * that could not apply a write to Redis moves every instance to a new, empty generation, so what Redis
 * kept from before can never be read again (see redis.ts).
 */
export interface CacheGeneration {
  read(): Promise<number>;
  /** Moves to a new generation and returns it. */
  bump(): Promise<number>;
}

export const CACHE_GENERATION_TABLE = "gatehouse_cache_generation" as const;

export async function migrateCacheGeneration(db: Db): Promise<void> {
  await db.schema
    .createTable(CACHE_GENERATION_TABLE)
    .ifNotExists()
    .addColumn("id", "integer", (c) => c.primaryKey())
    .addColumn("generation", "integer", (c) => c.notNull())
    .execute();
  await db
    .insertInto(CACHE_GENERATION_TABLE)
    .values({ id: 1, generation: 1 })
    .onConflict((oc) => oc.column("id").doNothing())
    .execute();
}

export function cacheGeneration(db: Db): CacheGeneration {
  const read = async () => {
    const row = await db
      .selectFrom(CACHE_GENERATION_TABLE)
      .select("generation")
      .where("id", "=", 1)
      .executeTakeFirstOrThrow();
    return Number(row.generation);
  };
  return {
    read,
    async bump() {
      await db
        .updateTable(CACHE_GENERATION_TABLE)
        .set({ generation: sql`generation + 1` })
        .where("id", "=", 1)
        .execute();
      return read();
    },
  };
}
