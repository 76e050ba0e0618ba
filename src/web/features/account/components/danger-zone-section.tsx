import { Alert, Button, Group, Skeleton, Stack, Text } from "@mantine/core";
import { IconMailForward, IconTrash } from "@tabler/icons-react";
import { useState } from "react";
import type { Session } from "#web/lib/auth-client.ts";
import { formatDateTime } from "#web/lib/format.ts";
import { useHasPassword, useLinkedAccounts } from "../api/use-linked-accounts.ts";
import { notifySuccess } from "../lib/notify.ts";
import { DeleteAccountDialog } from "./delete-account-dialog.tsx";
import { SectionCard } from "./section-card.tsx";

const KEY = "gatehouse-deletion-requested";
/** The mailed link works for 24 hours (SPEC §9). */
const LINK_LIFETIME_MS = 24 * 60 * 60 * 1000;

function readRequestedAt(email: string): number | null {
  try {
    const value = JSON.parse(window.localStorage.getItem(KEY) ?? "null") as {
      email: string;
      at: number;
    } | null;
    return value && value.email === email && Date.now() - value.at < LINK_LIFETIME_MS ? value.at : null;
  } catch {
    return null;
  }
}

/** Account deletion, confirmed by a mailed link or by the password. */
export function DangerZoneSection({ user }: { user: Session["user"] }) {
  const accounts = useLinkedAccounts();
  const hasPassword = useHasPassword();
  const [opened, setOpened] = useState(false);
  const [requestedAt, setRequestedAt] = useState<number | null>(() => readRequestedAt(user.email));

  function mailSent() {
    const at = Date.now();
    try {
      window.localStorage.setItem(KEY, JSON.stringify({ email: user.email, at }));
    } catch {
      // Without storage the notice lasts until reload.
    }
    setRequestedAt(at);
    setOpened(false);
    notifySuccess("Check your inbox", `Open the link we sent to ${user.email} to delete your account.`);
  }

  return (
    <SectionCard
      id="danger"
      danger
      title="Danger zone"
      description="Deleting your account is permanent. You will lose access to every organization you belong to."
    >
      <Stack gap="md">
        {requestedAt ? (
          <Alert
            color="red"
            variant="light"
            icon={<IconMailForward size={18} aria-hidden />}
            title="Deletion pending — check your inbox"
            data-testid="deletion-pending"
          >
            {`We sent a link to ${user.email} on ${formatDateTime(new Date(requestedAt))}. Your account is deleted once you open it (valid for 24 hours). If you changed your mind, ignore the mail.`}
          </Alert>
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
        onMailSent={mailSent}
      />
    </SectionCard>
  );
}
