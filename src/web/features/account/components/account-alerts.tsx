import { Alert } from "@mantine/core";
import { IconAlertCircle, IconMailForward } from "@tabler/icons-react";
import type { ReactNode } from "react";
import { t } from "#web/i18n/i18n.ts";
import { describeRedirectError } from "#web/lib/redirect-errors.ts";

/** A red alert the person can close once read: a failed upload, or a link that came back refused. */
export function DismissibleAlert({
  title,
  children,
  onClose,
}: {
  title?: string;
  children: ReactNode;
  onClose: () => void;
}) {
  return (
    <Alert
      color="red"
      variant="light"
      title={title}
      icon={<IconAlertCircle size={18} aria-hidden />}
      withCloseButton
      closeButtonLabel={t("account.alerts.dismiss")}
      onClose={onClose}
    >
      {children}
    </Alert>
  );
}

/** The redirect error code a link came back with (SPEC §8), in plain words; nothing without one. */
export function RedirectErrorAlert({
  code,
  next,
  onClose,
}: {
  code: string | null;
  /** What the person can do now, after the explanation. */
  next?: string;
  onClose: () => void;
}) {
  if (!code) return null;
  const { title, description } = describeRedirectError(code);
  return (
    <DismissibleAlert title={title} onClose={onClose}>
      {next ? `${description} ${next}` : description}
    </DismissibleAlert>
  );
}

/** A mail is on its way: what it is for and what happens once it is opened. */
export function MailAlert({
  title,
  color = "indigo",
  children,
  testId,
}: {
  title: string;
  color?: "indigo" | "red";
  children: ReactNode;
  testId?: string;
}) {
  return (
    <Alert
      color={color}
      variant="light"
      icon={<IconMailForward size={18} aria-hidden />}
      title={title}
      data-testid={testId}
    >
      {children}
    </Alert>
  );
}
