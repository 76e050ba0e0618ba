import { expect } from "vitest";
import { rawDb } from "./organizations.ts";
import type { TestApp } from "./test-app.ts";

/** One stored audit event, details parsed. */
export interface StoredEvent {
  id: string;
  createdAt: string;
  action: string;
  outcome: string;
  errorCode: string | null;
  actorId: string | null;
  impersonatorId: string | null;
  apiKeyId: string | null;
  targetType: string | null;
  targetId: string | null;
  targetLabel: string | null;
  organizationId: string | null;
  ip: string | null;
  userAgent: string | null;
  details: Record<string, unknown>;
}

/** The audit events of an action about one target (or by one actor), oldest first, read from the table. */
export async function eventsOf(
  app: TestApp,
  where: { action?: string; targetId?: string; actorId?: string; organizationId?: string },
): Promise<StoredEvent[]> {
  let query = rawDb(app).selectFrom("audit_event").selectAll();
  for (const [column, value] of Object.entries(where)) if (value) query = query.where(column, "=", value);
  const rows = await query.orderBy("createdAt").orderBy("id").execute();
  return rows.map((row) => ({ ...row, details: JSON.parse(row.details) }) as StoredEvent);
}

/** Exactly one event of `action` about `targetId`: returns it. */
export async function onlyEvent(app: TestApp, action: string, targetId: string): Promise<StoredEvent> {
  const events = await eventsOf(app, { action, targetId });
  expect(events, `${action} about ${targetId}`).toHaveLength(1);
  return events[0] as StoredEvent;
}

/** The webhook outbox row of an event (same id), payload parsed; undefined when none was written. */
export async function outboxOf(app: TestApp, eventId: string) {
  const row = await rawDb(app)
    .selectFrom("event_outbox")
    .selectAll()
    .where("id", "=", eventId)
    .executeTakeFirst();
  return row ? { ...row, payload: JSON.parse(row.payload) } : undefined;
}
