import type { Db } from "#server/db/tables.ts";

/** The webhook endpoints and their deliveries (issue 17, decision 31); safe to run at every start. */
export async function migrateWebhookTables(db: Db): Promise<void> {
  await db.schema
    .createTable("webhook_endpoint")
    .ifNotExists()
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("organizationId", "text")
    .addColumn("url", "text", (c) => c.notNull())
    .addColumn("events", "text", (c) => c.notNull())
    .addColumn("description", "text")
    .addColumn("enabled", "integer", (c) => c.notNull().defaultTo(1))
    .addColumn("disabledReason", "text")
    .addColumn("secret", "text", (c) => c.notNull())
    .addColumn("previousSecret", "text")
    .addColumn("previousSecretExpiresAt", "text")
    .addColumn("consecutiveFailures", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("lastAttemptAt", "text")
    .addColumn("lastStatus", "text")
    .addColumn("lastSuccessAt", "text")
    .addColumn("createdBy", "text")
    .addColumn("createdAt", "text", (c) => c.notNull())
    .addColumn("updatedAt", "text", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("webhook_endpoint_organization")
    .ifNotExists()
    .on("webhook_endpoint")
    .columns(["organizationId", "createdAt"])
    .execute();
  await db.schema
    .createTable("webhook_delivery")
    .ifNotExists()
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("endpointId", "text", (c) => c.notNull())
    .addColumn("eventId", "text", (c) => c.notNull())
    .addColumn("eventType", "text", (c) => c.notNull())
    .addColumn("payload", "text", (c) => c.notNull())
    .addColumn("status", "text", (c) => c.notNull())
    .addColumn("attempts", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("nextAttemptAt", "text")
    .addColumn("responseStatus", "integer")
    .addColumn("responseBody", "text")
    .addColumn("lastError", "text")
    .addColumn("createdAt", "text", (c) => c.notNull())
    .addColumn("deliveredAt", "text")
    .execute();
  // An endpoint's deliveries newest first (the API's pages), and its oldest due one (the worker).
  await db.schema
    .createIndex("webhook_delivery_endpoint")
    .ifNotExists()
    .on("webhook_delivery")
    .columns(["endpointId", "createdAt", "id"])
    .execute();
  // The hourly purge of finished deliveries past their retention (purge.ts).
  await db.schema
    .createIndex("webhook_delivery_created")
    .ifNotExists()
    .on("webhook_delivery")
    .column("createdAt")
    .execute();
  // Only unfinished deliveries carry a time, so the worker's "what is due" reads a small part of the index.
  await db.schema
    .createIndex("webhook_delivery_due")
    .ifNotExists()
    .on("webhook_delivery")
    .columns(["nextAttemptAt"])
    .execute();
}
