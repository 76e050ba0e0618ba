import { passkeyClient } from "@better-auth/passkey/client";
import type { BetterAuthClientPlugin } from "better-auth/client";
import {
  adminClient,
  emailOTPClient,
  magicLinkClient,
  organizationClient,
  twoFactorClient,
} from "better-auth/client/plugins";
import { createAuthClient } from "better-auth/react";
import type { AuthAdditions } from "#server/boot/product-api.ts";
import { ac, admin, member, owner } from "#shared/permissions.ts";
import { deadlineFetch } from "./api/deadline-fetch.ts";

/**
 * Typed client methods for Gatehouse's own paths (reauthenticate, setPassword, organization.invitationPreview…),
 * and the user's own fields: `session.user.locale`, `updateUser({ locale })`, `signUp.email({ …, locale })`.
 */
const gatehouseClient = {
  id: "gatehouse",
  $InferServerPlugin: {} as AuthAdditions,
} satisfies BetterAuthClientPlugin;

/**
 * The one better-auth client of the web app. Same origin as the server, so
 * cookies flow without CORS; the organization client shares the permission
 * model with the server so the UI hides exactly what the API refuses.
 */
export const authClient = createAuthClient({
  baseURL: window.location.origin,
  // Every call ends: a server that never answers fails like a lost network (src/web/lib/api).
  fetchOptions: { customFetchImpl: deadlineFetch() },
  plugins: [
    organizationClient({
      ac,
      roles: { owner, admin, member },
      teams: { enabled: true },
      // Custom roles (decision 35): role names beyond the built-in ones, and the role endpoints typed.
      dynamicAccessControl: { enabled: true },
    }),
    adminClient(),
    twoFactorClient(),
    passkeyClient(),
    emailOTPClient(),
    magicLinkClient(),
    gatehouseClient,
  ],
});

export type Session = typeof authClient.$Infer.Session;
