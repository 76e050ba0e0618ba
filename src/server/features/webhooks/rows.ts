import type { Db, Tables } from "#server/db/tables.ts";
import type { WebhookDelivery, WebhookEndpoint } from "#shared/contracts/webhooks.ts";

export type EndpointRow = Tables["webhook_endpoint"];
export type DeliveryRow = Tables["webhook_delivery"];

/** Deliveries still to be sent (due, retrying, or being sent). */
export const UNFINISHED = ["pending", "delivering"] as const;

export const iso = (ms: number) => new Date(ms).toISOString();

/** An endpoint as the API answers it and as its webhook.* events carry it: never a secret. */
export function endpointView(row: EndpointRow, pending: number): WebhookEndpoint {
  return {
    id: row.id,
    url: row.url,
    description: row.description,
    events: JSON.parse(row.events) as string[],
    organizationId: row.organizationId,
    enabled: Number(row.enabled) === 1,
    disabledReason: row.disabledReason,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
    health: {
      lastAttemptAt: row.lastAttemptAt,
      lastStatus: row.lastStatus,
      consecutiveFailures: Number(row.consecutiveFailures),
      pending,
    },
  };
}

/** The unfinished deliveries of each endpoint, by id (endpoints without any are absent). */
export async function pendingCounts(db: Db, endpointIds: string[]): Promise<Map<string, number>> {
  if (endpointIds.length === 0) return new Map();
  const rows = await db
    .selectFrom("webhook_delivery")
    .select((eb) => ["endpointId", eb.fn.countAll<string | number>().as("n")])
    .where("endpointId", "in", endpointIds)
    .where("status", "in", UNFINISHED)
    .groupBy("endpointId")
    .execute();
  return new Map(rows.map((r) => [r.endpointId, Number(r.n)]));
}

export function deliveryView(row: DeliveryRow): WebhookDelivery {
  return {
    id: row.id,
    endpointId: row.endpointId,
    eventId: row.eventId,
    eventType: row.eventType,
    status: row.status,
    attempts: Number(row.attempts),
    responseStatus: row.responseStatus === null ? null : Number(row.responseStatus),
    responseBody: row.responseBody,
    lastError: row.lastError,
    nextAttemptAt: row.nextAttemptAt,
    createdAt: row.createdAt,
    deliveredAt: row.deliveredAt,
  };
}
