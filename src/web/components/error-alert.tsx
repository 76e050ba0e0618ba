import { Alert, Button, type MantineSpacing, Stack, Text } from "@mantine/core";
import { IconAlertCircle, IconAlertTriangle, IconRefresh } from "@tabler/icons-react";
import type { ReactNode, Ref } from "react";
import { type ErrorWording, errorText } from "#web/lib/api/error-text.ts";

interface ErrorAlertProps {
  /** What a call threw; nothing shows while it is empty. */
  error: unknown;
  /** The screen's own words for some codes. */
  wording?: ErrorWording;
  title?: string;
  mt?: MantineSpacing;
  /** More below the text, e.g. a link to the next step. */
  children?: ReactNode;
  /** Given, the alert can take focus (a form moves it there after a failed attempt). */
  ref?: Ref<HTMLDivElement>;
}

/** The one red alert: why an action failed, in plain words, where it was started. */
export function ErrorAlert({ error, wording, title, mt, children, ref }: ErrorAlertProps) {
  if (!error) return null;
  return (
    <Alert
      ref={ref}
      tabIndex={ref ? -1 : undefined}
      mt={mt}
      color="red"
      variant="light"
      title={title}
      icon={<IconAlertCircle size={18} aria-hidden />}
    >
      {children ? (
        <Stack gap="xs">
          <Text size="sm">{errorText(error, wording)}</Text>
          {children}
        </Stack>
      ) : (
        errorText(error, wording)
      )}
    </Alert>
  );
}

/** The one "couldn't load" alert: a failed load in plain words, with a retry. */
export function LoadError({
  error,
  onRetry,
  title = "We couldn't load this",
  wording,
}: {
  error: unknown;
  onRetry?: () => void;
  title?: string;
  wording?: ErrorWording;
}) {
  return (
    <Alert color="red" variant="light" title={title} icon={<IconAlertTriangle size={18} aria-hidden />}>
      <Stack gap="xs" align="flex-start">
        <Text size="sm">{errorText(error, wording)}</Text>
        {onRetry ? (
          <Button
            size="xs"
            variant="default"
            leftSection={<IconRefresh size={14} aria-hidden />}
            onClick={onRetry}
          >
            Try again
          </Button>
        ) : null}
      </Stack>
    </Alert>
  );
}
