import { Alert, Button, type MantineSpacing, Stack, Text } from "@mantine/core";
import { IconAlertCircle, IconAlertTriangle, IconRefresh } from "@tabler/icons-react";
import { type ReactNode, type Ref, useCallback, useLayoutEffect, useRef, useState } from "react";
import { t } from "#web/i18n/i18n.ts";
import { isWorthRetrying } from "#web/lib/api/api-error.ts";
import { type ErrorWording, errorText } from "#web/lib/api/error-text.ts";

interface ErrorAlertProps {
  /** What a call threw; nothing shows while it is empty. */
  error: unknown;
  /** The screen's own words for some codes. */
  wording?: ErrorWording;
  title?: string;
  mt?: MantineSpacing;
  /**
   * What "Try again" does after a failure that asking again may mend (no answer, a server fault). Inside a
   * form it resubmits that form without being told.
   */
  onRetry?: () => void;
  /** More below the text, e.g. a link to the next step. */
  children?: ReactNode;
  /** Given, the alert can take focus (a form moves it there after a failed attempt). */
  ref?: Ref<HTMLDivElement>;
}

function RetryButton({ onClick }: { onClick: () => void }) {
  return (
    <Button size="xs" variant="default" leftSection={<IconRefresh size={14} aria-hidden />} onClick={onClick}>
      {t("common.actions.tryAgain")}
    </Button>
  );
}

/** The one red alert: why an action failed, in plain words, where it was started. */
export function ErrorAlert({ error, wording, title, mt, onRetry, children, ref }: ErrorAlertProps) {
  const root = useRef<HTMLDivElement | null>(null);
  // The alert's node serves both the form lookup below and the caller's ref.
  const attach = useCallback(
    (node: HTMLDivElement | null) => {
      root.current = node;
      if (typeof ref === "function") ref(node);
      else if (ref) ref.current = node;
    },
    [ref],
  );
  const [form, setForm] = useState<HTMLFormElement | null>(null);
  const shown = Boolean(error);
  // The form around the alert is known once it is on the page; found before paint, so no flicker.
  useLayoutEffect(() => {
    setForm(shown ? (root.current?.closest("form") ?? null) : null);
  }, [shown]);
  if (!error) return null;
  const retry = isWorthRetrying(error)
    ? (onRetry ?? (form ? () => form.requestSubmit() : undefined))
    : undefined;
  return (
    <Alert
      ref={attach}
      tabIndex={ref ? -1 : undefined}
      mt={mt}
      color="red"
      variant="light"
      title={title}
      icon={<IconAlertCircle size={18} aria-hidden />}
    >
      {children || retry ? (
        <Stack gap="xs">
          <Text size="sm">{errorText(error, wording)}</Text>
          {children}
          {retry ? (
            <div>
              <RetryButton onClick={retry} />
            </div>
          ) : null}
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
  title = t("common.loadError.title"),
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
        {onRetry ? <RetryButton onClick={onRetry} /> : null}
      </Stack>
    </Alert>
  );
}
