/**
 * The languages Gatehouse speaks (issue 21), for the web app and for mails. `LOCALES` in the environment may
 * narrow them; `DEFAULT_LOCALE` picks the one used when nothing else tells.
 */
export const LOCALES = ["en", "de", "fr", "es", "pt-BR", "ja"] as const;
export type Locale = (typeof LOCALES)[number];

/** Each language's own name for itself, as the language picker shows it. */
export const LOCALE_NAMES: Record<Locale, string> = {
  en: "English",
  de: "Deutsch",
  fr: "Français",
  es: "Español",
  "pt-BR": "Português (Brasil)",
  ja: "日本語",
};

export function isLocale(value: unknown): value is Locale {
  return typeof value === "string" && (LOCALES as readonly string[]).includes(value);
}

/** The language tags of an Accept-Language header, most wanted first ("de-CH, fr;q=0.8, *;q=0.1"). */
export function parseAcceptLanguage(header: string | null | undefined): string[] {
  if (!header) return [];
  return header
    .split(",")
    .map((part, order) => {
      const [tag = "", ...params] = part.trim().split(";");
      const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
      const weight = q ? Number(q.slice(2)) : 1;
      return { tag: tag.trim(), weight: Number.isFinite(weight) ? weight : 0, order };
    })
    .filter((entry) => entry.tag && entry.tag !== "*" && entry.weight > 0)
    .sort((a, b) => b.weight - a.weight || a.order - b.order)
    .map((entry) => entry.tag);
}

/**
 * The best of `available` for a person's wishes (an Accept-Language header or `navigator.languages`): an exact
 * tag first ("pt-BR"), else the same language ("de-AT" → "de", "pt" → "pt-BR"), else `fallback`.
 */
export function negotiateLocale(
  wishes: readonly string[] | string | null | undefined,
  available: readonly Locale[],
  fallback: Locale,
): Locale {
  const tags = typeof wishes === "string" || wishes == null ? parseAcceptLanguage(wishes) : wishes;
  for (const tag of tags) {
    const exact = available.find((locale) => locale.toLowerCase() === tag.toLowerCase());
    if (exact) return exact;
    const language = tag.split("-")[0]?.toLowerCase();
    const sameLanguage = available.find((locale) => locale.split("-")[0]?.toLowerCase() === language);
    if (sameLanguage) return sameLanguage;
  }
  return fallback;
}
