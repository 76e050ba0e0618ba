import { useQuery } from "@tanstack/react-query";
import type { ApiKeyPermissions, CreateApiKeyBody } from "#shared/api-keys.ts";
import { authRequest } from "#web/lib/api/call.ts";
import { useApiMutation } from "#web/lib/api/use-api-mutation.ts";
import { organizationKey } from "./queries.ts";

/** One of an organization's API keys as the server lists it (never the key itself). */
export interface ApiKeyRow {
  id: string;
  name: string | null;
  /** The key's first characters (its prefix included), to tell keys apart. */
  start: string | null;
  permissions: ApiKeyPermissions | null;
  metadata: { createdBy?: string } | null;
  createdAt: string;
  expiresAt: string | null;
  /** When the key was last used; null when never. */
  lastRequest: string | null;
}

/** A key just created: the only answer that carries the key itself. */
export interface CreatedApiKey extends ApiKeyRow {
  key: string;
}

export function apiKeysKey(organizationId: string) {
  return [...organizationKey(organizationId), "api-keys"] as const;
}

/** The organization's API keys, newest first (owners and admins only; the server refuses others). */
export function useApiKeys(organizationId: string, enabled = true) {
  return useQuery({
    queryKey: apiKeysKey(organizationId),
    enabled,
    queryFn: async () => {
      const answer = await authRequest<{ apiKeys: ApiKeyRow[]; total: number }>("/api-key/list", {
        query: { organizationId, sortBy: "createdAt", sortDirection: "desc" },
      });
      return { items: answer.apiKeys, total: answer.total };
    },
  });
}

/** Creates one of the organization's keys; `onCreated` receives the key, shown once. */
export function useCreateApiKey(organizationId: string, onCreated: (created: CreatedApiKey) => void) {
  return useApiMutation({
    mutationFn: (body: Omit<CreateApiKeyBody, "organizationId">) =>
      authRequest<CreatedApiKey>("/api-key/create", { method: "POST", body: { ...body, organizationId } }),
    invalidate: apiKeysKey(organizationId),
    onDone: (_variables, created) => onCreated(created),
  });
}

/** Revokes (deletes) a key: whatever uses it is refused from then on. */
export function revokeApiKey(key: ApiKeyRow) {
  return authRequest<{ success: boolean }>("/api-key/delete", { method: "POST", body: { keyId: key.id } });
}
