import { Button, Group, Stack, Text } from "@mantine/core";
import { AppModal } from "#web/components/app-modal.tsx";
import { CopyField } from "#web/components/copy-field.tsx";
import { ShownOnceAlert } from "#web/components/shown-once-alert.tsx";
import { t } from "#web/i18n/i18n.ts";
import type { IssuedCredentials } from "../api/applications.ts";

interface CredentialsDialogProps {
  /** What the provider just issued; the dialog is open while it is set. */
  issued: IssuedCredentials | null;
  /** "registered" after registering, "rotated" after a new secret. */
  reason: "registered" | "rotated";
  onClose: () => void;
}

/**
 * The one moment a client secret is visible: Gatehouse keeps only its hash. Copy it now, or rotate it
 * later for a new one.
 */
export function CredentialsDialog({ issued, reason, onClose }: CredentialsDialogProps) {
  const secret = issued?.client_secret;
  return (
    <AppModal
      opened={issued !== null}
      onClose={onClose}
      title={
        reason === "rotated" ? t("admin.credentials.rotatedTitle") : t("admin.credentials.registeredTitle")
      }
      size="lg"
    >
      <Stack gap="md">
        {secret ? (
          <ShownOnceAlert title={t("admin.credentials.copyNow")}>
            {reason === "rotated"
              ? t("admin.credentials.shownOnceRotated")
              : t("admin.credentials.shownOnce")}
          </ShownOnceAlert>
        ) : (
          <Text size="sm">{t("admin.credentials.noSecret")}</Text>
        )}
        {issued ? <CopyField label={t("admin.credentials.clientId")} value={issued.client_id} /> : null}
        {secret ? <CopyField label={t("admin.credentials.clientSecret")} value={secret} /> : null}
        <Group justify="flex-end">
          <Button onClick={onClose} data-autofocus>
            {secret ? t("admin.credentials.copied") : t("admin.credentials.done")}
          </Button>
        </Group>
      </Stack>
    </AppModal>
  );
}
