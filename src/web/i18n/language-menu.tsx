import { Menu } from "@mantine/core";
import { IconCheck } from "@tabler/icons-react";
import { LOCALE_NAMES, type Locale } from "#shared/i18n/locales.ts";
import { HintTooltip } from "#web/components/hint-tooltip.tsx";
import { currentLocale, t } from "./i18n.ts";
import { LanguageButton } from "./language-picker.tsx";

/** The languages' menu behind the header's button: arrow keys move, Enter picks, Escape closes (Mantine's Menu). */
export function LanguageMenu({
  locales,
  onChoose,
}: {
  locales: readonly Locale[];
  onChoose: (locale: Locale) => void;
}) {
  const current = currentLocale();
  return (
    <Menu
      position="bottom-end"
      shadow="md"
      // Kept inside the header landmark, and without Mantine's focus placeholder (as the account menu).
      withinPortal={false}
      withInitialFocusPlaceholder={false}
    >
      <HintTooltip label={t("locale.language")}>
        <Menu.Target>
          <LanguageButton />
        </Menu.Target>
      </HintTooltip>
      <Menu.Dropdown>
        {locales.map((locale) => (
          <Menu.Item
            key={locale}
            // Each name in its own language, for screen readers too.
            lang={locale}
            aria-current={locale === current ? "true" : undefined}
            rightSection={locale === current ? <IconCheck size={16} aria-hidden /> : null}
            onClick={() => onChoose(locale)}
          >
            {LOCALE_NAMES[locale]}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
