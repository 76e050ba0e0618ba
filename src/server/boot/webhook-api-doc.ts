import { z } from "zod";
import { type ProductRouteDoc, refusal } from "#server/features/reference/document.ts";
import {
  createdWebhook,
  createWebhookBody,
  deliveriesPage,
  deliveriesQuery,
  listWebhooksQuery,
  rotatedSecret,
  updateWebhookBody,
  webhookDelivery,
  webhookEndpoint,
  webhookList,
} from "#shared/contracts/webhooks.ts";

const endpointParams = z.object({ id: z.string().meta({ description: "The endpoint's id (wh_…)" }) });
const deliveryParams = z.object({ id: z.string().meta({ description: "The delivery's id (msg_…)" }) });

/**
 * /api/webhooks (features/webhooks/routes.ts) for the API reference. "user" access: an organization's owners
 * and admins for its endpoints, Gatehouse admins for installation-wide ones (and any).
 */
export function webhookRouteDocs(): ProductRouteDoc[] {
  const refusals = {
    401: refusal("Not signed in"),
    403: refusal(
      "A member without owner or admin role, a non-admin for installation-wide endpoints, an API key, or a foreign Origin",
    ),
    404: refusal("No such endpoint or organization (or not yours to know of)"),
  };
  const invalid = refusal("A field is invalid (`code` INVALID_FIELD, WEBHOOK_URL_NOT_ALLOWED)");
  const off = refusal("The endpoint is turned off (WEBHOOK_DISABLED)");
  return [
    {
      method: "post",
      path: "/api/webhooks",
      summary:
        "Registers an endpoint for an organization's events (its owners and admins) or, without organizationId, for every event (admins). Answers the signing secret (whsec_…) this once.",
      access: "user",
      body: createWebhookBody,
      responses: {
        201: { description: "The endpoint and its secret", schema: createdWebhook },
        400: invalid,
        ...refusals,
      },
    },
    {
      method: "get",
      path: "/api/webhooks",
      summary:
        "The endpoints of an organization, or (no organizationId, admins) the installation-wide ones, with their health.",
      access: "user",
      query: listWebhooksQuery,
      responses: { 200: { description: "The endpoints", schema: webhookList }, 400: invalid, ...refusals },
    },
    {
      method: "get",
      path: "/api/webhooks/{id}",
      summary: "One endpoint with its health; never its secret.",
      access: "user",
      params: endpointParams,
      responses: { 200: { description: "The endpoint", schema: webhookEndpoint }, ...refusals },
    },
    {
      method: "patch",
      path: "/api/webhooks/{id}",
      summary:
        "Changes the URL, event types or description, or turns the endpoint off or on (turning on clears its failure count; turning off fails its waiting deliveries).",
      access: "user",
      params: endpointParams,
      body: updateWebhookBody,
      responses: {
        200: { description: "The endpoint as it is now", schema: webhookEndpoint },
        400: invalid,
        ...refusals,
      },
    },
    {
      method: "delete",
      path: "/api/webhooks/{id}",
      summary: "Deletes the endpoint and its deliveries.",
      access: "user",
      params: endpointParams,
      responses: { 200: { description: "Deleted", schema: z.object({ success: z.boolean() }) }, ...refusals },
    },
    {
      method: "post",
      path: "/api/webhooks/{id}/rotate-secret",
      summary: "A new signing secret, answered this once; for 24 hours deliveries carry signatures by both.",
      access: "user",
      params: endpointParams,
      responses: { 200: { description: "The new secret", schema: rotatedSecret }, ...refusals },
    },
    {
      method: "post",
      path: "/api/webhooks/{id}/test",
      summary: "Sends a webhook.test event to this endpoint only, now.",
      access: "user",
      params: endpointParams,
      responses: {
        201: { description: "The queued delivery", schema: webhookDelivery },
        409: off,
        ...refusals,
      },
    },
    {
      method: "get",
      path: "/api/webhooks/{id}/deliveries",
      summary: "The endpoint's deliveries, newest first, paged by cursor (limit 1–100, default 20).",
      access: "user",
      params: endpointParams,
      query: deliveriesQuery,
      responses: { 200: { description: "One page", schema: deliveriesPage }, 400: invalid, ...refusals },
    },
    {
      method: "post",
      path: "/api/webhooks/deliveries/{id}/resend",
      summary:
        "Sends the delivery's event again to its endpoint, now: a new delivery with the same webhook-id.",
      access: "user",
      params: deliveryParams,
      responses: { 201: { description: "The new delivery", schema: webhookDelivery }, 409: off, ...refusals },
    },
  ];
}
