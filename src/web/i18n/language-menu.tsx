import { Menu } from "@mantine/core";
import { IconCheck } from "@tabler/icons-react";
import { useEffect, useRef } from "react";
import { LOCALE_NAMES, type Locale } from "#shared/i18n/locales.ts";
import { HintTooltip } from "#web/components/hint-tooltip.tsx";
import { currentLocale, t } from "./i18n.ts";
import { LanguageButton } from "./language-picker.tsx";

/** A language was just picked: the page re-renders in it from scratch, and the focus comes back here. */
let refocus = false;

/**
 * The languages' menu behind the header's button: arrow keys move, Enter picks, Escape closes (Mantine's
 * Menu). `opened` and `focused` carry over what the person did to the stand-in button while this code loaded.
 */
export function LanguageMenu({
  locales,
  onChoose,
  opened,
  focused,
}: {
  locales: readonly Locale[];
  onChoose: (locale: Locale) => void;
  opened: boolean;
  focused: boolean;
}) {
  const current = currentLocale();
  const button = useRef<HTMLButtonElement>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: once, when the menu replaces its stand-in or the page its language
  useEffect(() => {
    if (focused || refocus) button.current?.focus();
    refocus = false;
  }, []);

  return (
    <Menu
      position="bottom-end"
      shadow="md"
      defaultOpened={opened}
      // Kept inside the header landmark, and without Mantine's focus placeholder (as the account menu).
      withinPortal={false}
      withInitialFocusPlaceholder={false}
    >
      <HintTooltip label={t("locale.language")}>
        <Menu.Target>
          <LanguageButton ref={button} />
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
            onClick={() => {
              refocus = locale !== current;
              onChoose(locale);
            }}
          >
            {LOCALE_NAMES[locale]}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
