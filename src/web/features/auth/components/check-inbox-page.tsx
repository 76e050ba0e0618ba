import { Alert, Divider, Stack, Text } from "@mantine/core";
import { IconInfoCircle, IconMailOpened } from "@tabler/icons-react";
import { getRouteApi } from "@tanstack/react-router";
import { AuthCard } from "#web/components/auth-card.tsx";
import { TextLink } from "#web/components/text-link.tsx";
import { useAppConfig } from "#web/lib/app-config.ts";
import { usePageTitle } from "#web/lib/use-page-title.ts";
import { EmailAddress } from "./email-address.tsx";
import { ResendVerification } from "./resend-verification.tsx";

const route = getRouteApi("/check-inbox");

export function CheckInboxPage() {
  usePageTitle("Check your inbox");
  const { email } = route.useSearch();
  const config = useAppConfig();

  return (
    <AuthCard
      title="Check your inbox"
      icon={<IconMailOpened size={26} stroke={1.6} />}
      subtitle={
        email ? (
          <>
            {"We sent a verification link to "}
            <EmailAddress email={email} />
            {". Open it to activate your account."}
          </>
        ) : (
          "We sent you a verification link. Open it to activate your account."
        )
      }
      footer={<TextLink to="/sign-in">Back to sign in</TextLink>}
    >
      <Stack gap="md">
        <Text size="sm" c="dimmed" ta="center">
          The link signs you in once it's opened. Didn't get it? Check your spam folder, or send it again.
        </Text>
        {config.outbox ? (
          <Alert color="indigo" variant="light" icon={<IconInfoCircle size={18} aria-hidden />}>
            {"Mail is not delivered on this server. Find the message in the "}
            <TextLink to="/dev/outbox" fw={600} c="inherit" underline="always">
              development outbox
            </TextLink>
            .
          </Alert>
        ) : null}
        <Divider />
        <ResendVerification email={email} />
      </Stack>
    </AuthCard>
  );
}
