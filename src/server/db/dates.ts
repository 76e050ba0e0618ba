import type { DateValue } from "#server/db/tables.ts";

const CANONICAL_ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

/**
 * A stored date as JSON writes a Date (`toISOString()`). SQLite rows already hold that exact text, which is
 * kept as is: parsing and re-printing it costs ~1 µs a value, most of a 200-organization list's JSON.
 */
export function isoDate(value: Date | string | number): string {
  return typeof value === "string" && CANONICAL_ISO.test(value) ? value : new Date(value).toISOString();
}

/** A stored date as a Date (answered as JSON: ISO 8601), whichever way the database handed it back. */
export function toDate(value: DateValue): Date;
export function toDate(value: DateValue | null): Date | null;
export function toDate(value: DateValue | null): Date | null {
  if (value === null) return null;
  return value instanceof Date ? value : new Date(value);
}

/** True once a stored date has passed (an expiry reached at this very millisecond counts as passed). */
export function isPast(value: DateValue): boolean {
  return toDate(value).getTime() <= Date.now();
}
