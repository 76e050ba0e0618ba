import { Card, EmptyState, type EmptyStateProps, Group, Skeleton, Stack, Text, Title } from "@mantine/core";
import type { ReactNode } from "react";
import { t } from "#web/i18n/i18n.ts";

/** Placeholder rows while a list loads. */
export function ListSkeleton({ rows = 4, label = t("common.loading") }: { rows?: number; label?: string }) {
  return (
    <Stack gap="sm" role="status" aria-label={label}>
      {Array.from({ length: rows }, (_, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: static placeholders
        <Group key={index} gap="sm" wrap="nowrap">
          <Skeleton circle height={36} width={36} />
          <Stack gap={6} style={{ flex: 1 }}>
            <Skeleton height={10} width="40%" radius="xl" />
            <Skeleton height={8} width="60%" radius="xl" />
          </Stack>
        </Group>
      ))}
    </Stack>
  );
}

/** The heading of a page outside any one organization, with a line of context under it. */
export function PageHeading({ title, description }: { title: string; description: ReactNode }) {
  return (
    <div>
      <Title order={1} fz={{ base: 26, sm: 32 }} c="var(--mantine-color-bright)">
        {title}
      </Title>
      <Text c="dimmed" mt={4}>
        {description}
      </Text>
    </div>
  );
}

/** An empty state standing alone in its own card, where a whole page has nothing to show. */
export function EmptyStateCard(props: EmptyStateProps) {
  return (
    <Card withBorder padding="xl" radius="lg">
      <EmptyState {...props} />
    </Card>
  );
}

/** The title row of an organization page: heading, a line of context, actions on the right. */
export function SectionHeader({
  title,
  description,
  actions,
}: {
  title: string;
  description?: ReactNode;
  actions?: ReactNode;
}) {
  return (
    <Group justify="space-between" align="flex-end" gap="sm" wrap="wrap">
      <div style={{ minWidth: 0, flex: "1 1 260px" }}>
        <Title order={2} fz={{ base: 20, sm: 22 }} c="var(--mantine-color-bright)">
          {title}
        </Title>
        {description ? (
          <Text c="dimmed" size="sm" mt={2} component="div">
            {description}
          </Text>
        ) : null}
      </div>
      {actions ? <Group gap="xs">{actions}</Group> : null}
    </Group>
  );
}
