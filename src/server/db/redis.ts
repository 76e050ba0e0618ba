import type { SecondaryStorage } from "better-auth";
import type { Logger } from "#server/boot/logger.ts";
import type { CacheGeneration } from "#server/db/cache-generation.ts";

// Sets the key to 1 with its TTL on creation; later increments keep the original window.
const INCREMENT = `local n = redis.call('INCR', KEYS[1])
if n == 1 then redis.call('EXPIRE', KEYS[1], ARGV[1]) end
return n`;

/** How often an instance looks for a generation another instance moved to. */
const GENERATION_POLL_MS = 1000;
const RECOVERY_RETRY_MS = 250;

export interface RedisStorage {
  storage: SecondaryStorage;
  /** Reads the cache generation (after migrations) and starts following it; Redis may still be away. */
  start(): Promise<void>;
  ping(): Promise<void>;
  close(): Promise<void>;
}

interface LocalCount {
  count: number;
  expiresAt: number;
}

/**
 * better-auth secondary storage on Redis, shared by every instance, as a cache in front of the database
 * (sessions and verification values are stored in the database too, see auth.ts).
 *
 * Redis failing never fails a request and never serves stale data:
 * - while Redis is away, reads miss (better-auth then reads the database) and writes are skipped;
 * - a write that failed or was skipped means Redis may hold a session the database has since revoked or
 *   changed, so the cache moves to a new generation (cache-generation.ts) before anyone reads it again:
 *   this instance stops using Redis until the move is done, the others follow within GENERATION_POLL_MS;
 * - rate-limit counters fall back to this process's memory, so limits still hold, per instance.
 */
export async function createRedisStorage(
  url: string,
  keyPrefix: string,
  logger: Logger,
  generations: CacheGeneration,
): Promise<RedisStorage> {
  // Imported here, not at the top: an installation without Redis (the default) never loads the client.
  const { Redis } = await import("ioredis");
  const redis = new Redis(url, {
    keyPrefix,
    // Fail fast instead of queueing while Redis is away, so a request is answered, not held.
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    commandTimeout: 2000,
    lazyConnect: false,
  });
  let lastError = "";
  redis.on("error", (err) => {
    // ioredis reports every reconnection attempt; one line per distinct cause is enough.
    if (err.message !== lastError) logger.warn({ err: err.message }, "redis error");
    lastError = err.message;
  });
  redis.on("ready", () => {
    lastError = "";
  });

  /** The generation whose keys are read and written; undefined while Redis is not to be used. */
  let generation: number | undefined;
  /** Some write did not reach Redis: a new generation must be taken before Redis is used again. */
  let dirty = false;
  let closed = false;
  let recovering = false;
  let poller: NodeJS.Timeout | undefined;
  const local = new Map<string, LocalCount>();

  const readyWithin = (ms: number) =>
    new Promise<void>((resolve) => {
      const done = () => {
        clearTimeout(timer);
        redis.off("ready", done);
        resolve();
      };
      const timer = setTimeout(done, ms);
      redis.once("ready", done);
    });
  const usable = () => generation !== undefined && !dirty && redis.status === "ready";
  const key = (k: string) => `g${generation}:${k}`;

  function stopUsing(write: boolean, err?: unknown) {
    if (write) dirty = true;
    if (generation !== undefined) {
      logger.warn(
        { err: err instanceof Error ? err.message : undefined },
        "redis unavailable: using the database",
      );
    }
    generation = undefined;
    void recover();
  }

  async function recover() {
    if (recovering || closed) return;
    recovering = true;
    try {
      while (!closed && generation === undefined) {
        try {
          if (dirty) {
            // Cleared before the bump: a write skipped meanwhile marks it again and costs one more bump.
            dirty = false;
            await generations.bump().catch((err) => {
              dirty = true;
              throw err;
            });
          }
          if (redis.status === "ready") {
            await redis.ping();
            const next = await generations.read();
            if (!dirty && !closed) {
              generation = next;
              logger.info({ generation }, "redis in use again");
            }
          }
        } catch {
          // Redis or the database is still away: try again shortly.
        }
        if (generation === undefined) await new Promise((r) => setTimeout(r, RECOVERY_RETRY_MS).unref());
      }
    } finally {
      recovering = false;
    }
    // Lost again between the last check and here: stopUsing found the loop still running.
    if (generation === undefined && !closed) void recover();
  }

  async function pollGeneration() {
    if (generation === undefined) return;
    try {
      const current = await generations.read();
      // Only forward: a read that started before this instance took a newer generation must not undo it.
      if (generation !== undefined && current > generation) generation = current;
    } catch {
      // The database is away; requests will report it.
    }
  }

  async function write(run: () => Promise<unknown>) {
    if (!usable()) return stopUsing(true);
    try {
      await run();
    } catch (err) {
      stopUsing(true, err);
    }
  }

  function localIncrement(k: string, ttlSeconds: number): number {
    const now = Date.now();
    if (local.size > 10_000) for (const [name, v] of local) if (v.expiresAt <= now) local.delete(name);
    const entry = local.get(k);
    if (!entry || entry.expiresAt <= now) {
      local.set(k, { count: 1, expiresAt: now + ttlSeconds * 1000 });
      return 1;
    }
    entry.count += 1;
    return entry.count;
  }

  const storage: SecondaryStorage = {
    async get(k) {
      if (!usable()) return null;
      try {
        return await redis.get(key(k));
      } catch (err) {
        // A failed read leaves Redis as it was; what matters is that writes stop until it is back.
        stopUsing(false, err);
        return null;
      }
    },
    async getAndDelete(k) {
      if (!usable()) {
        stopUsing(true);
        return null;
      }
      try {
        return await redis.getdel(key(k));
      } catch (err) {
        stopUsing(true, err);
        return null;
      }
    },
    async set(k, value, ttl) {
      await write(() =>
        ttl && ttl > 0 ? redis.set(key(k), value, "EX", Math.ceil(ttl)) : redis.set(key(k), value),
      );
    },
    async delete(k) {
      await write(() => redis.del(key(k)));
    },
    // Rate-limit counters are not cached copies of anything, so they stay outside the generations:
    // moving to a new generation must not hand every client a fresh budget.
    async increment(k, ttl) {
      const ttlSeconds = Math.max(1, Math.ceil(ttl));
      if (redis.status === "ready") {
        try {
          return Number(await redis.eval(INCREMENT, 1, `rate:${k}`, String(ttlSeconds)));
        } catch {
          // Counted in memory below.
        }
      }
      return localIncrement(k, ttlSeconds);
    },
  };

  return {
    storage,
    async start() {
      try {
        if (redis.status !== "ready") await readyWithin(1000);
        if (redis.status === "ready") {
          await redis.ping();
          generation = await generations.read();
        }
      } catch {
        generation = undefined;
      }
      if (generation === undefined) {
        logger.warn("redis not reachable at start: using the database until it is");
        void recover();
      }
      poller = setInterval(() => void pollGeneration(), GENERATION_POLL_MS);
      poller.unref();
    },
    async ping() {
      await redis.ping();
    },
    async close() {
      closed = true;
      if (poller) clearInterval(poller);
      redis.disconnect();
    },
  };
}
