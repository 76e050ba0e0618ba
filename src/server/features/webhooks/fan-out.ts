import type { AppDatabase } from "#server/db/db.ts";
import type { Db } from "#server/db/tables.ts";
import { ALL_EVENTS } from "#shared/audit.ts";
import { type DeliveryRow, iso } from "./rows.ts";
import { sortableId } from "./signing.ts";

/** Outbox rows one pass takes at most. */
export const FAN_OUT_BATCH = 100;
const INSERT_CHUNK = 50;

/**
 * Turns outbox rows (events/record.ts) into deliveries: one per enabled endpoint that subscribed to the
 * event's type or "*" — the event's organization's endpoints and the installation-wide ones — in `trx`,
 * the transaction that deletes the rows, so an event is fanned out exactly once, even by several instances
 * (PostgreSQL: `FOR UPDATE SKIP LOCKED`). Returns how many events it took.
 */
export async function fanOut(trx: Db, kind: AppDatabase["kind"]): Promise<number> {
  let query = trx
    .selectFrom("event_outbox")
    .selectAll()
    .orderBy("createdAt")
    .orderBy("id")
    .limit(FAN_OUT_BATCH);
  if (kind === "postgres") query = query.forUpdate().skipLocked();
  const events = await query.execute();
  if (events.length === 0) return 0;
  const organizations = [...new Set(events.flatMap((e) => (e.organizationId ? [e.organizationId] : [])))];
  const endpoints = (
    await trx
      .selectFrom("webhook_endpoint")
      .select(["id", "organizationId", "events"])
      .where("enabled", "=", 1)
      .where((eb) =>
        organizations.length
          ? eb.or([eb("organizationId", "is", null), eb("organizationId", "in", organizations)])
          : eb("organizationId", "is", null),
      )
      .orderBy("createdAt")
      .execute()
  ).map((e) => ({ ...e, events: new Set(JSON.parse(e.events) as string[]) }));
  const now = iso(Date.now());
  const deliveries: DeliveryRow[] = [];
  for (const event of events) {
    for (const endpoint of endpoints) {
      if (endpoint.organizationId !== null && endpoint.organizationId !== event.organizationId) continue;
      if (!endpoint.events.has(ALL_EVENTS) && !endpoint.events.has(event.type)) continue;
      deliveries.push({
        id: sortableId("msg"),
        endpointId: endpoint.id,
        eventId: event.id,
        eventType: event.type,
        payload: event.payload,
        status: "pending",
        attempts: 0,
        nextAttemptAt: now,
        responseStatus: null,
        responseBody: null,
        lastError: null,
        createdAt: now,
        deliveredAt: null,
      });
    }
  }
  for (let i = 0; i < deliveries.length; i += INSERT_CHUNK) {
    await trx
      .insertInto("webhook_delivery")
      .values(deliveries.slice(i, i + INSERT_CHUNK))
      .execute();
  }
  await trx
    .deleteFrom("event_outbox")
    .where(
      "id",
      "in",
      events.map((e) => e.id),
    )
    .execute();
  return events.length;
}
