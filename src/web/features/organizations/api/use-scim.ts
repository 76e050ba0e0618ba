import { useQuery } from "@tanstack/react-query";
import type { z } from "zod";
import type {
  createScimConnectionBody,
  ScimConnection,
  ScimConnectionList,
  ScimConnectionWithToken,
} from "#shared/contracts/scim.ts";
import { auditKey } from "#web/lib/api/audit.ts";
import { apiCall, productApi } from "#web/lib/api/call.ts";
import { useApiMutation } from "#web/lib/api/use-api-mutation.ts";
import { organizationKey } from "./queries.ts";

const api = productApi.organizations[":organizationId"].scim.connections;

/** Directory sync (SCIM) of one organization (issue 19): /api/organizations/:id/scim/connections… */
export const scimKey = (organizationId: string) => [...organizationKey(organizationId), "scim"] as const;

/** The connections with their counts; refreshed every 30 s while shown, so a first sync shows up. */
export function useScimConnections(organizationId: string, enabled = true) {
  return useQuery({
    queryKey: [...scimKey(organizationId), "connections"],
    enabled,
    queryFn: async () =>
      ((await apiCall(api.$get({ param: { organizationId } }))) as ScimConnectionList).connections,
    refetchInterval: 30_000,
  });
}

/** Creates a connection; `onToken` receives it with its bearer token, shown once. */
export function useCreateScimConnection(
  organizationId: string,
  onToken: (answer: ScimConnectionWithToken) => void,
) {
  return useApiMutation({
    mutationFn: async (body: z.output<typeof createScimConnectionBody>) =>
      (await apiCall(api.$post({ param: { organizationId }, json: body }))) as ScimConnectionWithToken,
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
      (await apiCall(
        api[":connectionId"].rotate.$post({ param: { organizationId, connectionId: connection.id } }),
      )) as ScimConnectionWithToken,
    invalidate: [scimKey(organizationId), auditKey],
    onDone: (_connection, answer) => onToken(answer),
  });
}

export function removeScimConnection(organizationId: string, connection: ScimConnection) {
  return apiCall(api[":connectionId"].$delete({ param: { organizationId, connectionId: connection.id } }));
}
