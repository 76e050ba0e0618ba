import { csvLine } from "#server/http/csv.ts";
import { type AuditEvent, auditCsvColumns } from "#shared/contracts/audit.ts";

/** Rows an export holds at most; the answer says when there were more (AUDIT_EXPORT_CAPPED_HEADER). */
export const AUDIT_EXPORT_MAX = 50_000;
/** "true" on an export that stopped at AUDIT_EXPORT_MAX rows while more matched; absent otherwise. */
export const AUDIT_EXPORT_CAPPED_HEADER = "X-Export-Capped";

const cellsOf = (e: AuditEvent): Record<(typeof auditCsvColumns)[number], string | null> => ({
  time: e.createdAt,
  action: e.action,
  outcome: e.outcome,
  errorCode: e.errorCode,
  actorId: e.actor.userId,
  actorEmail: e.actor.email,
  impersonatorId: e.actor.impersonatorId,
  apiKeyId: e.actor.apiKeyId,
  targetType: e.target?.type ?? null,
  targetId: e.target?.id ?? null,
  targetLabel: e.target?.label ?? null,
  organizationId: e.organizationId,
  ip: e.ip,
  userAgent: e.userAgent,
  details: JSON.stringify(e.details),
});

/** The header row, CRLF-terminated. */
export const csvHeader = () => csvLine(auditCsvColumns);

/** One event as a CRLF-terminated row, columns in auditCsvColumns' order. */
export function csvRow(event: AuditEvent): string {
  const cells = cellsOf(event);
  return csvLine(auditCsvColumns.map((column) => cells[column]));
}
