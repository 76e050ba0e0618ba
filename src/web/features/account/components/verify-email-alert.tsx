import { Alert, Group, Stack, Text } from "@mantine/core";
import { IconAlertTriangle } from "@tabler/icons-react";
import { t } from "#web/i18n/i18n.ts";
import { useCooldown } from "#web/lib/use-cooldown.ts";
import { useSendVerificationEmail } from "../api/use-email.ts";
import { CooldownButton } from "./pending-email-notice.tsx";

/** "Not verified" comes with a way out: a new verification link. */
export function VerifyEmailAlert({ email }: { email: string }) {
  const cooldown = useCooldown();
  const send = useSendVerificationEmail();

  return (
    <Alert
      color="yellow"
      variant="light"
      icon={<IconAlertTriangle size={18} aria-hidden />}
      title={t("account.email.verifyTitle")}
    >
      <Stack gap="xs">
        <Text size="sm">{t("account.email.verifyText")}</Text>
        <Group>
          <CooldownButton
            label={t("account.email.sendVerification")}
            onClick={() => send.mutate(email, { onSuccess: () => cooldown.start(30) })}
            loading={send.isPending}
            remaining={cooldown.remaining}
          />
        </Group>
      </Stack>
    </Alert>
  );
}
