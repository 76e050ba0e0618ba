import type { AppDatabase } from "#server/db/db.ts";

/**
 * A Map that starts over when full: cheap, and a miss only costs the work the cache saves. Full is `limit`
 * entries, or with `weigh`, a total weight of `limit` (bytes, say, for values of very different sizes).
 */
export class BoundedMap<K, V> extends Map<K, V> {
  #weight = 0;
  constructor(
    private readonly limit: number,
    private readonly weigh: (value: V) => number = () => 1,
  ) {
    super();
  }
  override set(key: K, value: V): this {
    const old = super.get(key);
    if (old !== undefined) this.#weight -= this.weigh(old);
    const weight = this.weigh(value);
    if (this.#weight + weight > this.limit) this.clear();
    this.#weight += weight;
    return super.set(key, value);
  }
  override delete(key: K): boolean {
    const old = super.get(key);
    if (old !== undefined) this.#weight -= this.weigh(old);
    return super.delete(key);
  }
  override clear(): void {
    this.#weight = 0;
    super.clear();
  }
}

/** How many answers a cache keeps (a few MB at most). */
export const CACHE_ENTRIES = 10_000;

/**
 * How many bytes of kept answers a cache of encoded lists holds: a list's size goes from a few hundred bytes to
 * ~60 KB (200 organizations), so a count alone would not bound it.
 */
export const CACHE_BYTES = 16 * 1024 * 1024;

/**
 * SQLite: values derived from reads, kept while nothing has been committed to the database since they were
 * read (AppDatabase.dataVersion), so a kept value is never staler than the database. `version()` checks
 * first (and forgets everything when something was committed); a value read after it may be kept under the
 * version it answered.
 */
export function untilWrite<V>(
  dataVersion: () => number,
  limit = CACHE_ENTRIES,
  weigh?: (value: V) => number,
) {
  const values = new BoundedMap<string, V>(limit, weigh);
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
 * processes write unseen, every call reads (keptWhileStamped is PostgreSQL's way to keep values).
 */
export function readUntilWrite<V>(
  database: AppDatabase,
  read: (key: string) => Promise<V>,
  weigh?: (value: V) => number,
): (key: string) => V | Promise<V> {
  if (!database.dataVersion) return read;
  const cache = untilWrite<V>(database.dataVersion, weigh ? CACHE_BYTES : CACHE_ENTRIES, weigh);
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

/** A value with the stamp of the rows it was read from, both read by one statement. */
export interface Stamped<V> {
  stamp: string;
  value: V;
}

/**
 * PostgreSQL, where other processes write unseen: values kept with a stamp of the rows they were read from, and
 * handed out again while a fresh reading of their keys' stamps (a small query, sent after the request) gives
 * the same stamp. A key whose stamp moved, or that is not kept, is read again. A value and its stamp come from
 * one statement, so a value handed out is what its rows hold at the stamp's reading: never older than the
 * request. With `weigh`, the values kept weigh `CACHE_BYTES` at most; else there are `CACHE_ENTRIES` at most.
 */
export function keptWhileStamped<V>(
  read: {
    /** The current stamp of each key; a key left out of the answer has the stamp "" (no rows). */
    stamps(keys: string[]): Promise<ReadonlyMap<string, string>>;
    /** Each key's value with its stamp, read in one statement; every key is answered. */
    values(keys: string[]): Promise<ReadonlyMap<string, Stamped<V>>>;
  },
  weigh?: (value: V) => number,
): (keys: string[]) => Promise<Map<string, V>> {
  const kept = new BoundedMap<string, Stamped<V>>(
    weigh ? CACHE_BYTES : CACHE_ENTRIES,
    weigh && ((entry) => weigh(entry.value)),
  );
  return async (keys) => {
    const answers = new Map<string, V>();
    let stale = keys;
    // Nothing kept for these keys (a cold cache, new users): no stamp to compare, straight to the values.
    if (keys.some((key) => kept.has(key))) {
      const stamps = await read.stamps(keys);
      stale = [];
      for (const key of keys) {
        const entry = kept.get(key);
        if (entry && entry.stamp === (stamps.get(key) ?? "")) answers.set(key, entry.value);
        else stale.push(key);
      }
    }
    if (stale.length === 0) return answers;
    const fresh = await read.values(stale);
    for (const key of stale) {
      const entry = fresh.get(key);
      if (!entry) throw new Error(`keptWhileStamped: no value was read for ${key}`);
      kept.set(key, entry);
      answers.set(key, entry.value);
    }
    return answers;
  };
}
