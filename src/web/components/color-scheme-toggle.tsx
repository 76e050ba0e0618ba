import { ActionIcon, Box, useComputedColorScheme, useMantineColorScheme } from "@mantine/core";
import { IconMoon, IconSun } from "@tabler/icons-react";
import { t } from "#web/i18n/i18n.ts";
import { HintTooltip } from "./hint-tooltip.tsx";

/** Switches between light and dark; the first visit follows the system setting. */
export function ColorSchemeToggle() {
  const { setColorScheme } = useMantineColorScheme();
  const computed = useComputedColorScheme("light", { getInitialValueInEffect: true });

  return (
    <HintTooltip
      label={computed === "dark" ? t("common.colorScheme.toLight") : t("common.colorScheme.toDark")}
    >
      <ActionIcon
        variant="default"
        size="lg"
        radius="md"
        aria-label={t("common.colorScheme.toggle")}
        onClick={() => setColorScheme(computed === "dark" ? "light" : "dark")}
      >
        <Box component="span" darkHidden style={{ lineHeight: 0 }}>
          <IconSun size={18} stroke={1.6} aria-hidden />
        </Box>
        <Box component="span" lightHidden style={{ lineHeight: 0 }}>
          <IconMoon size={18} stroke={1.6} aria-hidden />
        </Box>
      </ActionIcon>
    </HintTooltip>
  );
}
