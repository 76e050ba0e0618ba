import { Box, Center, Paper, Stack, Text, ThemeIcon, Title } from "@mantine/core";
import type { ReactNode } from "react";
import { OrgAvatar } from "./org-avatar.tsx";

interface InvitationCardProps {
  title: string;
  subtitle?: ReactNode;
  organization?: { name: string; logo: string | null };
  /** A decorative icon, when there is no organization to show. */
  icon?: ReactNode;
  iconColor?: string;
  children?: ReactNode;
  footer?: ReactNode;
}

/** The centered card of the invitation landing, led by the inviting organization's logo. */
export function InvitationCard({
  title,
  subtitle,
  organization,
  icon,
  iconColor,
  children,
  footer,
}: InvitationCardProps) {
  return (
    <Center py={{ base: "md", sm: 48 }}>
      <Box w="100%" maw={460}>
        <Paper withBorder shadow="sm" p={{ base: "lg", sm: "xl" }}>
          <Stack gap="lg">
            <Stack gap={8} align="center" ta="center">
              {organization ? (
                <OrgAvatar name={organization.name} logo={organization.logo} size={64} mb={4} />
              ) : icon ? (
                <ThemeIcon size={48} radius="xl" variant="light" color={iconColor} mb={4} aria-hidden>
                  {icon}
                </ThemeIcon>
              ) : null}
              <Title
                order={1}
                fz={24}
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
