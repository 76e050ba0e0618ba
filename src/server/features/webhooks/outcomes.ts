import { sql } from "kysely";
import type { Db } from "#server/db/tables.ts";
import { recordEvent } from "#server/events/record.ts";
import { type DeliveryRow, endpointView, iso, pendingCounts, UNFINISHED } from "./rows.ts";
import type { SendResult } from "./send.ts";

/**
 * Records a delivered attempt, in the caller's transaction. Both outcomes apply only while this attempt's claim
 * holds (same status and attempt count): a lapsed lease taken over by another instance voids a late result.
 */
export async function recordSuccess(trx: Db, row: DeliveryRow, result: SendResult): Promise<void> {
  const now = iso(Date.now());
  const done = await trx
    .updateTable("webhook_delivery")
    .set({
      status: "delivered",
      deliveredAt: now,
      nextAttemptAt: null,
      responseStatus: result.status,
      responseBody: result.body,
      lastError: null,
    })
    .where("id", "=", row.id)
    .where("status", "=", "delivering")
    .where("attempts", "=", row.attempts)
    .executeTakeFirst();
  if (Number(done.numUpdatedRows) === 0) return;
  await trx
    .updateTable("webhook_endpoint")
    .set({ consecutiveFailures: 0, lastAttemptAt: now, lastStatus: "delivered", lastSuccessAt: now })
    .where("id", "=", row.endpointId)
    .execute();
}

/**
 * Records a failed attempt: the delivery waits for `retryAt`, or (null) has failed for good. When a delivery
 * fails for good and its endpoint has not had one success since that delivery was created — three days of
 * failures — the endpoint is turned off ("failing"), its waiting deliveries fail, and the change is an audit
 * event (webhook.updated, no actor). Returns true when this call turned the endpoint off.
 */
export async function recordFailure(
  trx: Db,
  row: DeliveryRow,
  failure: SendResult,
  retryAt: number | null,
): Promise<boolean> {
  const now = iso(Date.now());
  const done = await trx
    .updateTable("webhook_delivery")
    .set({
      status: retryAt === null ? "failed" : "pending",
      nextAttemptAt: retryAt === null ? null : iso(retryAt),
      responseStatus: failure.status,
      responseBody: failure.body,
      lastError: failure.error,
    })
    .where("id", "=", row.id)
    .where("status", "=", "delivering")
    .where("attempts", "=", row.attempts)
    .executeTakeFirst();
  if (Number(done.numUpdatedRows) === 0) return false;
  await trx
    .updateTable("webhook_endpoint")
    .set({
      consecutiveFailures: sql`"consecutiveFailures" + 1`,
      lastAttemptAt: now,
      ...(retryAt === null ? { lastStatus: "failed" as const } : {}),
    })
    .where("id", "=", row.endpointId)
    .execute();
  if (retryAt !== null) return false;
  const off = await trx
    .updateTable("webhook_endpoint")
    .set({ enabled: 0, disabledReason: "failing", updatedAt: now })
    .where("id", "=", row.endpointId)
    .where("enabled", "=", 1)
    .where((eb) => eb.or([eb("lastSuccessAt", "is", null), eb("lastSuccessAt", "<", row.createdAt)]))
    .executeTakeFirst();
  if (Number(off.numUpdatedRows) === 0) return false;
  await failWaitingDeliveries(trx, row.endpointId);
  const endpoint = await trx
    .selectFrom("webhook_endpoint")
    .selectAll()
    .where("id", "=", row.endpointId)
    .executeTakeFirstOrThrow();
  await recordEvent(trx, {
    action: "webhook.updated",
    actor: { userId: null },
    target: { type: "webhook", id: endpoint.id, label: endpoint.url },
    organizationId: endpoint.organizationId,
    details: { enabled: false, disabledReason: "failing" },
    data: endpointView(endpoint, (await pendingCounts(trx, [endpoint.id])).get(endpoint.id) ?? 0),
  });
  return true;
}

/** An endpoint turned off keeps no deliveries waiting: they fail (a resend after it is on again sends one). */
export async function failWaitingDeliveries(db: Db, endpointId: string): Promise<void> {
  await db
    .updateTable("webhook_delivery")
    .set({ status: "failed", nextAttemptAt: null, lastError: "endpoint disabled" })
    .where("endpointId", "=", endpointId)
    .where("status", "in", UNFINISHED)
    .execute();
}
