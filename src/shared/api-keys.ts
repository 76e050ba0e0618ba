import { z } from "zod";
import { BUILT_IN_GRANTS, type Grants, grantsOf, missingGrants } from "./custom-roles.ts";
import { apiKeyName } from "./fields.ts";
import { parseRoles } from "./roles.ts";

/**
 * API keys (issue #15): who may hold what, once, for the server's checks and the web's form.
 *
 * A key carries permissions of the organization permission model (permissions.ts). Its configuration in
 * @better-auth/api-key: organization keys are the plugin's default configuration, a person's own keys the
 * `user` one (the plugin's get/update/delete calls name it with `configId`).
 */
export const API_KEY_CONFIG = { organization: "default", user: "user" } as const;
export type ApiKeyOwner = keyof typeof API_KEY_CONFIG;

/** Every key starts with this, so it is recognisable in logs and secret scanners. */
export const API_KEY_PREFIX = { organization: "gk_org_", user: "gk_usr_" } as const;

/**
 * What a key may be given: the organization model's actions, except managing roles (`ac`, unused) and
 * API keys themselves (a key never mints or revokes keys). Grouped by resource, in the UI's order.
 */
export const API_KEY_PERMISSIONS = {
  organization: ["update", "delete"],
  member: ["create", "update", "delete"],
  invitation: ["create", "cancel"],
  team: ["create", "update", "delete"],
} as const;
export type ApiKeyResource = keyof typeof API_KEY_PERMISSIONS;
export type ApiKeyPermissions = { [R in ApiKeyResource]?: string[] };

/** The longest key name. */
export const API_KEY_NAME_MAX = 64;

const DAY = 24 * 60 * 60;
/** The expiry choices offered (seconds); `null` is "never". The server accepts 1 to 365 days, or never. */
export const API_KEY_EXPIRY_CHOICES = [
  { label: "7 days", seconds: 7 * DAY },
  { label: "30 days", seconds: 30 * DAY },
  { label: "90 days", seconds: 90 * DAY },
  { label: "1 year", seconds: 365 * DAY },
  { label: "Never", seconds: null },
] as const;
export const API_KEY_EXPIRY_MIN_DAYS = 1;
export const API_KEY_EXPIRY_MAX_DAYS = 365;

/** Whether `permissions` lists only grantable actions. */
export function onlyGrantable(permissions: Record<string, readonly string[]>): boolean {
  return Object.entries(permissions).every(([resource, actions]) => {
    // Own keys only: "constructor" or "toString" are not resources.
    if (!Object.hasOwn(API_KEY_PERMISSIONS, resource)) return false;
    const allowed: readonly string[] = API_KEY_PERMISSIONS[resource as ApiKeyResource];
    return actions.every((action) => allowed.includes(action));
  });
}

/**
 * Whether a member's role value (one or several roles) grants `action` on `resource`; `definitions` are the
 * organization's roles (roleDefinitionsFrom: built-in and custom), the built-in ones when not given.
 */
export function roleGrants(
  role: string | null | undefined,
  resource: string,
  action: string,
  definitions: Readonly<Record<string, Grants>> = BUILT_IN_GRANTS,
): boolean {
  return (grantsOf(definitions, parseRoles(role))[resource as keyof Grants] ?? []).includes(action);
}

/** The permissions of `permissions` that a role value does not grant, as "resource:action". */
export function beyondRole(
  role: string | null | undefined,
  permissions: ApiKeyPermissions,
  definitions: Readonly<Record<string, Grants>> = BUILT_IN_GRANTS,
): string[] {
  return missingGrants(grantsOf(definitions, parseRoles(role)), permissions as Grants);
}

export const apiKeyNameSchema = apiKeyName(API_KEY_NAME_MAX);

/** POST /api/auth/api-key/create as Gatehouse serves it (nothing else is accepted). */
export const createApiKeyBody = z
  .object({
    name: apiKeyNameSchema,
    /** Seconds until the key expires, or null for a key that does not expire. */
    expiresIn: z
      .number()
      .int()
      .min(API_KEY_EXPIRY_MIN_DAYS * DAY, `A key lives at least ${API_KEY_EXPIRY_MIN_DAYS} day`)
      .max(API_KEY_EXPIRY_MAX_DAYS * DAY, `A key lives at most ${API_KEY_EXPIRY_MAX_DAYS} days`)
      .nullable(),
    /** Given: a key of this organization. Absent: a key of the signed-in person. */
    organizationId: z.string().min(1).optional(),
    permissions: z
      .record(z.string(), z.array(z.string()).max(8))
      .refine(onlyGrantable, "Unknown permission: choose from the organization permission model")
      .default({}),
  })
  .strict();
export type CreateApiKeyBody = z.input<typeof createApiKeyBody>;
