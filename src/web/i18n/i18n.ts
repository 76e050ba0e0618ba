import englishEntry from "virtual:gatehouse-catalogue/en/entry";
import catalogues from "virtual:gatehouse-catalogues";
import { type I18n, type Messages, setupI18n } from "@lingui/core";
import { isLocale, LOCALES, type Locale, negotiateLocale } from "#shared/i18n/locales.ts";
import type { CatalogueGroup } from "./groups.ts";
import type { MessageId } from "./message-id.ts";

/**
 * The web app's one translator (issue 21). English's first-page words come with the code; every other
 * catalogue loads when needed: a locale's entry words before it is shown, the signed-in screens' words with
 * the first of those screens (lazyLoad).
 */
export const i18n: I18n = setupI18n({ locale: "en", messages: { en: englishEntry } });

/**
 * English's signed-in words, as each chunk of code that says them runs (scripts/catalogue-plugin.ts prepends
 * `(globalThis.__gatehouseWords ||= []).push({...})` to it in a production build). The words of the chunks one
 * import runs are loaded together, before that import's code is handed on (a microtask earlier).
 */
let arrived: Messages | undefined;
function sourceWords(words: Messages): void {
  if (arrived) {
    Object.assign(arrived, words);
    return;
  }
  arrived = { ...words };
  queueMicrotask(() => {
    const batch = arrived ?? {};
    arrived = undefined;
    i18n.load("en", batch);
  });
}
type WordsCarrier = { __gatehouseWords?: Messages[] | { push: (words: Messages) => void } };
/** Takes the words chunks handed `carrier` before this module ran, and those they hand it from now on. */
export function receiveSourceWords(carrier: WordsCarrier): void {
  const early = carrier.__gatehouseWords;
  for (const words of Array.isArray(early) ? early : []) sourceWords(words);
  carrier.__gatehouseWords = { push: sourceWords };
}
receiveSourceWords(globalThis as WordsCarrier);

const loads = new Map<string, Promise<void>>([["en/entry", Promise.resolve()]]);
let appWordsWanted = false;

function loadGroup(locale: Locale, group: CatalogueGroup): Promise<void> {
  const key = `${locale}/${group}`;
  let load = loads.get(key);
  if (!load) {
    load = catalogues[locale][group]().then(
      (module) => i18n.load(locale, module.default),
      (cause) => {
        // Offline: a later attempt (Try again) fetches it afresh.
        loads.delete(key);
        throw cause;
      },
    );
    loads.set(key, load);
  }
  return load;
}

/** The signed-in screens' words in the current language; lazyLoad awaits it with each screen's code. */
export function loadAppMessages(): Promise<void> {
  appWordsWanted = true;
  return loadGroup(currentLocale(), "app");
}

export function currentLocale(): Locale {
  return isLocale(i18n.locale) ? i18n.locale : "en";
}

/** Switches the whole app to `locale` once its words are here (the tree re-renders in it: LocaleRoot). */
export async function activateLocale(locale: Locale): Promise<void> {
  await Promise.all([loadGroup(locale, "entry"), appWordsWanted ? loadGroup(locale, "app") : undefined]);
  if (i18n.locale !== locale) i18n.activate(locale);
  // Screen readers, hyphenation and the browser's translation offer follow <html lang> (none in unit tests).
  if (typeof document !== "undefined") document.documentElement.lang = locale;
}

/** Where the browser keeps the person's choice between visits (and before they sign in). */
export const LOCALE_STORAGE_KEY = "gatehouse-locale";

/** The language this browser was told to use (the picker, or the account's on signing in), if any. */
export function savedLocale(): string | null {
  try {
    return localStorage.getItem(LOCALE_STORAGE_KEY);
  } catch {
    // Storage refused (private mode): the browser's languages decide.
    return null;
  }
}

export function saveLocale(locale: Locale): void {
  try {
    localStorage.setItem(LOCALE_STORAGE_KEY, locale);
  } catch {
    // Storage refused: the choice lasts for this page (and on the account, once signed in).
  }
}

/**
 * The language to show, of those `offered`: the saved choice, else the first of the browser's languages
 * offered ("de-AT" → "de"), else `fallback` (the server's DEFAULT_LOCALE). A saved language no longer offered
 * counts as no choice.
 */
export function preferredLocale({
  saved,
  browser,
  offered,
  fallback,
}: {
  saved: string | null;
  browser: readonly string[];
  offered: readonly Locale[];
  fallback: Locale;
}): Locale {
  if (isLocale(saved) && offered.includes(saved)) return saved;
  return negotiateLocale(browser, offered, fallback);
}

/**
 * The language to start in, before the server's config is known: every language is offered and English is
 * the fallback (LocaleFollower corrects both when the config arrives).
 */
export function startingLocale(): Locale {
  return preferredLocale({
    saved: savedLocale(),
    browser: navigator.languages,
    offered: LOCALES,
    fallback: "en",
  });
}

/**
 * A message in the current language. Call it while rendering or in a handler, never at a module's top level
 * (the words would stay in the language of the moment the module loaded).
 */
export function t(id: MessageId, values?: Record<string, unknown>): string {
  return i18n._(id, values);
}
