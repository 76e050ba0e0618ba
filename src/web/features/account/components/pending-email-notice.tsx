import { Button, Group, Stack, Text, Timeline } from "@mantine/core";
import { IconCircleCheck, IconMail } from "@tabler/icons-react";
import type { PendingEmailChange } from "#shared/contracts/email-change.ts";
import { t } from "#web/i18n/i18n.ts";
import { T } from "#web/i18n/locale-root.tsx";
import type { Session } from "#web/lib/auth-client.ts";
import { formatDateTime } from "#web/lib/format.ts";
import { useCooldown } from "#web/lib/use-cooldown.ts";
import { useCancelEmailChange, useRequestEmailChange } from "../api/use-email.ts";
import { MailAlert } from "./account-alerts.tsx";

/**
 * A change waiting for its links, as the server keeps it (every device of the account shows it): which
 * address to check, the steps, until when, and a way to resend or cancel.
 */
export function PendingEmailNotice({
  pending,
  user,
}: {
  pending: PendingEmailChange;
  user: Session["user"];
}) {
  const resend = useRequestEmailChange({ again: true });
  const cancel = useCancelEmailChange();
  const cooldown = useCooldown();
  const twoStep = user.emailVerified;
  const approved = pending.step === "confirm";
  const waitingFor = approved ? pending.to : pending.from;

  function sendAgain() {
    resend.mutate(
      { newEmail: pending.to, verified: user.emailVerified, from: user.email },
      { onSuccess: () => cooldown.start(30) },
    );
  }

  return (
    <MailAlert title={t("account.email.pendingTitle")} testId="pending-email-change">
      <Stack gap="md">
        <Text size="sm">
          <T
            id="account.email.pendingOpen"
            values={{ email: waitingFor, time: formatDateTime(pending.expiresAt) }}
            components={{
              strong: <Text component="strong" fw={600} size="sm" style={{ overflowWrap: "anywhere" }} />,
            }}
          />
        </Text>
        <Timeline active={approved ? 1 : 0} bulletSize={22} lineWidth={2}>
          {twoStep || !approved ? (
            <Timeline.Item
              bullet={<IconCircleCheck size={14} aria-hidden />}
              title={approved ? t("account.email.stepApproved") : t("account.email.stepApprove")}
            >
              <Text size="xs" c="dimmed" style={{ overflowWrap: "anywhere" }}>
                {pending.from}
              </Text>
            </Timeline.Item>
          ) : null}
          <Timeline.Item bullet={<IconMail size={14} aria-hidden />} title={t("account.email.stepConfirm")}>
            <Text size="xs" c="dimmed" style={{ overflowWrap: "anywhere" }}>
              {pending.to}
            </Text>
          </Timeline.Item>
          <Timeline.Item
            bullet={<IconCircleCheck size={14} aria-hidden />}
            title={t("account.email.stepChanged")}
          >
            <Text size="xs" c="dimmed">
              {t("account.email.stepChangedHint")}
            </Text>
          </Timeline.Item>
        </Timeline>
        <Group gap="sm">
          <CooldownButton
            label={t("account.email.resend")}
            onClick={sendAgain}
            loading={resend.isPending}
            remaining={cooldown.remaining}
          />
          <Button
            size="xs"
            variant="subtle"
            color="gray"
            loading={cancel.isPending}
            onClick={() => cancel.mutate()}
          >
            {t("account.email.cancelChange")}
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
      {remaining > 0 ? t("account.email.resendIn", { seconds: remaining }) : label}
    </Button>
  );
}
