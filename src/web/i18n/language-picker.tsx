import { ActionIcon } from "@mantine/core";
import { IconLanguage } from "@tabler/icons-react";
import { type ComponentProps, forwardRef, lazy, Suspense, useState } from "react";
import { useAppConfig } from "#web/lib/app-config.ts";
import { t } from "./i18n.ts";
import { useChooseLanguage, useFollowLanguage } from "./use-language.ts";

/** The header's icon button that opens the menu of languages. */
export const LanguageButton = forwardRef<HTMLButtonElement, ComponentProps<"button">>(
  function LanguageButton(props, ref) {
    return (
      <ActionIcon
        ref={ref}
        variant="default"
        size="lg"
        radius="md"
        aria-label={t("locale.language")}
        {...props}
      >
        <IconLanguage size={18} stroke={1.6} aria-hidden />
      </ActionIcon>
    );
  },
);

// The menu (Mantine's Menu and its styles, ~30 KB) loads just after the first page, not with it; offline it
// cannot load and the button stays as it is.
const LanguageMenu = lazy(() =>
  Promise.all([import("#web/mantine-styles-lazy.ts"), import("./language-menu.tsx")]).then(
    ([, module]) => ({ default: module.LanguageMenu }),
    () => ({ default: () => <LanguageButton /> }),
  ),
);

/**
 * The header's language picker (issue 21), on every page, signed in or not: each language the server offers,
 * in its own name. It also keeps the page in the right language (useFollowLanguage). With one language
 * offered there is nothing to pick and no button.
 */
export function LanguagePicker() {
  useFollowLanguage();
  const { locales } = useAppConfig();
  const choose = useChooseLanguage();
  // Until the menu's code is here the button is a stand-in: a click on it opens the menu when it arrives, and
  // the keyboard's focus on it moves to the real button.
  const [openOnArrival, setOpenOnArrival] = useState(false);
  const [focused, setFocused] = useState(false);
  if (locales.length < 2) return null;
  return (
    <Suspense
      fallback={
        <LanguageButton
          aria-haspopup="menu"
          onClick={() => setOpenOnArrival(true)}
          onFocus={() => setFocused(true)}
          onBlur={() => setFocused(false)}
        />
      }
    >
      <LanguageMenu locales={locales} onChoose={choose} opened={openOnArrival} focused={focused} />
    </Suspense>
  );
}
