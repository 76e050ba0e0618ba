import type { Logger } from "#server/boot/logger.ts";
import type { Db } from "#server/db/tables.ts";

const DAY_MS = 24 * 60 * 60 * 1000;

export interface AuditRetentionOptions {
  /** AUDIT_RETENTION_DAYS: events older than this many days are deleted. */
  days: number;
  logger: Logger;
  /** Rows per delete: short write transactions that never hold SQLite's writer long. @default 500 */
  batch?: number;
  /** Time between passes. @default 3 600 000 (an hour) */
  intervalMs?: number;
  /** Time from start to the first pass, so a start-up is not slowed by it. @default 60 000 */
  firstPassMs?: number;
}

/**
 * The audit log's retention: a timer of the running server (unref'd, never on a request path) deletes
 * the events older than AUDIT_RETENTION_DAYS, a small batch at a time over the (createdAt, id) index,
 * yielding between batches. Stopped by the server's close(), which waits for a pass under way.
 */
export function createAuditRetention(db: Db, options: AuditRetentionOptions) {
  const { days, logger, batch = 500, intervalMs = 60 * 60 * 1000, firstPassMs = 60_000 } = options;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<number> | undefined;
  let stopped = false;

  /** Deletes every event older than the retention; returns how many. */
  async function purge(now = Date.now()): Promise<number> {
    const cutoff = new Date(now - days * DAY_MS).toISOString();
    let total = 0;
    while (!stopped) {
      const oldest = db
        .selectFrom("audit_event")
        .select("id")
        .where("createdAt", "<", cutoff)
        .orderBy("createdAt")
        .limit(batch);
      const result = await db.deleteFrom("audit_event").where("id", "in", oldest).executeTakeFirst();
      const deleted = Number(result.numDeletedRows);
      total += deleted;
      if (deleted < batch) break;
      // Let waiting requests run between batches.
      await new Promise((resolve) => setImmediate(resolve));
    }
    return total;
  }

  function schedule(delay: number) {
    if (stopped) return;
    timer = setTimeout(() => {
      running = purge()
        .then((deleted) => {
          if (deleted > 0) logger.info({ deleted, days }, "audit events past their retention deleted");
          return deleted;
        })
        .catch((err) => {
          logger.warn({ err: (err as Error).message }, "audit retention pass failed; retried next time");
          return 0;
        })
        .finally(() => {
          running = undefined;
          schedule(intervalMs);
        });
    }, delay);
    timer.unref();
  }

  return {
    purge,
    start() {
      stopped = false;
      schedule(firstPassMs);
    },
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}

export type AuditRetention = ReturnType<typeof createAuditRetention>;
