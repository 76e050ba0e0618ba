import type { Db } from "#server/db/tables.ts";
import { iso } from "./rows.ts";

/** Finished deliveries (delivered or failed) are kept this long for the deliveries list, then deleted. */
export const DELIVERY_RETENTION_MS = 30 * 24 * 3_600_000;
const BATCH = 500;

/**
 * Deletes finished deliveries older than the retention, a batch at a time so no transaction holds the
 * table long; unfinished ones are never touched. Returns how many went.
 */
export async function purgeDeliveries(db: Db, now = Date.now()): Promise<number> {
  const cutoff = iso(now - DELIVERY_RETENTION_MS);
  let total = 0;
  for (;;) {
    const old = await db
      .selectFrom("webhook_delivery")
      .select("id")
      .where("createdAt", "<", cutoff)
      .where("status", "in", ["delivered", "failed"])
      .limit(BATCH)
      .execute();
    if (old.length === 0) return total;
    await db
      .deleteFrom("webhook_delivery")
      .where(
        "id",
        "in",
        old.map((r) => r.id),
      )
      .execute();
    total += old.length;
  }
}
