import { z } from "zod";
import { ALL_EVENTS, AUDIT_ACTION_NAMES } from "#shared/audit.ts";

/** An event type a webhook may subscribe to: an audit action's name, or "*" for every event. */
export const webhookEventType = z.enum([ALL_EVENTS, ...AUDIT_ACTION_NAMES] as [string, ...string[]]);

/** POST /api/webhooks. Without `organizationId`: Gatehouse admins only, every organization's events. */
export const createWebhookBody = z.object({
  url: z.url().max(2048),
  events: z.array(webhookEventType).min(1).max(100),
  description: z.string().max(500).optional(),
  organizationId: z.string().min(1).optional(),
});
export type CreateWebhookBody = z.infer<typeof createWebhookBody>;

/** PATCH /api/webhooks/:id: what is sent changes; re-enabling a disabled endpoint clears its failure count. */
export const updateWebhookBody = z.object({
  url: z.url().max(2048).optional(),
  events: z.array(webhookEventType).min(1).max(100).optional(),
  description: z.string().max(500).optional(),
  enabled: z.boolean().optional(),
});
export type UpdateWebhookBody = z.infer<typeof updateWebhookBody>;

/** GET /api/webhooks?organizationId= (none: an admin's installation-wide endpoints). */
export const listWebhooksQuery = z.object({ organizationId: z.string().min(1).optional() });

export const webhookHealth = z.object({
  /** ISO 8601 of the last attempt, null before the first. */
  lastAttemptAt: z.string().nullable(),
  /** The last finished delivery's state. */
  lastStatus: z.enum(["delivered", "failed"]).nullable(),
  /** Attempts failed in a row (reset by a success). */
  consecutiveFailures: z.number(),
  /** Deliveries waiting or being retried. */
  pending: z.number(),
});

export const webhookEndpoint = z.object({
  id: z.string(),
  url: z.string(),
  description: z.string().nullable(),
  events: z.array(z.string()),
  /** null: an installation-wide endpoint (admins). */
  organizationId: z.string().nullable(),
  enabled: z.boolean(),
  /** Why it was turned off: "failing" (disabled after repeated failure) or "manual". */
  disabledReason: z.enum(["failing", "manual"]).nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  health: webhookHealth,
});
export type WebhookEndpoint = z.infer<typeof webhookEndpoint>;

/** GET /api/webhooks: the endpoints of one organization (or the installation-wide ones), newest first. */
export const webhookList = z.object({ endpoints: z.array(webhookEndpoint) });
export type WebhookList = z.infer<typeof webhookList>;

/** POST /api/webhooks answers the endpoint and its signing secret (`whsec_…`), shown this once. */
export const createdWebhook = webhookEndpoint.extend({ secret: z.string() });
export type CreatedWebhook = z.infer<typeof createdWebhook>;

/** POST /api/webhooks/:id/rotate-secret: the new secret; the old one still signs until `previousExpiresAt`. */
export const rotatedSecret = z.object({ secret: z.string(), previousExpiresAt: z.string() });

export const webhookDelivery = z.object({
  id: z.string(),
  endpointId: z.string(),
  /** The `webhook-id` header: the event's id, the same on every attempt and on a resend. */
  eventId: z.string(),
  eventType: z.string(),
  status: z.enum(["pending", "delivering", "delivered", "failed"]),
  attempts: z.number(),
  /** The receiver's last HTTP status; null when it could not be reached. */
  responseStatus: z.number().nullable(),
  /** At most 1 KB of the receiver's last answer. */
  responseBody: z.string().nullable(),
  /** Why the last attempt failed (timeout, refused address, connection refused…). */
  lastError: z.string().nullable(),
  nextAttemptAt: z.string().nullable(),
  createdAt: z.string(),
  deliveredAt: z.string().nullable(),
});
export type WebhookDelivery = z.infer<typeof webhookDelivery>;

/** GET /api/webhooks/:id/deliveries?cursor=&limit=: newest first. */
export const deliveriesQuery = z.object({
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});
export const deliveriesPage = z.object({
  deliveries: z.array(webhookDelivery),
  nextCursor: z.string().nullable(),
});
export type DeliveriesPage = z.infer<typeof deliveriesPage>;
