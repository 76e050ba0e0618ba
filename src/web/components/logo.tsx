import { Group, Text, ThemeIcon } from "@mantine/core";
import { IconBuildingCastle } from "@tabler/icons-react";
import { Link } from "@tanstack/react-router";
import { t } from "#web/i18n/i18n.ts";

/** The product mark and name, linking home; `compact` shows the name from tablet width only. */
export function Logo({ name = "Gatehouse", compact = false }: { name?: string; compact?: boolean }) {
  return (
    <Link
      to="/"
      style={{ textDecoration: "none", color: "inherit", flexShrink: 0 }}
      aria-label={t("common.shell.logoHome", { name })}
    >
      <Group gap="xs" wrap="nowrap">
        <ThemeIcon size={34} radius="md" variant="filled" aria-hidden>
          <IconBuildingCastle size={20} stroke={1.8} />
        </ThemeIcon>
        <Text
          component="span"
          fw={700}
          fz="lg"
          c="var(--mantine-color-bright)"
          visibleFrom={compact ? "sm" : undefined}
        >
          {name}
        </Text>
      </Group>
    </Link>
  );
}
