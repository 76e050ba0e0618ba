import { Button, Group, Stack } from "@mantine/core";
import { t } from "#web/i18n/i18n.ts";
import type { useInvitationAnswer } from "../api/use-invitation-answer.ts";

interface InvitationAnswerButtonsProps {
  answer: ReturnType<typeof useInvitationAnswer>;
  /** Full-width buttons, Accept first, as on the invitation landing; else a row, Accept last. */
  stacked?: boolean;
}

/** Accept and Decline; each is held back while the other runs. */
export function InvitationAnswerButtons({
  answer: { accept, reject },
  stacked,
}: InvitationAnswerButtonsProps) {
  const acceptButton = (
    <Button
      fullWidth={stacked}
      size={stacked ? "md" : undefined}
      onClick={() => accept.mutate()}
      loading={accept.isPending}
      disabled={reject.isPending}
    >
      {stacked ? t("organizations.answer.acceptInvitation") : t("organizations.answer.accept")}
    </Button>
  );
  const declineButton = (
    <Button
      fullWidth={stacked}
      variant="default"
      onClick={() => reject.mutate()}
      loading={reject.isPending}
      disabled={accept.isPending}
    >
      {t("organizations.answer.decline")}
    </Button>
  );
  return stacked ? (
    <Stack gap="sm">
      {acceptButton}
      {declineButton}
    </Stack>
  ) : (
    <Group gap="xs">
      {declineButton}
      {acceptButton}
    </Group>
  );
}
