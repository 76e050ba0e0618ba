import { z } from "zod";

/**
 * The apps that sign people in through Gatehouse (OAuth clients of @better-auth/oauth-provider) as the
 * product routes of src/server/features/applications answer them: never a secret, dates in ISO 8601.
 */

/** How an app is built, which decides how it authenticates at the token endpoint. */
export const APP_TYPES = ["web", "spa", "native", "service"] as const;
export type AppType = (typeof APP_TYPES)[number];

/** GET /api/admin/applications?limit=&offset= */
export const applicationsParams = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(20),
  offset: z.coerce.number().int().min(0).default(0),
});
export type ApplicationsParams = z.infer<typeof applicationsParams>;

/** One registered app, as an admin sees it. */
export const applicationSummary = z.object({
  clientId: z.string(),
  name: z.string().nullable(),
  logoUri: z.string().nullable(),
  clientUri: z.string().nullable(),
  type: z.enum(APP_TYPES),
  redirectUris: z.array(z.string()),
  postLogoutRedirectUris: z.array(z.string()),
  /** The scopes it may ask for; null means every scope the provider offers. */
  scopes: z.array(z.string()).nullable(),
  grantTypes: z.array(z.string()),
  /** First-party: people are never asked for consent. */
  skipConsent: z.boolean(),
  disabled: z.boolean(),
  /** Whether it holds a secret (web and service apps), which can be rotated. */
  confidential: z.boolean(),
  createdAt: z.string().nullable(),
});
export type ApplicationSummary = z.infer<typeof applicationSummary>;

export const applicationsAnswer = z.object({ items: z.array(applicationSummary), total: z.number() });
export type ApplicationsAnswer = z.infer<typeof applicationsAnswer>;

/** The path parameter of one app's routes. */
export const applicationParams = z.object({ clientId: z.string().min(1) });

/** POST /api/admin/applications/:clientId/disabled */
export const applicationDisabledBody = z.object({ disabled: z.boolean() });

/** GET /api/account/connected-apps: an app the signed-in person allowed, and what it may do. */
export const connectedApp = z.object({
  /** The consent's id: what POST /api/auth/oauth2/delete-consent takes. */
  id: z.string(),
  clientId: z.string(),
  name: z.string().nullable(),
  logoUri: z.string().nullable(),
  clientUri: z.string().nullable(),
  scopes: z.array(z.string()),
  /** When access was first granted, and last changed. */
  grantedAt: z.string().nullable(),
  /** When the app last received a token for this person; null if never. */
  lastUsedAt: z.string().nullable(),
});
export type ConnectedApp = z.infer<typeof connectedApp>;

export const connectedAppsAnswer = z.object({ items: z.array(connectedApp) });
export type ConnectedAppsAnswer = z.infer<typeof connectedAppsAnswer>;
