import { sql } from "kysely";
import type { AppDatabase } from "#server/db/db.ts";
import type { Db } from "#server/db/tables.ts";
import { type DeliveryRow, type EndpointRow, iso, UNFINISHED } from "./rows.ts";
import { ATTEMPT_TIMEOUT_MS } from "./send.ts";

/**
 * A claimed delivery belongs to its instance this long: beyond any attempt (10 s), never two at once. Three times
 * the attempt timeout, whatever it is (WEBHOOK_ATTEMPT_TIMEOUT_MS shortens both in tests).
 */
export const leaseFor = (attemptTimeoutMs: number) => 3 * attemptTimeoutMs;
export const CLAIM_LEASE_MS = leaseFor(ATTEMPT_TIMEOUT_MS);

/** A delivery this instance claimed, with its endpoint as it was at the claim. */
export interface Claimed {
  delivery: DeliveryRow;
  endpoint: EndpointRow;
}

/**
 * Takes what is due, one delivery per endpoint not busy here, with the endpoint's row, in `trx`. On
 * PostgreSQL the endpoint's row is locked (`FOR UPDATE SKIP LOCKED`), so two instances never claim for one
 * endpoint at once; an endpoint with a delivery under a live lease is skipped (one attempt in flight per
 * endpoint, oldest due first). The claimed delivery is leased: `delivering` until `leaseMs` (CLAIM_LEASE_MS
 * unless the attempt timeout was shortened) from now.
 */
export async function claim(
  trx: Db,
  kind: AppDatabase["kind"],
  room: number,
  busyHere: Set<string>,
  leaseMs = CLAIM_LEASE_MS,
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
  const locked = await endpoints.execute();
  if (locked.length === 0) return [];
  // A handful of statements whatever the number of endpoints: one pass claims for all of them at once.
  const busy = new Set(
    (
      await trx
        .selectFrom("webhook_delivery")
        .select("endpointId")
        .distinct()
        .where(
          "endpointId",
          "in",
          locked.map((e) => e.id),
        )
        .where("status", "=", "delivering")
        .where("nextAttemptAt", ">", iso(now))
        .execute()
    ).map((r) => r.endpointId),
  );
  const free = locked.filter((e) => !busy.has(e.id)).slice(0, room);
  if (free.length === 0) return [];
  const firsts = await trx
    .selectFrom("webhook_endpoint as e")
    .where(
      "e.id",
      "in",
      free.map((e) => e.id),
    )
    .select((eb) =>
      eb
        .selectFrom("webhook_delivery as d")
        .select("d.id")
        .whereRef("d.endpointId", "=", "e.id")
        .where("d.status", "in", UNFINISHED)
        .where("d.nextAttemptAt", "<=", iso(now))
        .orderBy("d.createdAt")
        .orderBy("d.id")
        .limit(1)
        .as("deliveryId"),
    )
    .execute();
  const ids = firsts.flatMap((f) => (f.deliveryId ? [f.deliveryId] : []));
  if (ids.length === 0) return [];
  const rows = await trx.selectFrom("webhook_delivery").selectAll().where("id", "in", ids).execute();
  await trx
    .updateTable("webhook_delivery")
    .set({ status: "delivering", attempts: sql`"attempts" + 1`, nextAttemptAt: iso(now + leaseMs) })
    .where("id", "in", ids)
    .execute();
  const byId = new Map(free.map((e) => [e.id, e]));
  return rows.map((row) => ({
    delivery: { ...row, attempts: Number(row.attempts) + 1 },
    endpoint: byId.get(row.endpointId) as EndpointRow,
  }));
}
