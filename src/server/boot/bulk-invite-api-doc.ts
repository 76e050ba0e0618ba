import { z } from "zod";
import type { ProductRouteDoc } from "#server/features/reference/document.ts";
import {
  BULK_INVITE_MAX_ROWS,
  bulkInviteParams,
  bulkInvitePreview,
  bulkInviteSummary,
} from "#shared/contracts/bulk-invitations.ts";

const csvBody = z.string().meta({
  description: `The CSV itself (Content-Type: text/csv): columns email, roles, team, header optional; at most 1 MB and ${BULK_INVITE_MAX_ROWS} rows`,
});

/** /api/organizations/:id (features/organizations/bulk-invites-routes.ts) for the API reference. */
export function bulkInviteRouteDocs(errorAnswer: z.ZodType): ProductRouteDoc[] {
  const refusals = {
    401: { description: "Not signed in", schema: errorAnswer },
    403: {
      description:
        "Not a member (or no such organization), not allowed to invite, the organization's two-factor policy, an API key, or a foreign Origin",
      schema: errorAnswer,
    },
  };
  const fileRefusals = {
    400: {
      description: "Not CSV (INVALID_CSV), no row (EMPTY_CSV) or too many rows (TOO_MANY_ROWS)",
      schema: errorAnswer,
    },
    413: { description: "Larger than 1 MB", schema: errorAnswer },
  };
  return [
    {
      method: "post",
      path: "/api/organizations/{id}/bulk-invitations/preview",
      summary:
        "Reads a CSV of people to invite and answers each row with its problems (invalid email, duplicate row, already a member or invited, unknown role or team, a role above the caller's, over the membership limit). Sends nothing.",
      access: "user",
      params: bulkInviteParams,
      body: csvBody,
      bodyContentType: "text/csv",
      responses: {
        200: { description: "Each row and its problems", schema: bulkInvitePreview },
        ...fileRefusals,
        ...refusals,
      },
    },
    {
      method: "post",
      path: "/api/organizations/{id}/bulk-invitations/send",
      summary:
        "Checks the CSV again and sends an invitation for each row without problems, one at a time through POST /api/auth/organization/invite-member's rules (mail limits included): a refused row is skipped, the others sent. Answers which were sent and why others were skipped.",
      access: "user",
      params: bulkInviteParams,
      body: csvBody,
      bodyContentType: "text/csv",
      responses: {
        200: { description: "The summary: sent and skipped rows", schema: bulkInviteSummary },
        ...fileRefusals,
        ...refusals,
      },
    },
    {
      method: "get",
      path: "/api/organizations/{id}/members.csv",
      summary:
        "The organization's members as CSV (name, email, roles, teams, joined); any member may export. Formula-looking cells are neutralised.",
      access: "user",
      params: bulkInviteParams,
      responses: { 200: { description: "The CSV", contentType: "text/csv" }, ...refusals },
    },
    {
      method: "get",
      path: "/api/organizations/{id}/invitations.csv",
      summary:
        "The organization's invitations as CSV (email, roles, team, status, expires, invitedBy), for those who may invite; owner invitations for owners only.",
      access: "user",
      params: bulkInviteParams,
      responses: { 200: { description: "The CSV", contentType: "text/csv" }, ...refusals },
    },
  ];
}
