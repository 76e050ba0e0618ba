import { Box, Divider, Group, Paper, Stack, Text, Title } from "@mantine/core";
import type { ReactNode } from "react";

interface SectionCardProps {
  /** Without a title (and actions), the card is a plain bordered frame around its content. */
  title?: string;
  description?: ReactNode;
  /** Buttons at the right of the title (below it on phones). */
  actions?: ReactNode;
  /** A footer strip, e.g. a form's Save button. */
  footer?: ReactNode;
  danger?: boolean;
  children?: ReactNode;
  /** For `aria-labelledby` and tests. */
  id?: string;
}

/** The one card of a page section: an optional title row, the content, an optional footer strip. */
export function SectionCard({ title, description, actions, footer, danger, children, id }: SectionCardProps) {
  const headingId = id && title ? `${id}-title` : undefined;
  return (
    <Paper
      component="section"
      withBorder
      shadow="xs"
      aria-labelledby={headingId}
      id={id}
      style={danger ? { borderColor: "var(--mantine-color-red-outline)" } : undefined}
    >
      <Stack gap={0}>
        {title || actions ? (
          <Group justify="space-between" align="flex-start" gap="md" p={{ base: "md", sm: "lg" }} pb={0}>
            <Box style={{ minWidth: 0, flex: "1 1 16rem" }}>
              <Title
                order={2}
                fz="lg"
                id={headingId}
                c={danger ? "var(--mantine-color-error)" : "var(--mantine-color-bright)"}
              >
                {title}
              </Title>
              {description ? (
                <Text size="sm" c="dimmed" mt={4} component="div">
                  {description}
                </Text>
              ) : null}
            </Box>
            {actions ? <Group gap="xs">{actions}</Group> : null}
          </Group>
        ) : null}
        <Box p={{ base: "md", sm: "lg" }}>{children}</Box>
        {footer ? (
          <>
            <Divider />
            <Group justify="flex-end" gap="sm" px={{ base: "md", sm: "lg" }} py="sm">
              {footer}
            </Group>
          </>
        ) : null}
      </Stack>
    </Paper>
  );
}
