import { Badge, Box, Button, Group, Stack, Text, ThemeIcon } from "@mantine/core";
import { IconAlertTriangle, IconCircleCheck, IconMail } from "@tabler/icons-react";
import { useState } from "react";
import { LoadError } from "#web/components/error-alert.tsx";
import { SectionCard } from "#web/components/section-card.tsx";
import { t } from "#web/i18n/i18n.ts";
import type { Session } from "#web/lib/auth-client.ts";
import { usePendingEmailChange } from "../api/use-email.ts";
import { ChangeEmailForm } from "./change-email-form.tsx";
import { PendingEmailNotice } from "./pending-email-notice.tsx";
import { VerifyEmailAlert } from "./verify-email-alert.tsx";

/** Current address, its verification, and the change flow (POST /api/auth/change-email), kept by the server. */
export function EmailSection({ user }: { user: Session["user"] }) {
  const pendingQuery = usePendingEmailChange();
  const pending = pendingQuery.data ?? null;
  const [editing, setEditing] = useState(false);

  return (
    <SectionCard id="email" title={t("account.email.title")} description={t("account.email.description")}>
      <Stack gap="lg">
        <Group gap="md" wrap="wrap" align="center">
          <ThemeIcon variant="light" size={40} radius="xl" aria-hidden visibleFrom="xs">
            <IconMail size={20} stroke={1.6} />
          </ThemeIcon>
          <Box style={{ minWidth: 0, flex: "1 1 14rem" }}>
            <Group gap="xs" wrap="wrap">
              <Text fw={600} style={{ overflowWrap: "anywhere" }} data-testid="current-email">
                {user.email}
              </Text>
              <VerifiedBadge verified={user.emailVerified} />
            </Group>
            <Text size="xs" c="dimmed">
              {t("account.email.primary")}
            </Text>
          </Box>
          {!editing && !pending ? (
            <Button variant="default" size="sm" onClick={() => setEditing(true)}>
              {t("account.email.change")}
            </Button>
          ) : null}
        </Group>

        {!user.emailVerified ? <VerifyEmailAlert email={user.email} /> : null}

        {pendingQuery.isError ? (
          <LoadError error={pendingQuery.error} onRetry={() => void pendingQuery.refetch()} />
        ) : null}

        {pending ? <PendingEmailNotice pending={pending} user={user} /> : null}

        {editing && !pending ? (
          <ChangeEmailForm user={user} onCancel={() => setEditing(false)} onSent={() => setEditing(false)} />
        ) : null}
      </Stack>
    </SectionCard>
  );
}

function VerifiedBadge({ verified }: { verified: boolean }) {
  return verified ? (
    <Badge color="teal" variant="light" leftSection={<IconCircleCheck size={12} aria-hidden />}>
      {t("account.email.verified")}
    </Badge>
  ) : (
    <Badge color="yellow" variant="light" leftSection={<IconAlertTriangle size={12} aria-hidden />}>
      {t("account.email.notVerified")}
    </Badge>
  );
}
