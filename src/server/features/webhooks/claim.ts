import type { AppDatabase } from "#server/db/db.ts";
import type { Db } from "#server/db/tables.ts";
import { type DeliveryRow, type EndpointRow, iso, UNFINISHED } from "./rows.ts";
import { ATTEMPT_TIMEOUT_MS } from "./send.ts";

/** A claimed delivery belongs to its instance this long: beyond any attempt (10 s), never two at once. */
export const CLAIM_LEASE_MS = 3 * ATTEMPT_TIMEOUT_MS;

/** A delivery this instance claimed, with its endpoint as it was at the claim. */
export interface Claimed {
  delivery: DeliveryRow;
  endpoint: EndpointRow;
}

/**
 * Takes what is due, one delivery per endpoint not busy here, with the endpoint's row, in `trx`. On
 * PostgreSQL the endpoint's row is locked (`FOR UPDATE SKIP LOCKED`), so two instances never claim for one
 * endpoint at once; an endpoint with a delivery under a live lease is skipped (one attempt in flight per
 * endpoint, oldest due first). The claimed delivery is leased: `delivering` until CLAIM_LEASE_MS from now.
 */
export async function claim(
  trx: Db,
  kind: AppDatabase["kind"],
  room: number,
  busyHere: Set<string>,
): Promise<Claimed[]> {
  const now = Date.now();
  const due = await trx
    .selectFrom("webhook_delivery")
    .select("endpointId")
    .distinct()
    .where("status", "in", UNFINISHED)
    .where("nextAttemptAt", "<=", iso(now))
    .limit(room * 4)
    .execute();
  const candidates = due.map((d) => d.endpointId).filter((id) => !busyHere.has(id));
  if (candidates.length === 0) return [];
  let endpoints = trx
    .selectFrom("webhook_endpoint")
    .selectAll()
    .where("id", "in", candidates)
    .where("enabled", "=", 1)
    .orderBy("id");
  if (kind === "postgres") endpoints = endpoints.forUpdate().skipLocked();
  const claimed: Claimed[] = [];
  for (const endpoint of await endpoints.execute()) {
    if (claimed.length >= room) break;
    const busy = await trx
      .selectFrom("webhook_delivery")
      .select("id")
      .where("endpointId", "=", endpoint.id)
      .where("status", "=", "delivering")
      .where("nextAttemptAt", ">", iso(now))
      .executeTakeFirst();
    if (busy) continue;
    const next = await trx
      .selectFrom("webhook_delivery")
      .selectAll()
      .where("endpointId", "=", endpoint.id)
      .where("status", "in", UNFINISHED)
      .where("nextAttemptAt", "<=", iso(now))
      .orderBy("createdAt")
      .orderBy("id")
      .limit(1)
      .executeTakeFirst();
    if (!next) continue;
    const attempts = Number(next.attempts) + 1;
    await trx
      .updateTable("webhook_delivery")
      .set({ status: "delivering", attempts, nextAttemptAt: iso(now + CLAIM_LEASE_MS) })
      .where("id", "=", next.id)
      .execute();
    claimed.push({ delivery: { ...next, attempts }, endpoint });
  }
  return claimed;
}
