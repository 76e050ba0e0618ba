import { Alert, Button, Stack, Text } from "@mantine/core";
import { IconAlertCircle } from "@tabler/icons-react";
import { errorText } from "../lib/auth-call.ts";

/** A section whose data did not load: what went wrong, and a way to try again. */
export function LoadError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  return (
    <Alert color="red" variant="light" icon={<IconAlertCircle size={18} aria-hidden />} title="Couldn't load">
      <Stack gap="xs" align="flex-start">
        <Text size="sm">{errorText(error)}</Text>
        <Button size="xs" variant="default" onClick={onRetry}>
          Try again
        </Button>
      </Stack>
    </Alert>
  );
}
