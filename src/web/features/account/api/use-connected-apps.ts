import { useQuery } from "@tanstack/react-query";
import type { ConnectedApp } from "#shared/contracts/applications.ts";
import { apiCall, authRequest, productApi } from "#web/lib/api/call.ts";

export const connectedAppsKey = ["account", "connected-apps"] as const;

/** GET /api/account/connected-apps: the apps this person allowed, newest first. */
export function useConnectedApps() {
  return useQuery({
    queryKey: connectedAppsKey,
    queryFn: async () => (await apiCall(productApi.account["connected-apps"].$get())).items,
  });
}

/** POST /api/auth/oauth2/delete-consent: takes the app's access back, its tokens with it. */
export function revokeConnectedApp(app: ConnectedApp) {
  return authRequest<unknown>("/oauth2/delete-consent", { method: "POST", body: { id: app.id } });
}
