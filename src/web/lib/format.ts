import type { Locale } from "#shared/i18n/locales.ts";
import { currentLocale, t } from "#web/i18n/i18n.ts";

/**
 * Every date, time and number the web app shows is written here, in the current language (issue 21): each
 * formatter asks for the language when it runs, so a switch of language shows at the next render. Intl
 * objects are costly to make: one per language and kind, made on first use.
 */
function perLocale<T>(make: (locale: Locale) => T): () => T {
  const made = new Map<Locale, T>();
  return () => {
    const locale = currentLocale();
    let formatter = made.get(locale);
    if (!formatter) {
      formatter = make(locale);
      made.set(locale, formatter);
    }
    return formatter;
  };
}

const dateFormat = perLocale((locale) => new Intl.DateTimeFormat(locale, { dateStyle: "medium" }));
const dateTimeFormat = perLocale(
  (locale) => new Intl.DateTimeFormat(locale, { dateStyle: "medium", timeStyle: "short" }),
);
const dateTimeSecondsFormat = perLocale(
  (locale) => new Intl.DateTimeFormat(locale, { dateStyle: "medium", timeStyle: "medium" }),
);
const relativeFormat = perLocale((locale) => new Intl.RelativeTimeFormat(locale, { numeric: "auto" }));
const numberFormat = perLocale((locale) => new Intl.NumberFormat(locale));
const listFormat = perLocale((locale) => new Intl.ListFormat(locale, { style: "long", type: "conjunction" }));

type DateLike = Date | string | null | undefined;

/** A Date from an API value, or null when there is none or it does not parse. */
export function toDate(value: DateLike): Date | null {
  if (!value) return null;
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** "4 Mar 2026", "04.03.2026", "2026/03/04"… */
export function formatDate(value: DateLike): string {
  const date = toDate(value);
  return date ? dateFormat().format(date) : "—";
}

/** A date and its time of day, to the minute; with `seconds`, to the second (a mail's time in the outbox). */
export function formatDateTime(value: DateLike, { seconds = false } = {}): string {
  const date = toDate(value);
  if (!date) return "—";
  return (seconds ? dateTimeSecondsFormat() : dateTimeFormat()).format(date);
}

const STEPS: [Intl.RelativeTimeFormatUnit, number][] = [
  ["year", 365 * 24 * 3600],
  ["month", 30 * 24 * 3600],
  ["week", 7 * 24 * 3600],
  ["day", 24 * 3600],
  ["hour", 3600],
  ["minute", 60],
];

/** "just now", "5 minutes ago", "in 3 days", "vor 5 Minuten", "3 日後"… */
export function formatRelative(value: DateLike, now = Date.now()): string {
  const date = toDate(value);
  if (!date) return "—";
  const seconds = Math.round((date.getTime() - now) / 1000);
  for (const [unit, size] of STEPS) {
    if (Math.abs(seconds) >= size) return relativeFormat().format(Math.round(seconds / size), unit);
  }
  return t("locale.justNow");
}

export function isPast(value: DateLike, now = Date.now()): boolean {
  const date = toDate(value);
  return date ? date.getTime() <= now : false;
}

/** A number with the language's grouping and decimal marks ("1,234.5", "1.234,5", "1 234,5"). */
export function formatNumber(value: number): string {
  return numberFormat().format(value);
}

/** Items joined as the language joins a list: "Ann, Bob and Cy", "Ann, Bob und Cy", "Ann、Bob、Cy". */
export function formatList(items: readonly string[]): string {
  return listFormat().format(items);
}

/**
 * English words for a count. Being replaced by ICU plural messages ("{count, plural, one {# member} other
 * {# members}}"): write new text that way, never with this.
 */
export function plural(count: number, one: string, many = `${one}s`): string {
  return `${formatNumber(count)} ${count === 1 ? one : many}`;
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
