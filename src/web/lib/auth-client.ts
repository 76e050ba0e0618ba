import { adminClient, organizationClient } from "better-auth/client/plugins";
import { createAuthClient } from "better-auth/react";
import { ac, admin, member, owner } from "#shared/permissions.ts";

/**
 * The one better-auth client of the web app. Same origin as the server, so
 * cookies flow without CORS; the organization client shares the permission
 * model with the server so the UI hides exactly what the API refuses.
 */
export const authClient = createAuthClient({
  baseURL: window.location.origin,
  plugins: [
    organizationClient({ ac, roles: { owner, admin, member }, teams: { enabled: true } }),
    adminClient(),
  ],
});

export type Session = typeof authClient.$Infer.Session;
