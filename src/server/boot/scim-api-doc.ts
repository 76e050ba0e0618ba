import { z } from "zod";
import { type ProductRouteDoc, refusal } from "#server/features/reference/document.ts";
import {
  createScimConnectionBody,
  scimConnection,
  scimConnectionList,
  scimConnectionWithToken,
  updateScimConnectionBody,
} from "#shared/contracts/scim.ts";

const organization = z.object({ organizationId: z.string().meta({ description: "The organization's id" }) });
const connection = organization.extend({
  connectionId: z.string().meta({ description: "The SCIM connection's id (scim_…)" }),
});

/** SCIM connections (features/scim/routes.ts) for the API reference. */
export function scimRouteDocs(): ProductRouteDoc[] {
  const refusals = {
    401: refusal("Not signed in"),
    403: refusal("Not an owner, an API key, or a foreign Origin"),
    404: refusal("No such organization or connection (or not yours to know of)"),
  };
  const invalid = refusal("A field is invalid (INVALID_FIELD)");
  const base = "/api/organizations/{organizationId}/scim/connections";
  return [
    {
      method: "get",
      path: base,
      summary:
        "The organization's SCIM connections (owners): base URL to give the directory, token hint, default role, group mappings, people and groups provisioned, last use.",
      access: "user",
      params: organization,
      responses: { 200: { description: "The connections", schema: scimConnectionList }, ...refusals },
    },
    {
      method: "post",
      path: base,
      summary:
        "Creates a SCIM connection (owners). Answers its bearer token once: enter it with baseUrl in Okta (SCIM connector base URL, API token) or Entra ID (Tenant URL, Secret token).",
      access: "user",
      params: organization,
      body: createScimConnectionBody,
      responses: {
        201: { description: "The connection and its token", schema: scimConnectionWithToken },
        400: invalid,
        ...refusals,
      },
    },
    {
      method: "patch",
      path: `${base}/{connectionId}`,
      summary: "Changes a connection's name, default role or group mappings (owners).",
      access: "user",
      params: connection,
      body: updateScimConnectionBody,
      responses: {
        200: { description: "The connection", schema: scimConnection },
        400: invalid,
        ...refusals,
      },
    },
    {
      method: "delete",
      path: `${base}/{connectionId}`,
      summary:
        "Removes a connection (owners): its token stops working at once; the people it provisioned stay members.",
      access: "user",
      params: connection,
      responses: { 204: { description: "Removed" }, ...refusals },
    },
    {
      method: "post",
      path: `${base}/{connectionId}/rotate`,
      summary:
        "Replaces the bearer token (owners): the new one is answered once, the old one stops working at once.",
      access: "user",
      params: connection,
      responses: {
        200: { description: "The connection and its new token", schema: scimConnectionWithToken },
        ...refusals,
      },
    },
  ];
}
