import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import type {
  ServiceProviderValues,
  SsoConnection,
  SsoConnectionList,
  SsoTestResult,
  SsoTestStart,
} from "#shared/contracts/sso.ts";
import { t } from "#web/i18n/i18n.ts";
import { auditKey } from "#web/lib/api/audit.ts";
import { apiCall, productApi } from "#web/lib/api/call.ts";
import { useApiMutation } from "#web/lib/api/use-api-mutation.ts";
import type { CreateSsoBody, UpdateSsoBody } from "../lib/sso-form.ts";
import { organizationKey } from "./queries.ts";

const api = productApi.organizations[":organizationId"].sso;

/** Enterprise single sign-on of one organization (issue 19): /api/organizations/:id/sso/… (owners only). */
export const ssoKey = (organizationId: string) => [...organizationKey(organizationId), "sso"] as const;

/** Polling a test sign-in: every 1.5 s, for 10 minutes at most. */
export const SSO_TEST_POLL_MS = 1500;
export const SSO_TEST_MAX_MS = 10 * 60 * 1000;

export function useSsoConnections(organizationId: string, enabled = true) {
  return useQuery({
    queryKey: [...ssoKey(organizationId), "connections"],
    enabled,
    queryFn: async () =>
      ((await apiCall(api.connections.$get({ param: { organizationId } }))) as SsoConnectionList).connections,
  });
}

/** What to copy into the IdP for a domain, known before the connection exists. */
export function useServiceProvider(organizationId: string, domain: string | null) {
  return useQuery({
    queryKey: [...ssoKey(organizationId), "service-provider", domain],
    enabled: Boolean(domain),
    staleTime: Number.POSITIVE_INFINITY,
    queryFn: async () =>
      (await apiCall(
        // The route reads `?domain=` itself (no query validator), so its typed client does not list it.
        api["service-provider"].$get({ param: { organizationId }, query: { domain: domain ?? "" } } as {
          param: { organizationId: string };
        }),
      )) as ServiceProviderValues,
  });
}

const stale = (organizationId: string) => [ssoKey(organizationId), auditKey];

export function useCreateSsoConnection(organizationId: string, onDone: (connection: SsoConnection) => void) {
  return useApiMutation({
    mutationFn: async (body: CreateSsoBody) =>
      (await apiCall(api.connections.$post({ param: { organizationId }, json: body }))) as SsoConnection,
    invalidate: stale(organizationId),
    success: (body) => ({
      title: t("integrations.sso.notify.created"),
      message: t("integrations.sso.notify.createdMessage", { domain: body.domain }),
    }),
    onDone: (_body, connection) => onDone(connection),
  });
}

export function useUpdateSsoConnection(organizationId: string, onDone: () => void) {
  return useApiMutation({
    mutationFn: ({ connection, body }: { connection: SsoConnection; body: UpdateSsoBody }) =>
      apiCall(
        api.connections[":connectionId"].$patch({
          param: { organizationId, connectionId: connection.id },
          json: body,
        }),
      ),
    invalidate: stale(organizationId),
    success: ({ connection }) => ({
      title: t("integrations.sso.notify.updated"),
      message: t("integrations.sso.notify.updatedMessage", { domain: connection.domain }),
    }),
    onDone,
  });
}

export function removeSsoConnection(organizationId: string, connection: SsoConnection) {
  return apiCall(
    api.connections[":connectionId"].$delete({ param: { organizationId, connectionId: connection.id } }),
  );
}

/** Starts a test sign-in: the answer's `url` opens in a new tab, `testId` is polled. */
export function useStartSsoTest(organizationId: string, onStarted: (start: SsoTestStart) => void) {
  return useApiMutation({
    mutationFn: async (connectionId: string) =>
      (await apiCall(
        api.connections[":connectionId"].test.$post({ param: { organizationId, connectionId } }),
      )) as SsoTestStart,
    onDone: (_id, start) => onStarted(start),
  });
}

/**
 * A test sign-in's result, asked for again while it waits, until `startedAt` (by default: when the screen
 * first asked) is 10 minutes old.
 */
export function useSsoTestResult(organizationId: string, testId: string | null, startedAt?: number) {
  const [firstAsked] = useState(() => Date.now());
  const since = startedAt ?? firstAsked;
  return useQuery({
    queryKey: [...ssoKey(organizationId), "tests", testId],
    enabled: Boolean(testId),
    queryFn: async () =>
      (await apiCall(
        api.tests[":testId"].$get({ param: { organizationId, testId: testId ?? "" } }),
      )) as SsoTestResult,
    refetchInterval: (query) =>
      query.state.data?.status === "waiting" && Date.now() - since < SSO_TEST_MAX_MS
        ? SSO_TEST_POLL_MS
        : false,
    refetchIntervalInBackground: true,
  });
}
