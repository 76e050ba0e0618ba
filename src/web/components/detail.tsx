import { Group, Text } from "@mantine/core";
import type { ReactNode } from "react";

/** One labelled fact with its icon, as on a profile card: "EMAIL ada@example.com". */
export function Detail({ icon, label, children }: { icon: ReactNode; label: string; children: ReactNode }) {
  return (
    <Group gap="sm" wrap="nowrap" align="flex-start">
      <Text c="dimmed" mt={2} aria-hidden>
        {icon}
      </Text>
      <div style={{ minWidth: 0, flex: 1 }}>
        <Text size="xs" c="dimmed" tt="uppercase" fw={600} lts={0.4}>
          {label}
        </Text>
        <Text size="sm" component="div" style={{ overflowWrap: "anywhere" }}>
          {children}
        </Text>
      </div>
    </Group>
  );
}
