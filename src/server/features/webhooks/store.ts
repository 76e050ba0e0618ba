import { randomUUID } from "node:crypto";
import type { Db } from "#server/db/tables.ts";
import { recordEvent } from "#server/events/record.ts";
import type { AuditAction } from "#shared/audit.ts";
import type { CreateWebhookBody, UpdateWebhookBody } from "#shared/contracts/webhooks.ts";
import { failWaitingDeliveries } from "./outcomes.ts";
import { type DeliveryRow, type EndpointRow, endpointView, iso, pendingCounts } from "./rows.ts";
import { newSigningSecret, sealSecret, sortableId } from "./signing.ts";

/** How long the previous secret still signs after a rotation. */
export const PREVIOUS_SECRET_TTL_MS = 24 * 3_600_000;

export interface Actor {
  userId: string;
  ip?: string | null;
  userAgent?: string | null;
}

/** The endpoint as it is now, recorded as an audit event in the change's transaction. */
async function recordChange(
  trx: Db,
  action: AuditAction,
  actor: Actor,
  endpoint: EndpointRow,
  details: Record<string, unknown> = {},
) {
  const pending = (await pendingCounts(trx, [endpoint.id])).get(endpoint.id) ?? 0;
  await recordEvent(trx, {
    action,
    actor: { userId: actor.userId },
    target: { type: "webhook", id: endpoint.id, label: endpoint.url },
    organizationId: endpoint.organizationId,
    ip: actor.ip,
    userAgent: actor.userAgent,
    details,
    data: endpointView(endpoint, pending),
  });
}

const byId = (trx: Db, id: string) =>
  trx.selectFrom("webhook_endpoint").selectAll().where("id", "=", id).executeTakeFirstOrThrow();

export async function createEndpoint(db: Db, appSecret: string, actor: Actor, body: CreateWebhookBody) {
  const secret = newSigningSecret();
  const now = iso(Date.now());
  const row: EndpointRow = {
    id: `wh_${randomUUID().replaceAll("-", "")}`,
    organizationId: body.organizationId ?? null,
    url: body.url,
    events: JSON.stringify([...new Set(body.events)]),
    description: body.description ?? null,
    enabled: 1,
    disabledReason: null,
    secret: await sealSecret(appSecret, secret),
    previousSecret: null,
    previousSecretExpiresAt: null,
    consecutiveFailures: 0,
    lastAttemptAt: null,
    lastStatus: null,
    lastSuccessAt: null,
    createdBy: actor.userId,
    createdAt: now,
    updatedAt: now,
  };
  await db.transaction().execute(async (trx) => {
    await trx.insertInto("webhook_endpoint").values(row).execute();
    await recordChange(trx, "webhook.created", actor, row, { url: row.url, events: JSON.parse(row.events) });
  });
  return { ...endpointView(row, 0), secret };
}

export async function updateEndpoint(db: Db, actor: Actor, endpoint: EndpointRow, body: UpdateWebhookBody) {
  const changes: Partial<EndpointRow> = {};
  if (body.url !== undefined) changes.url = body.url;
  if (body.events !== undefined) changes.events = JSON.stringify([...new Set(body.events)]);
  if (body.description !== undefined) changes.description = body.description || null;
  const wasEnabled = Number(endpoint.enabled) === 1;
  if (body.enabled === false && wasEnabled) Object.assign(changes, { enabled: 0, disabledReason: "manual" });
  if (body.enabled === true && !wasEnabled)
    Object.assign(changes, { enabled: 1, disabledReason: null, consecutiveFailures: 0 });
  if (Object.keys(changes).length === 0) return endpointView(endpoint, await pendingOf(db, endpoint.id));
  changes.updatedAt = iso(Date.now());
  return db.transaction().execute(async (trx) => {
    await trx.updateTable("webhook_endpoint").set(changes).where("id", "=", endpoint.id).execute();
    if (changes.enabled === 0) await failWaitingDeliveries(trx, endpoint.id);
    const updated = await byId(trx, endpoint.id);
    const details = Object.fromEntries(
      Object.entries(changes)
        .filter(([key]) => key !== "updatedAt")
        .map(([key, value]) => [
          key,
          key === "events" ? JSON.parse(String(value)) : key === "enabled" ? value === 1 : value,
        ]),
    );
    await recordChange(trx, "webhook.updated", actor, updated, details);
    return endpointView(updated, await pendingOf(trx, endpoint.id));
  });
}

export async function deleteEndpoint(db: Db, actor: Actor, endpoint: EndpointRow): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom("webhook_delivery").where("endpointId", "=", endpoint.id).execute();
    await trx.deleteFrom("webhook_endpoint").where("id", "=", endpoint.id).execute();
    await recordChange(trx, "webhook.deleted", actor, endpoint);
  });
}

export async function rotateSecret(db: Db, appSecret: string, actor: Actor, endpoint: EndpointRow) {
  const secret = newSigningSecret();
  const previousExpiresAt = iso(Date.now() + PREVIOUS_SECRET_TTL_MS);
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable("webhook_endpoint")
      .set({
        secret: await sealSecret(appSecret, secret),
        previousSecret: endpoint.secret,
        previousSecretExpiresAt: previousExpiresAt,
        updatedAt: iso(Date.now()),
      })
      .where("id", "=", endpoint.id)
      .execute();
    await recordChange(trx, "webhook.secret_rotated", actor, await byId(trx, endpoint.id), {
      previousExpiresAt,
    });
  });
  return { secret, previousExpiresAt };
}

/** A new delivery of one event to one endpoint, due now (a test event, or a resend with the same event id). */
export async function queueDelivery(
  db: Db,
  endpointId: string,
  event: { id: string; type: string; payload: string },
): Promise<DeliveryRow> {
  const now = iso(Date.now());
  const row: DeliveryRow = {
    id: sortableId("msg"),
    endpointId,
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
  };
  await db.insertInto("webhook_delivery").values(row).execute();
  return row;
}

/** The `webhook.test` event: sent to one endpoint only, never recorded nor fanned out. */
export function testEvent(endpoint: EndpointRow) {
  const timestamp = iso(Date.now());
  const data = { endpointId: endpoint.id, message: "A test event sent from Gatehouse" };
  return {
    id: `evt_${randomUUID().replaceAll("-", "")}`,
    type: "webhook.test",
    payload: JSON.stringify({ type: "webhook.test", timestamp, data }),
  };
}

export async function pendingOf(db: Db, endpointId: string): Promise<number> {
  return (await pendingCounts(db, [endpointId])).get(endpointId) ?? 0;
}
