import { z } from "zod";
import { AUDIT_ACTION_NAMES, AUDIT_TARGET_TYPES } from "#shared/audit.ts";

/**
 * GET /api/audit (organization owners and admins with `organizationId`; Gatehouse admins with or without it)
 * and GET /api/account/activity (the caller's own security activity: events they did or that were done to
 * their account). Newest first; `cursor` is the previous page's `nextCursor`. `Accept: text/csv` answers the
 * same filtered events as CSV (every page, up to the export limit), columns as in `auditCsvColumns`.
 */
export const auditQuery = z.object({
  organizationId: z.string().min(1).optional(),
  actorId: z.string().min(1).optional(),
  /** One action (`member.role_changed`) or a family (`member.`). */
  action: z.string().min(1).max(64).optional(),
  /** ISO 8601, inclusive. */
  from: z.iso.datetime({ offset: true }).optional(),
  /** ISO 8601, exclusive. */
  to: z.iso.datetime({ offset: true }).optional(),
  /** Admins: part of an actor's or target's name, email or id. */
  q: z.string().max(200).optional(),
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});
export type AuditQuery = z.infer<typeof auditQuery>;

export const auditActor = z.object({
  /** null: the system (retention, a provisioning connection without a user). */
  userId: z.string().nullable(),
  name: z.string().nullable(),
  email: z.string().nullable(),
  /** The admin acting as `userId` (impersonation). */
  impersonatorId: z.string().nullable(),
  /** The organization API key that made the call. */
  apiKeyId: z.string().nullable(),
  /** The provisioning (SCIM/SSO) connection that made the change. */
  connectionId: z.string().nullable(),
});

export const auditEvent = z.object({
  id: z.string(),
  /** ISO 8601. */
  createdAt: z.string(),
  action: z.enum(AUDIT_ACTION_NAMES as [string, ...string[]]),
  outcome: z.enum(["success", "refused"]),
  /** The error code of a refused action. */
  errorCode: z.string().nullable(),
  actor: auditActor,
  target: z
    .object({
      type: z.enum(AUDIT_TARGET_TYPES),
      id: z.string(),
      /** What a person reads: an email, a name, a team's name; as it was at the time. */
      label: z.string().nullable(),
    })
    .nullable(),
  organizationId: z.string().nullable(),
  ip: z.string().nullable(),
  userAgent: z.string().nullable(),
  /** Small facts about the change (old and new role, sign-in method); never secrets. */
  details: z.record(z.string(), z.unknown()),
});
export type AuditEvent = z.infer<typeof auditEvent>;

export const auditPage = z.object({
  events: z.array(auditEvent),
  /** null on the last page. */
  nextCursor: z.string().nullable(),
});
export type AuditPage = z.infer<typeof auditPage>;

/** The CSV export's header row, in order. */
export const auditCsvColumns = [
  "time",
  "action",
  "outcome",
  "errorCode",
  "actorId",
  "actorEmail",
  "impersonatorId",
  "apiKeyId",
  "targetType",
  "targetId",
  "targetLabel",
  "organizationId",
  "ip",
  "userAgent",
  "details",
] as const;
