import { Badge, Group } from "@mantine/core";
import { parseRoles } from "#shared/roles.ts";
import { roleColor, roleLabel } from "../lib/roles.ts";

/** One badge per role of a comma-separated role value. */
export function RoleBadges({
  role,
  size = "sm",
}: {
  role: string | null | undefined;
  size?: "xs" | "sm" | "md";
}) {
  const roles = parseRoles(role);
  return (
    <Group gap={4} wrap="wrap">
      {roles.map((name) => (
        <Badge key={name} size={size} variant="light" color={roleColor(name)} tt="none">
          {roleLabel(name)}
        </Badge>
      ))}
    </Group>
  );
}
