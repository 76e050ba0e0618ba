import { z } from "zod";
import type { AuditQuery } from "#shared/contracts/audit.ts";

/**
 * The audit lists' filters, kept in the URL (organization Activity, admin Audit log, account Security
 * activity): reloads, shared links and the back button keep them. Days are the visitor's own calendar days;
 * anything malformed is dropped.
 */
export interface AuditSearch {
  /** Whose actions: a user id. */
  actor?: string;
  /** One action (`member.role_changed`) or a family (`member.`). */
  action?: string;
  /** First day shown, YYYY-MM-DD. */
  from?: string;
  /** Last day shown, YYYY-MM-DD (included). */
  to?: string;
  /** Admins: part of a name, email or id. */
  q?: string;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

const text = (max: number) =>
  z
    .unknown()
    .transform((value) =>
      typeof value === "string" && value.trim() ? value.trim().slice(0, max) : undefined,
    )
    .optional();

const day = z
  .unknown()
  // A real day of the calendar: 2026-13-01 or 2026-02-30 would roll over into another one.
  .transform((value) =>
    typeof value === "string" && DAY.test(value) && dayOf(dayStart(value)) === value ? value : undefined,
  )
  .optional();

const auditSearchSchema = z.object({
  actor: text(200),
  action: z
    .unknown()
    .transform((value) => (typeof value === "string" && /^[a-z_]+\.[a-z_]*$/.test(value) ? value : undefined))
    .optional(),
  from: day,
  to: day,
  q: text(200),
});

/** A route's `validateSearch` for an audit list. */
export function parseAuditSearch(search: Record<string, unknown>): AuditSearch {
  const parsed = auditSearchSchema.parse(search);
  return Object.fromEntries(Object.entries(parsed).filter(([, value]) => value !== undefined));
}

/** Midnight at the start of a YYYY-MM-DD day, in the visitor's time zone. */
function dayStart(value: string): Date {
  const [year, month, date] = value.split("-").map(Number);
  return new Date(year ?? 0, (month ?? 1) - 1, date ?? 1);
}

/** A Date as the YYYY-MM-DD of the visitor's calendar. */
export function dayOf(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** The API's query for these filters: `from` inclusive at the first day's start, `to` exclusive after the last. */
export function toAuditQuery(search: AuditSearch): Omit<AuditQuery, "limit" | "cursor"> {
  const to = search.to ? dayStart(search.to) : undefined;
  to?.setDate(to.getDate() + 1);
  return {
    actorId: search.actor,
    action: search.action,
    from: search.from ? dayStart(search.from).toISOString() : undefined,
    to: to?.toISOString(),
    q: search.q,
  };
}

/** True when any filter is on. */
export function isFiltered(search: AuditSearch): boolean {
  return Object.values(search).some(Boolean);
}
