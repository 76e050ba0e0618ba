import { useInfiniteQuery, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import type {
  CreatedWebhook,
  CreateWebhookBody,
  DeliveriesPage,
  UpdateWebhookBody,
  WebhookDelivery,
  WebhookEndpoint,
} from "#shared/contracts/webhooks.ts";
import { t } from "#web/i18n/i18n.ts";
import { auditKey } from "./audit.ts";
import { apiCall, productApi } from "./call.ts";
import { useApiMutation } from "./use-api-mutation.ts";

/**
 * Webhook endpoints of one organization (its owners and admins) or of the installation (Gatehouse admins:
 * every event), through /api/webhooks. Used by the organization's Webhooks tab and the admin Webhooks page.
 */
export type WebhookScope = { organizationId: string } | "installation";

export const webhooksKey = ["webhooks"] as const;

function scopeQuery(scope: WebhookScope): { organizationId?: string } {
  return scope === "installation" ? {} : { organizationId: scope.organizationId };
}

/** The scope's endpoints with their health; refreshed every 15 s while shown, so a failing one shows up. */
export function useWebhooks(scope: WebhookScope) {
  return useQuery({
    queryKey: [...webhooksKey, "list", scopeQuery(scope).organizationId ?? "installation"],
    queryFn: async (): Promise<WebhookEndpoint[]> =>
      (await apiCall(productApi.webhooks.$get({ query: scopeQuery(scope) }))).endpoints as WebhookEndpoint[],
    refetchInterval: 15_000,
  });
}

/** A change to an endpoint is recorded in the audit log too: both go stale. */
const stale = [webhooksKey, auditKey];

/** Registers an endpoint; `onCreated` receives it with its signing secret, shown once. */
export function useCreateWebhook(scope: WebhookScope, onCreated: (created: CreatedWebhook) => void) {
  return useApiMutation({
    mutationFn: async (body: Omit<CreateWebhookBody, "organizationId">): Promise<CreatedWebhook> =>
      (await apiCall(
        productApi.webhooks.$post({ json: { ...body, ...scopeQuery(scope) } }),
      )) as CreatedWebhook,
    invalidate: stale,
    onDone: (_body, created) => onCreated(created),
  });
}

/** Changes an endpoint's URL, events, description, or turns it on or off. */
export function useUpdateWebhook(onDone?: () => void) {
  return useApiMutation({
    mutationFn: ({ endpoint, body }: { endpoint: WebhookEndpoint; body: UpdateWebhookBody }) =>
      apiCall(productApi.webhooks[":id"].$patch({ param: { id: endpoint.id }, json: body })),
    invalidate: stale,
    success: ({ endpoint, body }) => {
      const url = body.url ?? endpoint.url;
      return body.enabled === undefined
        ? { title: t("webhooks.notice.savedTitle"), message: t("webhooks.notice.saved", { url }) }
        : body.enabled
          ? { title: t("webhooks.notice.enabledTitle"), message: t("webhooks.notice.enabled", { url }) }
          : { title: t("webhooks.notice.disabledTitle"), message: t("webhooks.notice.disabled", { url }) };
    },
    failureTitle: t("webhooks.notice.changeFailed"),
    onDone,
  });
}

export function deleteWebhook(endpoint: WebhookEndpoint) {
  return apiCall(productApi.webhooks[":id"].$delete({ param: { id: endpoint.id } }));
}

/** A new signing secret, shown once; the old one keeps signing until `previousExpiresAt`. */
export function useRotateSecret(onRotated: (rotated: { secret: string; previousExpiresAt: string }) => void) {
  return useApiMutation({
    mutationFn: (endpoint: WebhookEndpoint) =>
      apiCall(productApi.webhooks[":id"]["rotate-secret"].$post({ param: { id: endpoint.id } })),
    invalidate: stale,
    onDone: (_endpoint, rotated) => onRotated(rotated as { secret: string; previousExpiresAt: string }),
  });
}

export function deliveriesKey(endpointId: string) {
  return [...webhooksKey, "deliveries", endpointId] as const;
}

/** An endpoint's deliveries, newest first, a page at a time; refreshed while shown. */
export function useDeliveries(endpointId: string) {
  const queryClient = useQueryClient();
  const query = useInfiniteQuery({
    queryKey: deliveriesKey(endpointId),
    initialPageParam: "",
    queryFn: async ({ pageParam }): Promise<DeliveriesPage> =>
      (await apiCall(
        productApi.webhooks[":id"].deliveries.$get({
          param: { id: endpointId },
          query: { limit: "20", ...(pageParam ? { cursor: pageParam } : {}) },
        }),
      )) as DeliveriesPage,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    // A live view: new events queue deliveries at any time; one under way is followed closely.
    refetchInterval: (query) =>
      query.state.data?.pages.some((page) =>
        page.deliveries.some((d) => d.status === "pending" || d.status === "delivering"),
      )
        ? 2000
        : 5000,
  });
  // Fresh deliveries change the endpoint's health (last attempt, failures, waiting): its list follows.
  useEffect(() => {
    if (query.dataUpdatedAt) void queryClient.invalidateQueries({ queryKey: [...webhooksKey, "list"] });
  }, [query.dataUpdatedAt, queryClient]);
  return query;
}

/** "Send test event": a `webhook.test` event through the same queue, seen in the deliveries. */
export function useSendTestEvent(endpoint: WebhookEndpoint) {
  return useApiMutation({
    mutationFn: () => apiCall(productApi.webhooks[":id"].test.$post({ param: { id: endpoint.id } })),
    invalidate: [deliveriesKey(endpoint.id), webhooksKey],
    success: () => ({
      title: t("webhooks.notice.testQueuedTitle"),
      message: t("webhooks.notice.testQueued", { url: endpoint.url }),
    }),
    failureTitle: t("webhooks.notice.testFailed"),
  });
}

/** Sends a delivery again (same `webhook-id`, so a receiver that got it already can ignore it). */
export function useResendDelivery() {
  return useApiMutation({
    mutationFn: (delivery: WebhookDelivery) =>
      apiCall(productApi.webhooks.deliveries[":id"].resend.$post({ param: { id: delivery.id } })),
    invalidate: webhooksKey,
    success: (delivery) => ({
      title: t("webhooks.notice.resentTitle"),
      message: t("webhooks.notice.resent", { event: delivery.eventType }),
    }),
    failureTitle: t("webhooks.notice.resendFailed"),
  });
}
