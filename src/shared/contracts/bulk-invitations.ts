import { z } from "zod";

/**
 * Bulk invitations (issue 18): POST /api/organizations/:id/bulk-invitations/preview and …/send take the CSV
 * itself as the request body (`Content-Type: text/csv`): columns email, roles, team, with an optional header
 * row naming them (in any order); without one, the columns are in that order, so a plain list of addresses,
 * one a line, is a CSV too. `roles`: one or more role names separated by `;` (or `|`, or commas in a quoted
 * cell), `member` when empty; `team`: a team's name or id, optional.
 */
export const BULK_INVITE_MAX_BYTES = 1024 * 1024;
export const BULK_INVITE_MAX_ROWS = 1000;

export const bulkInviteParams = z.object({
  id: z.string().min(1).max(200).meta({ description: "The organization's id" }),
});

/** Why a row is not (or was not) sent. */
export const BULK_ROW_PROBLEMS = [
  "INVALID_EMAIL",
  "DUPLICATE_ROW",
  "ALREADY_MEMBER",
  "ALREADY_INVITED",
  "UNKNOWN_ROLE",
  "ROLE_NOT_ALLOWED",
  "UNKNOWN_TEAM",
  "OVER_MEMBERSHIP_LIMIT",
  /** At sending only: the invitation mail limits (per recipient, per organization) were reached. */
  "RATE_LIMITED",
  /** At sending only: the invitation path refused it for another reason; the message says which. */
  "REFUSED",
] as const;
export type BulkRowProblem = (typeof BULK_ROW_PROBLEMS)[number];

export const bulkRowProblem = z.object({
  code: z.enum(BULK_ROW_PROBLEMS),
  message: z.string(),
});

export const bulkInviteRow = z.object({
  /** The CSV line the row starts on (1-based, the header counted). */
  line: z.number(),
  /** As written in the file (trimmed), lower-cased when it is an address. */
  email: z.string(),
  roles: z.array(z.string()),
  /** The team's name as the organization has it, when the row names a known team. */
  team: z.string().nullable(),
  /** Empty when the row can be sent. */
  problems: z.array(bulkRowProblem),
});
export type BulkInviteRow = z.infer<typeof bulkInviteRow>;

export const bulkInvitePreview = z.object({
  rows: z.array(bulkInviteRow),
  /** Rows without problems: what sending would invite. */
  ready: z.number(),
  /** Places left under the membership limit (members and pending invitations count), before these rows. */
  placesLeft: z.number(),
});
export type BulkInvitePreview = z.infer<typeof bulkInvitePreview>;

export const bulkInviteResult = z.object({
  line: z.number(),
  email: z.string(),
  status: z.enum(["sent", "skipped"]),
  /** The sent invitation's id. */
  invitationId: z.string().nullable(),
  problems: z.array(bulkRowProblem),
});
export type BulkInviteResult = z.infer<typeof bulkInviteResult>;

/** Each row sent is its own committed invitation; the summary says which were. */
export const bulkInviteSummary = z.object({
  sent: z.number(),
  skipped: z.number(),
  rows: z.array(bulkInviteResult),
});
export type BulkInviteSummary = z.infer<typeof bulkInviteSummary>;

/** GET /api/organizations/:id/members.csv: the header row. */
export const memberCsvColumns = ["name", "email", "roles", "teams", "joined"] as const;
/** GET /api/organizations/:id/invitations.csv: the header row. */
export const invitationCsvColumns = ["email", "roles", "team", "status", "expires", "invitedBy"] as const;
