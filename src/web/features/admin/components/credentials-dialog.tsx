import { Button, Group, Stack, Text } from "@mantine/core";
import { AppModal } from "#web/components/app-modal.tsx";
import { CopyField } from "#web/components/copy-field.tsx";
import { ShownOnceAlert } from "#web/components/shown-once-alert.tsx";
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
      title={reason === "rotated" ? "New client secret" : "App registered"}
      size="lg"
    >
      <Stack gap="md">
        {secret ? (
          <ShownOnceAlert title="Copy the secret now">
            This is the only time the secret is shown: Gatehouse stores only a hash of it. Keep it in your
            app's server configuration, never in a browser or mobile app.
            {reason === "rotated" ? " The previous secret no longer works." : null}
          </ShownOnceAlert>
        ) : (
          <Text size="sm">
            This app has no secret: it proves each sign-in with PKCE. Give its developer the client ID.
          </Text>
        )}
        {issued ? <CopyField label="Client ID" value={issued.client_id} /> : null}
        {secret ? <CopyField label="Client secret" value={secret} /> : null}
        <Group justify="flex-end">
          <Button onClick={onClose} data-autofocus>
            {secret ? "I've copied the secret" : "Done"}
          </Button>
        </Group>
      </Stack>
    </AppModal>
  );
}
