import { z } from "zod";
import { groupMapping } from "./sso.ts";

/**
 * SCIM 2.0 provisioning per organization (issue 19): the owners' API at
 * /api/organizations/:organizationId/scim/connections… The SCIM protocol itself is served under `baseUrl`
 * (better-auth's `@better-auth/scim`), authenticated by the connection's bearer token.
 */

export const createScimConnectionBody = z.object({
  /** What the owner calls it ("Okta", "Entra ID"). */
  name: z.string().trim().min(1).max(100),
  /** The role a provisioned person gets when no group grants one. */
  defaultRole: z.string().trim().min(1).max(64).default("member"),
  /**
   * Groups pushed by the directory become teams (created on demand); a mapping may also grant a role to the
   * group's members (`teamId` is ignored here: the team is the group's own).
   */
  groupMappings: z.array(groupMapping).max(100).default([]),
});
export type CreateScimConnectionBody = z.input<typeof createScimConnectionBody>;

export const updateScimConnectionBody = createScimConnectionBody.partial();
export type UpdateScimConnectionBody = z.input<typeof updateScimConnectionBody>;

export const scimConnection = z.object({
  id: z.string(),
  organizationId: z.string(),
  name: z.string(),
  /** The SCIM base URL to enter in the IdP (Okta's "SCIM connector base URL", Entra's "Tenant URL"). */
  baseUrl: z.string(),
  /** The token's last four characters, to tell tokens apart; the token itself is shown once. */
  tokenHint: z.string(),
  defaultRole: z.string(),
  groupMappings: z.array(groupMapping),
  /** People and groups this connection has provisioned and not deleted. */
  userCount: z.number().int(),
  groupCount: z.number().int(),
  /** ISO 8601 of the last authenticated SCIM request; null before the first. */
  lastUsedAt: z.string().nullable(),
  createdAt: z.string(),
});
export type ScimConnection = z.infer<typeof scimConnection>;
export const scimConnectionList = z.object({ connections: z.array(scimConnection) });
export type ScimConnectionList = z.infer<typeof scimConnectionList>;

/** Create and rotate answer with the bearer token, once. */
export const scimConnectionWithToken = z.object({ connection: scimConnection, token: z.string() });
export type ScimConnectionWithToken = z.infer<typeof scimConnectionWithToken>;
