import type { Db } from "#server/db/tables.ts";

/**
 * The audit log and the webhook outbox (issue 17); safe to run at every start. Dates are ISO 8601 text on both
 * databases, so their order is the time order; pages read newest first over (createdAt, id).
 */
export async function migrateEventTables(db: Db): Promise<void> {
  await db.schema
    .createTable("audit_event")
    .ifNotExists()
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("createdAt", "text", (c) => c.notNull())
    .addColumn("action", "text", (c) => c.notNull())
    .addColumn("outcome", "text", (c) => c.notNull())
    .addColumn("errorCode", "text")
    .addColumn("actorId", "text")
    .addColumn("impersonatorId", "text")
    .addColumn("apiKeyId", "text")
    .addColumn("connectionId", "text")
    .addColumn("targetType", "text")
    .addColumn("targetId", "text")
    .addColumn("targetLabel", "text")
    .addColumn("organizationId", "text")
    .addColumn("ip", "text")
    .addColumn("userAgent", "text")
    .addColumn("details", "text", (c) => c.notNull())
    .execute();
  const indexes: [string, string[]][] = [
    ["audit_event_time", ["createdAt", "id"]],
    ["audit_event_organization", ["organizationId", "createdAt", "id"]],
    ["audit_event_actor", ["actorId", "createdAt", "id"]],
    ["audit_event_target", ["targetId", "createdAt", "id"]],
  ];
  for (const [name, columns] of indexes) {
    await db.schema.createIndex(name).ifNotExists().on("audit_event").columns(columns).execute();
  }
  // Written with the audit event of every success; the webhook worker turns each row into deliveries.
  await db.schema
    .createTable("event_outbox")
    .ifNotExists()
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("type", "text", (c) => c.notNull())
    .addColumn("organizationId", "text")
    .addColumn("payload", "text", (c) => c.notNull())
    .addColumn("createdAt", "text", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("event_outbox_time")
    .ifNotExists()
    .on("event_outbox")
    .column("createdAt")
    .execute();
}
