import { Alert, Button, Group, Stack, Text } from "@mantine/core";
import { IconMailForward } from "@tabler/icons-react";
import { t } from "#web/i18n/i18n.ts";
import { useResendVerification } from "../lib/use-resend-verification.ts";

/** A sign-in refused for an unverified address: better-auth has just mailed a new link; offer another. */
export function UnverifiedEmailAlert({ email }: { email: string }) {
  const { resend, sending, cooldown } = useResendVerification((to) => ({
    title: t("auth.unverified.sentTitle"),
    message: t("auth.unverified.sentMessage", { email: to }),
  }));

  return (
    <Alert
      color="yellow"
      variant="light"
      title={t("auth.unverified.title")}
      icon={<IconMailForward size={18} aria-hidden />}
    >
      <Stack gap="xs">
        <Text size="sm">{t("auth.unverified.body", { email })}</Text>
        <Group gap="xs">
          <Button
            size="xs"
            variant="default"
            onClick={() => resend(email)}
            loading={sending}
            disabled={cooldown.active}
          >
            {t("auth.unverified.button")}
          </Button>
          {cooldown.active ? (
            <Text size="xs" c="dimmed">
              {t("auth.unverified.cooldown", { seconds: cooldown.remaining })}
            </Text>
          ) : null}
        </Group>
      </Stack>
    </Alert>
  );
}
