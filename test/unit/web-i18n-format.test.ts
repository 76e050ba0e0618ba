import { afterEach, describe, expect, it } from "vitest";
import { LOCALES } from "#shared/i18n/locales.ts";
import de from "#web/i18n/catalogues/de/locale.json";
import ja from "#web/i18n/catalogues/ja/locale.json";
import { activateLocale, currentLocale, preferredLocale } from "#web/i18n/i18n.ts";
import {
  formatDate,
  formatDateTime,
  formatList,
  formatNumber,
  formatRelative,
  localInstants,
} from "#web/lib/format.ts";

// Midday UTC: the same calendar day in every time zone the tests may run in.
const MARCH_4 = new Date("2026-03-04T12:00:00Z");
const NOW = MARCH_4.getTime();

describe("dates and numbers in the chosen language", () => {
  // The unit project shares modules between files: every test leaves the app in English.
  afterEach(() => activateLocale("en"));

  it("writes dates, numbers and lists as English does by default", () => {
    expect(currentLocale()).toBe("en");
    expect(formatDate(MARCH_4)).toBe("Mar 4, 2026");
    expect(formatNumber(1234.5)).toBe("1,234.5");
    expect(formatList(["Ann", "Bob", "Cy"])).toBe("Ann, Bob, and Cy");
    expect(formatRelative(new Date(NOW - 20_000), NOW)).toBe("just now");
    expect(formatRelative(new Date(NOW - 3 * 24 * 3600 * 1000), NOW)).toBe("3 days ago");
  });

  it("follows a switch to German at the next call: day first, German marks and words", async () => {
    await activateLocale("de");
    expect(formatDate(MARCH_4)).toBe("04.03.2026");
    expect(formatDateTime(MARCH_4)).toMatch(/^04\.03\.2026, \d{2}:\d{2}$/);
    expect(formatNumber(1234.5)).toBe("1.234,5");
    expect(formatList(["Ann", "Bob", "Cy"])).toBe("Ann, Bob und Cy");
    expect(formatRelative(new Date(NOW + 5 * 60_000), NOW)).toBe("in 5 Minuten");
    expect(formatRelative(MARCH_4, NOW)).toBe(de.justNow);
    // A server message's instants are rewritten in German too (the ban notice).
    expect(localInstants("Ends 2026-03-04T12:00:00.000Z.")).toBe(`Ends ${formatDateTime(MARCH_4)}.`);
  });

  it("writes Japanese relative times, dates and lists", async () => {
    await activateLocale("ja");
    expect(formatRelative(new Date(NOW - 3 * 24 * 3600 * 1000), NOW)).toBe("3 日前");
    expect(formatRelative(new Date(NOW - 2 * 3600 * 1000), NOW)).toBe("2 時間前");
    expect(formatRelative(new Date(NOW - 1000), NOW)).toBe(ja.justNow);
    expect(formatDate(MARCH_4)).toBe("2026/03/04");
    expect(formatList(["Ann", "Bob", "Cy"])).toBe("Ann、Bob、Cy");
  });

  it("keeps each language's own number and list words, and returns to English after", async () => {
    await activateLocale("fr");
    expect(formatNumber(1234.5)).toBe("1\u202f234,5");
    expect(formatList(["Ann", "Bob"])).toBe("Ann et Bob");
    await activateLocale("pt-BR");
    expect(formatList(["Ann", "Bob", "Cy"])).toBe("Ann, Bob e Cy");
    await activateLocale("en");
    expect(formatNumber(1234.5)).toBe("1,234.5");
    expect(formatDate(undefined)).toBe("—");
  });
});

describe("the language a page starts in", () => {
  const all = LOCALES;

  it("takes the person's saved choice over the browser's languages", () => {
    expect(preferredLocale({ saved: "ja", browser: ["de-DE", "de"], offered: all, fallback: "en" })).toBe(
      "ja",
    );
  });

  it("else the first of the browser's languages that is offered, by exact tag or by language", () => {
    expect(preferredLocale({ saved: null, browser: ["de-AT", "en"], offered: all, fallback: "en" })).toBe(
      "de",
    );
    expect(preferredLocale({ saved: null, browser: ["it", "pt"], offered: all, fallback: "en" })).toBe(
      "pt-BR",
    );
    expect(preferredLocale({ saved: null, browser: ["fr-CA"], offered: ["en", "de"], fallback: "en" })).toBe(
      "en",
    );
  });

  it("else the server's default language, not English, when the browser asks for none offered", () => {
    expect(preferredLocale({ saved: null, browser: ["it-IT", "nl"], offered: all, fallback: "de" })).toBe(
      "de",
    );
  });

  it("ignores a saved choice the server no longer offers, or one that is no language at all", () => {
    expect(preferredLocale({ saved: "ja", browser: ["it"], offered: ["en", "fr"], fallback: "fr" })).toBe(
      "fr",
    );
    expect(preferredLocale({ saved: "ja", browser: ["en-GB"], offered: ["en", "fr"], fallback: "fr" })).toBe(
      "en",
    );
    expect(preferredLocale({ saved: "klingon", browser: ["es-MX"], offered: all, fallback: "en" })).toBe(
      "es",
    );
  });
});
