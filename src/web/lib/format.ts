const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: "medium" });
const dateTimeFormat = new Intl.DateTimeFormat(undefined, { dateStyle: "medium", timeStyle: "short" });
const relativeFormat = new Intl.RelativeTimeFormat(undefined, { numeric: "auto" });

type DateLike = Date | string | null | undefined;

/** A Date from an API value, or null when there is none or it does not parse. */
export function toDate(value: DateLike): Date | null {
  if (!value) return null;
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

export function formatDate(value: DateLike): string {
  const date = toDate(value);
  return date ? dateFormat.format(date) : "—";
}

export function formatDateTime(value: DateLike): string {
  const date = toDate(value);
  return date ? dateTimeFormat.format(date) : "—";
}

const STEPS: [Intl.RelativeTimeFormatUnit, number][] = [
  ["year", 365 * 24 * 3600],
  ["month", 30 * 24 * 3600],
  ["week", 7 * 24 * 3600],
  ["day", 24 * 3600],
  ["hour", 3600],
  ["minute", 60],
];

/** "just now", "5 minutes ago", "in 3 days"… */
export function formatRelative(value: DateLike, now = Date.now()): string {
  const date = toDate(value);
  if (!date) return "—";
  const seconds = Math.round((date.getTime() - now) / 1000);
  if (Math.abs(seconds) < 60) return "just now";
  for (const [unit, size] of STEPS) {
    if (Math.abs(seconds) >= size) return relativeFormat.format(Math.round(seconds / size), unit);
  }
  return "just now";
}

export function isPast(value: DateLike, now = Date.now()): boolean {
  const date = toDate(value);
  return date ? date.getTime() <= now : false;
}

export function plural(count: number, one: string, many = `${one}s`): string {
  return `${count.toLocaleString()} ${count === 1 ? one : many}`;
}

/** An instant as the server writes it in its messages: ISO 8601 in UTC. */
const INSTANT = /\b\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?Z\b/g;

/**
 * A server message with its instants in the reader's time zone and words ("The suspension ends
 * 2026-12-01T09:00:00.000Z." → "The suspension ends 1 Dec 2026, 10:00."): the server cannot know either.
 */
export function localInstants(message: string): string {
  return message.replace(INSTANT, (instant) => formatDateTime(instant));
}
