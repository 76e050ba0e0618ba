import { Button, Group, Skeleton, Stack, Text } from "@mantine/core";
import { IconTrash } from "@tabler/icons-react";
import { useState } from "react";
import { SectionCard } from "#web/components/section-card.tsx";
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
      title="Danger zone"
      description="Deleting your account is permanent. You will lose access to every organization you belong to."
    >
      <Stack gap="md">
        {requestedAt ? (
          <MailAlert color="red" title="Deletion pending — check your inbox" testId="deletion-pending">
            {`We sent a link to ${user.email} on ${formatDateTime(new Date(requestedAt))}. Your account is deleted once you open it (valid for 24 hours). If you changed your mind, ignore the mail.`}
          </MailAlert>
        ) : null}
        <Group justify="space-between" gap="md">
          <div style={{ flex: "1 1 16rem" }}>
            <Text fw={600} size="sm">
              Delete account
            </Text>
            <Text size="sm" c="dimmed">
              Removes your profile, sign-in methods and sessions.
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
              {requestedAt ? "Send a new link" : "Delete account"}
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
