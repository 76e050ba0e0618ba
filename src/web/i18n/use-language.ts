import { useEffect } from "react";
import { isLocale, type Locale } from "#shared/i18n/locales.ts";
import { isNetworkError, networkError } from "#web/lib/api/api-error.ts";
import { authCall } from "#web/lib/api/call.ts";
import { notifyFailure } from "#web/lib/api/notify.ts";
import { useApiMutation } from "#web/lib/api/use-api-mutation.ts";
import { useAppConfig } from "#web/lib/app-config.ts";
import { authClient } from "#web/lib/auth-client.ts";
import { activateLocale, currentLocale, preferredLocale, savedLocale, saveLocale, t } from "./i18n.ts";

/**
 * The account's language as last seen, with whose account it is ("id:locale"). The account's language is
 * applied when it first shows up in this page and whenever it changes, not on every render: a choice just
 * made in the picker is not undone by a session that has not caught up with it yet.
 */
let accountLocaleSeen: string | null = null;

/**
 * Keeps the page in the language it should be in (issue 21): once the server's config is known, a language
 * it does not offer gives way, and a browser that asked for none of the offered ones gets DEFAULT_LOCALE;
 * signed in, the account's language wins over this browser's and is remembered here too, so the choice
 * follows the person to every browser they sign in on.
 */
export function useFollowLanguage(): void {
  const config = useAppConfig();
  const { data: session } = authClient.useSession();
  const userId = session?.user.id;
  const accountLocale = session?.user.locale;
  const { isLoaded, locales, defaultLocale } = config;
  const offered = locales.join(",");

  // biome-ignore lint/correctness/useExhaustiveDependencies: `offered` stands for `locales` (a new array each render).
  useEffect(() => {
    if (!isLoaded) return;
    if (userId) {
      const seen = `${userId}:${accountLocale ?? ""}`;
      if (seen !== accountLocaleSeen) {
        accountLocaleSeen = seen;
        if (isLocale(accountLocale)) saveLocale(accountLocale);
      }
    }
    const wanted = preferredLocale({
      saved: savedLocale(),
      browser: navigator.languages,
      offered: locales,
      fallback: defaultLocale,
    });
    if (wanted !== currentLocale()) {
      activateLocale(wanted).catch(() => {
        // Its words could not load (offline): the page stays in the language it is in.
      });
    }
  }, [isLoaded, offered, defaultLocale, userId, accountLocale]);
}

/**
 * What the language picker and the account's Language row do with a choice: the page switches to it, this
 * browser remembers it, and, signed in, the account keeps it (POST /api/auth/update-user { locale }).
 */
export function useChooseLanguage(): (locale: Locale) => void {
  const { data: session } = authClient.useSession();
  const saveOnAccount = useApiMutation({
    mutationFn: (locale: Locale) => authCall((o) => authClient.updateUser({ locale }, o)),
    failureTitle: t("locale.saveFailed"),
    // Offline the switch itself fails first and says so.
    silent: isNetworkError,
  });

  return (locale: Locale) => {
    if (locale === currentLocale()) return;
    // Remembered before the switch: the re-rendered page asks useFollowLanguage, which reads it.
    saveLocale(locale);
    if (session) saveOnAccount.mutate(locale);
    activateLocale(locale).catch((cause) => {
      saveLocale(currentLocale());
      notifyFailure(t("locale.switchFailed"), networkError(cause));
    });
  };
}
