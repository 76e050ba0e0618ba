import type { AppDatabase } from "#server/db/db.ts";

/** A Map that starts over when full: cheap, and a miss only costs the work the cache saves. */
export class BoundedMap<K, V> extends Map<K, V> {
  constructor(private readonly limit: number) {
    super();
  }
  override set(key: K, value: V): this {
    if (this.size >= this.limit) this.clear();
    return super.set(key, value);
  }
}

/** How many answers a cache keeps (a few MB at most). */
export const CACHE_ENTRIES = 10_000;

/**
 * SQLite: values derived from reads, kept while nothing has been committed to the database since they were
 * read (AppDatabase.dataVersion), so a kept value is never staler than the database. `version()` checks
 * first (and forgets everything when something was committed); a value read after it may be kept under the
 * version it answered.
 */
export function untilWrite<V>(dataVersion: () => number, limit = CACHE_ENTRIES) {
  const values = new BoundedMap<string, V>(limit);
  let at: number | undefined;
  return {
    version(): number {
      const now = dataVersion();
      if (now !== at) {
        values.clear();
        at = now;
      }
      return now;
    },
    /** The value kept for a key; call version() first. */
    get: (key: string) => values.get(key),
    /** Keeps a value read after version() answered `readAt`, unless anything was committed since. */
    set(key: string, value: V, readAt: number) {
      if (readAt === at && dataVersion() === readAt) values.set(key, value);
    },
  };
}

/**
 * `read` remembered per key until the next commit on SQLite (untilWrite); on PostgreSQL, where other
 * processes write unseen, every call reads.
 */
export function readUntilWrite<V>(
  database: AppDatabase,
  read: (key: string) => Promise<V>,
): (key: string) => V | Promise<V> {
  if (!database.dataVersion) return read;
  const cache = untilWrite<V>(database.dataVersion);
  return (key) => {
    const version = cache.version();
    const known = cache.get(key);
    if (known !== undefined) return known;
    return read(key).then((value) => {
      cache.set(key, value, version);
      return value;
    });
  };
}
