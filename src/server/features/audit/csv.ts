import { type AuditEvent, auditCsvColumns } from "#shared/contracts/audit.ts";

/** Rows an export holds at most; the answer says when there were more (AUDIT_EXPORT_CAPPED_HEADER). */
export const AUDIT_EXPORT_MAX = 50_000;
/** "true" on an export that stopped at AUDIT_EXPORT_MAX rows while more matched; absent otherwise. */
export const AUDIT_EXPORT_CAPPED_HEADER = "X-Export-Capped";

/** Characters that make a spreadsheet read a cell as a formula (and tab / CR, which some strip first). */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * One CSV cell (RFC 4180): quoted when it holds a comma, quote or line break, quotes doubled; a cell that a
 * spreadsheet would run as a formula gets a leading apostrophe (OWASP "CSV injection").
 */
export function csvCell(value: string | null | undefined): string {
  let text = value ?? "";
  if (FORMULA_START.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

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
export const csvHeader = () => `${auditCsvColumns.join(",")}\r\n`;

/** One event as a CRLF-terminated row, columns in auditCsvColumns' order. */
export function csvRow(event: AuditEvent): string {
  const cells = cellsOf(event);
  return `${auditCsvColumns.map((column) => csvCell(cells[column])).join(",")}\r\n`;
}
