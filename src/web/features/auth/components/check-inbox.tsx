import { Button, Stack, Text } from "@mantine/core";
import { IconMailCheck } from "@tabler/icons-react";
import type { ReactNode } from "react";
import { AuthCard } from "#web/components/auth-card.tsx";
import { TextLink } from "#web/components/text-link.tsx";
import { t } from "#web/i18n/i18n.ts";
import { ApiError, isRefusal } from "#web/lib/api/api-error.ts";
import { useAppConfig } from "#web/lib/app-config.ts";

/**
 * Whether asking for a mail (a link, a code) failed in a way worth telling: throttling and faults only. Any
 * other refusal reads as sent, so the answer never tells whether the address has an account.
 */
export function mailRequestFailed(error: unknown): boolean {
  return (
    error !== null &&
    error !== undefined &&
    (!isRefusal(error) || (error instanceof ApiError && error.status === 429))
  );
}

/** The screen after a mail was asked for: "Check your inbox", what was sent, and the way back. */
export function CheckInboxCard({
  subtitle,
  footer,
  children,
}: {
  subtitle: ReactNode;
  footer: ReactNode;
  children: ReactNode;
}) {
  return (
    <AuthCard
      title={t("auth.checkInbox.title")}
      icon={<IconMailCheck size={26} stroke={1.6} />}
      subtitle={subtitle}
      footer={footer}
    >
      {children}
    </AuthCard>
  );
}

/** In development, a link to the outbox where mails are kept instead of sent. */
export function OutboxLink() {
  const config = useAppConfig();
  return config.outbox ? (
    <Text size="sm" ta="center">
      <TextLink to="/dev/outbox">{t("auth.checkInbox.outbox")}</TextLink>
    </Text>
  ) : null;
}

/** Under a mailed link: how it works, the outbox, and starting again with another address. */
export function SentLinkNotes({ hint, onDifferentEmail }: { hint: string; onDifferentEmail: () => void }) {
  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed" ta="center">
        {hint}
      </Text>
      <OutboxLink />
      <Button variant="default" fullWidth onClick={onDifferentEmail}>
        {t("auth.useDifferentEmail")}
      </Button>
    </Stack>
  );
}
