import type { SecondaryStorage } from "better-auth";
import { Redis } from "ioredis";
import type { Logger } from "#server/logger.ts";

// Sets the key to 1 with its TTL on creation; later increments keep the original window.
const INCREMENT = `local n = redis.call('INCR', KEYS[1])
if n == 1 then redis.call('EXPIRE', KEYS[1], ARGV[1]) end
return n`;

export interface RedisStorage {
  storage: SecondaryStorage;
  ping(): Promise<void>;
  close(): Promise<void>;
}

/** better-auth secondary storage on Redis: sessions, verification values and rate limits shared by every instance. */
export function createRedisStorage(url: string, keyPrefix: string, logger: Logger): RedisStorage {
  const redis = new Redis(url, {
    keyPrefix,
    // Fail fast instead of queueing while Redis is away, so a request is answered, not held.
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    commandTimeout: 2000,
    lazyConnect: false,
  });
  redis.on("error", (err) => logger.warn({ err: err.message }, "redis error"));

  const storage: SecondaryStorage = {
    get: (key) => redis.get(key),
    getAndDelete: (key) => redis.getdel(key),
    increment: async (key, ttl) => Number(await redis.eval(INCREMENT, 1, key, String(Math.max(1, Math.ceil(ttl))))),
    async set(key, value, ttl) {
      if (ttl && ttl > 0) await redis.set(key, value, "EX", Math.ceil(ttl));
      else await redis.set(key, value);
    },
    delete: async (key) => {
      await redis.del(key);
    },
  };
  return {
    storage,
    async ping() {
      await redis.ping();
    },
    async close() {
      redis.disconnect();
    },
  };
}
