import { Divider, Select } from "@mantine/core";
import { isLocale, LOCALE_NAMES } from "#shared/i18n/locales.ts";
import { useAppConfig } from "#web/lib/app-config.ts";
import { currentLocale, t } from "./i18n.ts";
import { useChooseLanguage } from "./use-language.ts";

/**
 * The account page's Language row (issue 21): the same choice as the header's picker, saved on the account
 * at once (no Save button), so every browser the person signs in on follows it.
 */
export function LanguagePreference() {
  const { locales } = useAppConfig();
  const choose = useChooseLanguage();
  if (locales.length < 2) return null;
  return (
    <>
      <Divider />
      <Select
        label={t("locale.language")}
        description={t("locale.preference.description")}
        data={locales.map((locale) => ({ value: locale, label: LOCALE_NAMES[locale] }))}
        renderOption={({ option }) => <span lang={option.value}>{option.label}</span>}
        value={currentLocale()}
        onChange={(value) => {
          if (isLocale(value)) choose(value);
        }}
        allowDeselect={false}
        maw={420}
        data-testid="language-preference"
      />
    </>
  );
}
