import { useQuery } from "@tanstack/react-query";
import type {
  CreateScimConnectionBody,
  ScimConnection,
  ScimConnectionList,
  ScimConnectionWithToken,
} from "#shared/contracts/scim.ts";
import { auditKey } from "#web/lib/api/audit.ts";
import { useApiMutation } from "#web/lib/api/use-api-mutation.ts";
import { organizationRequest } from "./organization-request.ts";
import { organizationKey } from "./queries.ts";

/** Directory sync (SCIM) of one organization (issue 19): /api/organizations/:id/scim/connections… */
export const scimKey = (organizationId: string) => [...organizationKey(organizationId), "scim"] as const;

const connectionPath = (id: string) => `/scim/connections/${encodeURIComponent(id)}`;

/** The connections with their counts; refreshed every 30 s while shown, so a first sync shows up. */
export function useScimConnections(organizationId: string, enabled = true) {
  return useQuery({
    queryKey: [...scimKey(organizationId), "connections"],
    enabled,
    queryFn: async () =>
      ((await organizationRequest(organizationId, "/scim/connections")) as ScimConnectionList).connections,
    refetchInterval: 30_000,
  });
}

/** Creates a connection; `onToken` receives it with its bearer token, shown once. */
export function useCreateScimConnection(
  organizationId: string,
  onToken: (answer: ScimConnectionWithToken) => void,
) {
  return useApiMutation({
    mutationFn: async (body: CreateScimConnectionBody) =>
      (await organizationRequest(organizationId, "/scim/connections", {
        method: "POST",
        body,
      })) as ScimConnectionWithToken,
    invalidate: [scimKey(organizationId), auditKey],
    onDone: (_body, answer) => onToken(answer),
  });
}

/** A new token at once; the old one stops working. */
export function useRotateScimToken(
  organizationId: string,
  onToken: (answer: ScimConnectionWithToken) => void,
) {
  return useApiMutation({
    mutationFn: async (connection: ScimConnection) =>
      (await organizationRequest(organizationId, `${connectionPath(connection.id)}/rotate`, {
        method: "POST",
      })) as ScimConnectionWithToken,
    invalidate: [scimKey(organizationId), auditKey],
    onDone: (_connection, answer) => onToken(answer),
  });
}

export function removeScimConnection(organizationId: string, connection: ScimConnection) {
  return organizationRequest(organizationId, connectionPath(connection.id), { method: "DELETE" });
}
