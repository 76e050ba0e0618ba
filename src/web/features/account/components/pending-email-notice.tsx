import { Button, Group, Stack, Text, Timeline } from "@mantine/core";
import { IconCircleCheck, IconMail } from "@tabler/icons-react";
import { authClient } from "#web/lib/auth-client.ts";
import { useCooldown } from "#web/lib/use-cooldown.ts";
import { useRequestEmailChange } from "../api/use-email.ts";
import type { PendingEmailChange } from "../lib/pending-email.ts";
import { MailAlert } from "./account-alerts.tsx";

/** A change waiting for its links: which address to check, the steps, and a way to resend. */
export function PendingEmailNotice({
  pending,
  onCancel,
  onResent,
}: {
  pending: PendingEmailChange;
  onCancel: () => void;
  onResent: (change: PendingEmailChange) => void;
}) {
  const { data } = authClient.useSession();
  const resend = useRequestEmailChange({ again: true });
  const cooldown = useCooldown();
  const step = pending.twoStep ? (pending.approved ? 1 : 0) : 1;
  const waitingFor = pending.twoStep && !pending.approved ? pending.from : pending.to;

  function sendAgain() {
    if (!data) return;
    resend.mutate(
      { user: data.user, newEmail: pending.to },
      {
        onSuccess: (change) => {
          onResent(change);
          cooldown.start(30);
        },
      },
    );
  }

  return (
    <MailAlert title="Change pending — check your inbox" testId="pending-email-change">
      <Stack gap="md">
        <Text size="sm">
          {"Open the link we sent to "}
          <Text component="strong" fw={600} size="sm" style={{ overflowWrap: "anywhere" }}>
            {waitingFor}
          </Text>
          {". Links are valid for 1 hour."}
        </Text>
        <Timeline active={step} bulletSize={22} lineWidth={2}>
          {pending.twoStep ? (
            <Timeline.Item
              bullet={<IconCircleCheck size={14} aria-hidden />}
              title={
                pending.approved ? "Approved from your current address" : "Approve from your current address"
              }
            >
              <Text size="xs" c="dimmed" style={{ overflowWrap: "anywhere" }}>
                {pending.from}
              </Text>
            </Timeline.Item>
          ) : null}
          <Timeline.Item bullet={<IconMail size={14} aria-hidden />} title="Confirm the new address">
            <Text size="xs" c="dimmed" style={{ overflowWrap: "anywhere" }}>
              {pending.to}
            </Text>
          </Timeline.Item>
          <Timeline.Item bullet={<IconCircleCheck size={14} aria-hidden />} title="Address changed">
            <Text size="xs" c="dimmed">
              You then sign in with the new address.
            </Text>
          </Timeline.Item>
        </Timeline>
        <Group gap="sm">
          <CooldownButton
            label="Resend link"
            onClick={sendAgain}
            loading={resend.isPending}
            remaining={cooldown.remaining}
          />
          <Button size="xs" variant="subtle" color="gray" onClick={onCancel}>
            Change to another address
          </Button>
        </Group>
      </Stack>
    </MailAlert>
  );
}

/** A small "send again" button that counts down before it can be pressed again. */
export function CooldownButton({
  label,
  onClick,
  loading,
  remaining,
}: {
  label: string;
  onClick: () => void;
  loading: boolean;
  remaining: number;
}) {
  return (
    <Button size="xs" variant="default" onClick={onClick} loading={loading} disabled={remaining > 0}>
      {remaining > 0 ? `Resend in ${remaining} s` : label}
    </Button>
  );
}
