import { Button, Group, Skeleton, Stack, Text } from "@mantine/core";
import { IconTrash } from "@tabler/icons-react";
import { useState } from "react";
import { SectionCard } from "#web/components/section-card.tsx";
import { t } from "#web/i18n/i18n.ts";
import type { Session } from "#web/lib/auth-client.ts";
import { formatDateTime } from "#web/lib/format.ts";
import { useHasPassword, useLinkedAccounts } from "../api/use-linked-accounts.ts";
import { readDeletionRequest } from "../lib/deletion-request.ts";
import { MailAlert } from "./account-alerts.tsx";
import { DeleteAccountDialog } from "./delete-account-dialog.tsx";

/** Account deletion, confirmed by a mailed link or by the password. */
export function DangerZoneSection({ user }: { user: Session["user"] }) {
  const accounts = useLinkedAccounts();
  const hasPassword = useHasPassword();
  const [opened, setOpened] = useState(false);
  const [requestedAt, setRequestedAt] = useState<number | null>(() => readDeletionRequest(user.email));

  return (
    <SectionCard
      id="danger"
      danger
      title={t("account.danger.title")}
      description={t("account.danger.description")}
    >
      <Stack gap="md">
        {requestedAt ? (
          <MailAlert color="red" title={t("account.danger.pendingTitle")} testId="deletion-pending">
            {t("account.danger.pendingText", {
              email: user.email,
              time: formatDateTime(new Date(requestedAt)),
            })}
          </MailAlert>
        ) : null}
        <Group justify="space-between" gap="md">
          <div style={{ flex: "1 1 16rem" }}>
            <Text fw={600} size="sm">
              {t("account.danger.deleteTitle")}
            </Text>
            <Text size="sm" c="dimmed">
              {t("account.danger.deleteText")}
            </Text>
          </div>
          {accounts.isPending ? (
            <Skeleton h={36} w={150} />
          ) : (
            <Button
              color="red.9"
              leftSection={<IconTrash size={16} aria-hidden />}
              onClick={() => setOpened(true)}
            >
              {requestedAt ? t("account.danger.sendNewLink") : t("account.danger.delete")}
            </Button>
          )}
        </Group>
      </Stack>
      <DeleteAccountDialog
        opened={opened}
        email={user.email}
        hasPassword={hasPassword === true}
        onClose={() => setOpened(false)}
        onMailSent={(at) => {
          setRequestedAt(at);
          setOpened(false);
        }}
      />
    </SectionCard>
  );
}
