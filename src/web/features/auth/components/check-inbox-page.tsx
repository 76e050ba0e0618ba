import { Alert, Divider, Stack, Text } from "@mantine/core";
import { IconInfoCircle, IconMailOpened } from "@tabler/icons-react";
import { getRouteApi } from "@tanstack/react-router";
import { AuthCard } from "#web/components/auth-card.tsx";
import { TextLink } from "#web/components/text-link.tsx";
import { t } from "#web/i18n/i18n.ts";
import { T } from "#web/i18n/locale-root.tsx";
import { useAppConfig } from "#web/lib/app-config.ts";
import { usePageTitle } from "#web/lib/use-page-title.ts";
import { EmailAddress } from "./email-address.tsx";
import { ResendVerification } from "./resend-verification.tsx";

const route = getRouteApi("/check-inbox");

export function CheckInboxPage() {
  usePageTitle(t("auth.checkInbox.title"));
  const { email } = route.useSearch();
  const config = useAppConfig();

  return (
    <AuthCard
      title={t("auth.checkInbox.title")}
      icon={<IconMailOpened size={26} stroke={1.6} />}
      subtitle={
        email ? (
          <T
            id="auth.checkInbox.verificationSentTo"
            values={{ email }}
            components={{ email: <EmailAddress email={email} /> }}
          />
        ) : (
          t("auth.checkInbox.verificationSent")
        )
      }
      footer={<TextLink to="/sign-in">{t("auth.backToSignIn")}</TextLink>}
    >
      <Stack gap="md">
        <Text size="sm" c="dimmed" ta="center">
          {t("auth.checkInbox.hint")}
        </Text>
        {config.outbox ? (
          <Alert color="indigo" variant="light" icon={<IconInfoCircle size={18} aria-hidden />}>
            <T
              id="auth.checkInbox.outboxNote"
              components={{ link: <TextLink to="/dev/outbox" fw={600} c="inherit" underline="always" /> }}
            />
          </Alert>
        ) : null}
        <Divider />
        <ResendVerification email={email} />
      </Stack>
    </AuthCard>
  );
}
