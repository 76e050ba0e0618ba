import {
  Alert,
  Button,
  Card,
  EmptyState,
  type EmptyStateProps,
  Group,
  type MantineSpacing,
  Paper,
  Skeleton,
  Stack,
  Text,
  Title,
} from "@mantine/core";
import { IconAlertCircle, IconAlertTriangle, IconRefresh } from "@tabler/icons-react";
import type { ReactNode } from "react";
import { orgErrorMessage } from "../lib/org-errors.ts";

/** A failed load in plain words, with a retry. */
export function QueryError({
  error,
  onRetry,
  title = "We couldn't load this",
}: {
  error: unknown;
  onRetry?: () => void;
  title?: string;
}) {
  return (
    <Alert color="red" variant="light" title={title} icon={<IconAlertTriangle size={18} aria-hidden />}>
      <Stack gap="xs" align="flex-start">
        <Text size="sm">{orgErrorMessage(error)}</Text>
        {onRetry ? (
          <Button
            size="xs"
            variant="default"
            leftSection={<IconRefresh size={14} aria-hidden />}
            onClick={onRetry}
          >
            Try again
          </Button>
        ) : null}
      </Stack>
    </Alert>
  );
}

/** Why an action failed, where it was started; nothing while there is no failure. */
export function ActionError({ error, mt }: { error: unknown; mt?: MantineSpacing }) {
  if (!error) return null;
  return (
    <Alert mt={mt} color="red" variant="light" icon={<IconAlertCircle size={18} aria-hidden />}>
      {orgErrorMessage(error)}
    </Alert>
  );
}

/** Placeholder rows while a list loads. */
export function ListSkeleton({ rows = 4, label = "Loading" }: { rows?: number; label?: string }) {
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

/** A bordered card holding a page section. */
export function SectionCard({ children, padding = "lg" }: { children: ReactNode; padding?: string }) {
  return (
    <Paper withBorder shadow="xs" p={{ base: "md", sm: padding }}>
      {children}
    </Paper>
  );
}
