import { Box, Center, Paper, Stack, Text, ThemeIcon, Title } from "@mantine/core";
import { IconCircleCheck } from "@tabler/icons-react";
import type { ReactNode } from "react";

interface AuthCardProps {
  /** The page's one h1. */
  title: string;
  subtitle?: ReactNode;
  /** A decorative icon above the title. */
  icon?: ReactNode;
  iconColor?: string;
  /** A finished step ("Password updated"): a teal check mark leads the card. */
  done?: boolean;
  /** What leads the card instead of the icon, e.g. the logo of the organization that invites. */
  leading?: ReactNode;
  /** @default 420 */
  width?: number;
  children?: ReactNode;
  /** Links under the card, e.g. "Already have an account? Sign in". */
  footer?: ReactNode;
}

/** The centered card every sign-in related screen uses (and the invitation landing). */
export function AuthCard({
  title,
  subtitle,
  done,
  icon = done ? <IconCircleCheck size={28} stroke={1.6} /> : undefined,
  iconColor = done ? "teal" : undefined,
  leading,
  width = 420,
  children,
  footer,
}: AuthCardProps) {
  return (
    <Center py={{ base: "md", sm: 48 }}>
      <Box w="100%" maw={width}>
        <Paper withBorder shadow="sm" p={{ base: "lg", sm: "xl" }}>
          <Stack gap="lg">
            <Stack gap={6} align="center" ta="center">
              {leading ??
                (icon ? (
                  <ThemeIcon size={48} radius="xl" variant="light" color={iconColor} mb={4} aria-hidden>
                    {icon}
                  </ThemeIcon>
                ) : null)}
              <Title
                order={1}
                fz={26}
                lh={1.25}
                c="var(--mantine-color-bright)"
                style={{ overflowWrap: "anywhere" }}
              >
                {title}
              </Title>
              {subtitle ? (
                <Text c="dimmed" size="sm" component="div">
                  {subtitle}
                </Text>
              ) : null}
            </Stack>
            {children}
          </Stack>
        </Paper>
        {footer ? (
          <Text ta="center" size="sm" mt="lg" component="div">
            {footer}
          </Text>
        ) : null}
      </Box>
    </Center>
  );
}
