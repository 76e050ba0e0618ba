import { Avatar, type AvatarProps, Group, type MantineSpacing, Skeleton, Stack } from "@mantine/core";
import { initialsOf } from "#web/components/user-avatar.tsx";

// Shades dark enough for white initials (at least 4.5:1, axe); the default shades of teal, cyan, orange
// and blue are not.
const COLORS = ["indigo.8", "grape.8", "teal.9", "gray.7", "cyan.9", "pink.8", "violet.8", "blue.8"];

/** A stable colour per organization name, so initials look the same everywhere. */
function colorFor(name: string): string {
  let hash = 0;
  for (const char of name) hash = (hash * 31 + (char.codePointAt(0) ?? 0)) >>> 0;
  return COLORS[hash % COLORS.length] ?? "indigo.8";
}

interface OrgAvatarProps extends Omit<AvatarProps, "children" | "name"> {
  name: string;
  logo?: string | null;
}

/** An organization's logo, or its initials on a coloured square when it has none. */
export function OrgAvatar({ name, logo, ...props }: OrgAvatarProps) {
  return (
    <Avatar src={logo || null} alt="" radius="md" color={colorFor(name)} variant="filled" {...props}>
      {initialsOf(name)}
    </Avatar>
  );
}

interface OrgIdentitySkeletonProps {
  /** The logo's edge. */
  size: number;
  gap: MantineSpacing;
  /** The name's and the slug's placeholder lines: height and width of each. */
  lines: [[number, string], [number, string]];
}

/** A placeholder for an organization's logo, name and slug while they load. */
export function OrgIdentitySkeleton({ size, gap, lines }: OrgIdentitySkeletonProps) {
  return (
    <Group gap={gap} wrap="nowrap">
      <Skeleton height={size} width={size} radius="md" />
      <Stack gap={size > 48 ? 8 : 6} style={{ flex: 1 }}>
        {lines.map(([height, width]) => (
          <Skeleton key={width} height={height} width={width} radius="xl" />
        ))}
      </Stack>
    </Group>
  );
}
