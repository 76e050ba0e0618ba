import { Group, Text, ThemeIcon } from "@mantine/core";
import { IconBuildingCastle } from "@tabler/icons-react";
import { Link } from "@tanstack/react-router";

/** The product mark and name, linking home. */
export function Logo({ name = "Gatehouse" }: { name?: string }) {
  return (
    <Link to="/" style={{ textDecoration: "none", color: "inherit" }} aria-label={`${name} home`}>
      <Group gap="xs" wrap="nowrap">
        <ThemeIcon size={34} radius="md" variant="filled" aria-hidden>
          <IconBuildingCastle size={20} stroke={1.8} />
        </ThemeIcon>
        <Text component="span" fw={700} fz="lg" c="var(--mantine-color-bright)">
          {name}
        </Text>
      </Group>
    </Link>
  );
}
