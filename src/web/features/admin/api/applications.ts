import { keepPreviousData, useQuery } from "@tanstack/react-query";
import type { ApplicationSummary } from "#shared/contracts/applications.ts";
import { t } from "#web/i18n/i18n.ts";
import { apiCall, authRequest, productApi } from "#web/lib/api/call.ts";
import { useApiMutation } from "#web/lib/api/use-api-mutation.ts";
import { type RegistrationValues, registrationBody } from "../lib/app-registration.ts";
import { ADMIN_KEY } from "./admin-users.ts";

export const applicationsKey = [ADMIN_KEY, "applications"] as const;
const applicationKey = (clientId: string) => [...applicationsKey, "one", clientId] as const;

/** What the provider answers once: the new client id and, for apps that keep one, the secret. */
export interface IssuedCredentials {
  client_id: string;
  client_secret?: string;
  client_name?: string;
}

/** GET /api/admin/applications: one page of every registered app. */
export function useApplications(page: number, size: number) {
  return useQuery({
    queryKey: [...applicationsKey, "list", page, size],
    queryFn: () =>
      apiCall(
        productApi.admin.applications.$get({
          query: { limit: String(size), offset: String((page - 1) * size) },
        }),
      ),
    placeholderData: keepPreviousData,
  });
}

/** GET /api/admin/applications/:clientId (404: APPLICATION_NOT_FOUND). */
export function useApplication(clientId: string) {
  return useQuery({
    queryKey: applicationKey(clientId),
    queryFn: () => apiCall(productApi.admin.applications[":clientId"].$get({ param: { clientId } })),
  });
}

/** POST /api/auth/oauth2/create-client: the provider's own registration (admins only). */
export function useRegisterApplication(onDone: (issued: IssuedCredentials) => unknown) {
  return useApiMutation({
    mutationFn: (values: RegistrationValues) =>
      authRequest<IssuedCredentials>("/oauth2/create-client", {
        method: "POST",
        body: registrationBody(values),
      }),
    invalidate: applicationsKey,
    onDone: (_values, issued) => onDone(issued),
  });
}

/** POST /api/auth/oauth2/client/rotate-secret: a new secret, shown once; the old one stops working. */
export function useRotateSecret(onDone: (issued: IssuedCredentials) => unknown) {
  return useApiMutation({
    mutationFn: (app: ApplicationSummary) =>
      authRequest<IssuedCredentials>("/oauth2/client/rotate-secret", {
        method: "POST",
        body: { client_id: app.clientId },
      }),
    invalidate: applicationsKey,
    onDone: (_app, issued) => onDone(issued),
  });
}

/** POST /api/admin/applications/:clientId/disabled. */
export function useSetDisabled() {
  return useApiMutation({
    mutationFn: ({ app, disabled }: { app: ApplicationSummary; disabled: boolean }) =>
      apiCall(
        productApi.admin.applications[":clientId"].disabled.$post({
          param: { clientId: app.clientId },
          json: { disabled },
        }),
      ),
    invalidate: applicationsKey,
    success: ({ app, disabled }) => ({
      title: disabled ? t("admin.notice.appDisabled") : t("admin.notice.appEnabled"),
      message: app.name
        ? disabled
          ? t("admin.notice.appDisabledMessage", { name: app.name })
          : t("admin.notice.appEnabledMessage", { name: app.name })
        : disabled
          ? t("admin.notice.appDisabledUnnamed")
          : t("admin.notice.appEnabledUnnamed"),
    }),
    failureTitle: t("admin.notice.appChangeFailed"),
  });
}

/** POST /api/auth/oauth2/delete-client: the app, its grants and tokens go. */
export function deleteApplication(app: ApplicationSummary) {
  return authRequest<unknown>("/oauth2/delete-client", { method: "POST", body: { client_id: app.clientId } });
}
