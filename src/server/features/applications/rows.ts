import { isoDate } from "#server/db/dates.ts";
import type { DateValue, Tables } from "#server/db/tables.ts";
import type { ApplicationSummary, AppType } from "#shared/contracts/applications.ts";

/** A list column as stored (JSON text in SQLite and PostgreSQL, or an array), as an array of strings. */
export function storedList(value: string | string[] | null | undefined): string[] {
  if (value == null) return [];
  if (Array.isArray(value)) return value.map(String);
  const text = value.trim();
  if (text.startsWith("[")) {
    try {
      const parsed: unknown = JSON.parse(text);
      if (Array.isArray(parsed)) return parsed.map(String);
    } catch {
      // Not JSON after all: read it as a space-separated list below.
    }
  }
  return text.split(/[\s,]+/).filter(Boolean);
}

export function storedDate(value: DateValue | null | undefined): string | null {
  return value == null ? null : isoDate(value);
}

type ClientRow = Tables["oauthClient"];

/**
 * What kind of app a client is, from what it registered: a service has only the client_credentials grant;
 * a native app says so; a web app without a secret is a single-page app.
 */
export function appTypeOf(row: ClientRow): AppType {
  const grants = storedList(row.grantTypes);
  if (grants.length > 0 && !grants.includes("authorization_code")) return "service";
  if (row.applicationType === "native") return "native";
  if (row.tokenEndpointAuthMethod === "none") return "spa";
  return "web";
}

/** A client row as the admin screens see it: never its secret, only whether it has one. */
export function applicationOf(row: ClientRow): ApplicationSummary {
  const scopes = storedList(row.scopes);
  return {
    clientId: row.clientId,
    name: row.name,
    logoUri: row.icon,
    clientUri: row.uri,
    type: appTypeOf(row),
    redirectUris: storedList(row.redirectUris),
    postLogoutRedirectUris: storedList(row.postLogoutRedirectUris),
    scopes: scopes.length > 0 ? scopes : null,
    grantTypes: storedList(row.grantTypes),
    skipConsent: Boolean(row.skipConsent),
    disabled: Boolean(row.disabled),
    confidential: Boolean(row.clientSecret) && row.tokenEndpointAuthMethod !== "none",
    createdAt: storedDate(row.createdAt),
  };
}

/** The client columns the admin screens read. */
export const CLIENT_COLUMNS = [
  "id",
  "clientId",
  "clientSecret",
  "name",
  "icon",
  "uri",
  "disabled",
  "skipConsent",
  "scopes",
  "redirectUris",
  "postLogoutRedirectUris",
  "grantTypes",
  "tokenEndpointAuthMethod",
  "applicationType",
  "createdAt",
] as const;
