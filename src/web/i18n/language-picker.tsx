import { ActionIcon, Loader } from "@mantine/core";
import { IconLanguage } from "@tabler/icons-react";
import { type ComponentProps, forwardRef, useState } from "react";
import { useAppConfig } from "#web/lib/app-config.ts";
import { t } from "./i18n.ts";
import type { LanguageMenu } from "./language-menu.tsx";
import { useChooseLanguage, useFollowLanguage } from "./use-language.ts";

/** The header's icon button that opens the menu of languages; `busy` while the menu's code is on its way. */
export const LanguageButton = forwardRef<HTMLButtonElement, ComponentProps<"button"> & { busy?: boolean }>(
  function LanguageButton({ busy, ...props }, ref) {
    return (
      <ActionIcon
        ref={ref}
        variant="default"
        size="lg"
        radius="md"
        aria-label={t("locale.language")}
        aria-busy={busy || undefined}
        {...props}
      >
        {busy ? <Loader size={16} aria-hidden /> : <IconLanguage size={18} stroke={1.6} aria-hidden />}
      </ActionIcon>
    );
  },
);

/** The menu's code once it has arrived, and its load while under way (one for every picker on the page). */
let menuCode: typeof LanguageMenu | undefined;
let menuLoad: Promise<typeof LanguageMenu> | undefined;

/**
 * The menu (Mantine's Menu, what it floats on, and the on-demand Mantine styles: ~36 KB over the wire) loads
 * when someone reaches for the button — the pointer on it, the keyboard's focus, a tap — not with the page:
 * most people signing in never open it (issue 22). Offline it cannot load: the button stays as it is, and
 * the next reach tries again.
 */
function loadMenu(): Promise<typeof LanguageMenu> {
  menuLoad ??= Promise.all([import("#web/mantine-styles-lazy.ts"), import("./language-menu.tsx")]).then(
    ([, module]) => {
      menuCode = module.LanguageMenu;
      return menuCode;
    },
    (cause: unknown) => {
      menuLoad = undefined;
      throw cause;
    },
  );
  return menuLoad;
}

/**
 * The header's language picker (issue 21), on every page, signed in or not: each language the server offers,
 * in its own name. It also keeps the page in the right language (useFollowLanguage). With one language
 * offered there is nothing to pick and no button.
 */
export function LanguagePicker() {
  useFollowLanguage();
  const { locales } = useAppConfig();
  const choose = useChooseLanguage();
  const [Menu, setMenu] = useState(() => menuCode);
  // Until the menu's code is here the button is a stand-in: a click on it opens the menu when it arrives (a
  // spinner says it is coming), and the keyboard's focus on it moves to the real button.
  const [openOnArrival, setOpenOnArrival] = useState(false);
  const [focused, setFocused] = useState(false);
  if (locales.length < 2) return null;
  if (Menu) return <Menu locales={locales} onChoose={choose} opened={openOnArrival} focused={focused} />;
  const reach = () => {
    loadMenu().then(
      (code) => setMenu(() => code),
      () => setOpenOnArrival(false),
    );
  };
  return (
    <LanguageButton
      aria-haspopup="menu"
      busy={openOnArrival}
      onPointerEnter={reach}
      onFocus={() => {
        setFocused(true);
        reach();
      }}
      onBlur={() => setFocused(false)}
      onClick={() => {
        setOpenOnArrival(true);
        reach();
      }}
    />
  );
}
