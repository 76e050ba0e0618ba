import { Button, Center, Code, Group, PasswordInput, Stack, Text, TextInput } from "@mantine/core";
import { schemaResolver, useForm } from "@mantine/form";
import { useState } from "react";
import { z } from "zod";
import { normalizeTotpCode, totpCodeSchema } from "#shared/fields.ts";
import { AppModal, DialogActions } from "#web/components/app-modal.tsx";
import { CopyValueButton } from "#web/components/copy-value.tsx";
import { ErrorAlert } from "#web/components/error-alert.tsx";
import { QrCode } from "#web/components/qr-code.tsx";
import { t } from "#web/i18n/i18n.ts";
import type { MessageId } from "#web/i18n/message-id.ts";
import { isWrongPassword } from "../api/use-fresh-mutation.ts";
import { type Enrolment, useConfirmEnrolment, useStartEnrolment } from "../api/use-two-factor.ts";
import { BackupCodes } from "./backup-codes.tsx";

interface EnrolDialogProps {
  opened: boolean;
  onClose: () => void;
  email: string;
  /** Without a password, a fresh session stands in for it. */
  hasPassword: boolean;
}

const TITLES: Record<"password" | "scan" | "codes", MessageId> = {
  password: "account.enrol.titlePassword",
  scan: "account.enrol.titleScan",
  codes: "account.enrol.titleCodes",
};

/**
 * Enrolment in three steps: the password (POST /two-factor/enable), the QR code or setup key and a first
 * code (POST /two-factor/verify-totp), then the backup codes, shown once.
 */
export function EnrolTwoFactorDialog({ opened, onClose, email, hasPassword }: EnrolDialogProps) {
  const [enrolment, setEnrolment] = useState<Enrolment | null>(null);
  const [confirmed, setConfirmed] = useState(false);
  const step = !enrolment ? "password" : confirmed ? "codes" : "scan";

  function close() {
    onClose();
    setEnrolment(null);
    setConfirmed(false);
  }

  return (
    <AppModal opened={opened} onClose={close} title={t(TITLES[step])} size="lg">
      {step === "password" ? (
        <PasswordStep hasPassword={hasPassword} email={email} onStarted={setEnrolment} onCancel={close} />
      ) : step === "scan" && enrolment ? (
        <ScanStep totpURI={enrolment.totpURI} onConfirmed={() => setConfirmed(true)} onCancel={close} />
      ) : enrolment ? (
        <Stack gap="md">
          <Text size="sm">{t("account.enrol.onText")}</Text>
          <BackupCodes codes={enrolment.backupCodes} email={email} />
          <Group justify="flex-end">
            <Button onClick={close}>{t("account.twoFactor.done")}</Button>
          </Group>
        </Stack>
      ) : null}
    </AppModal>
  );
}

function PasswordStep({
  hasPassword,
  email,
  onStarted,
  onCancel,
}: {
  hasPassword: boolean;
  email: string;
  onStarted: (enrolment: Enrolment) => void;
  onCancel: () => void;
}) {
  const start = useStartEnrolment();
  const form = useForm({
    mode: "controlled",
    initialValues: { password: "" },
    validate: schemaResolver(
      z.object({
        password: hasPassword ? z.string().min(1, t("account.twoFactor.passwordMissing")) : z.string(),
      }),
      { sync: true },
    ),
  });

  function submit({ password }: typeof form.values) {
    start.mutate(password, {
      onSuccess: onStarted,
      onError: (error) => {
        if (isWrongPassword(error)) form.setFieldError("password", t("account.twoFactor.wrongPassword"));
      },
    });
  }

  return (
    <form onSubmit={form.onSubmit(submit)} noValidate>
      <Stack gap="md">
        <Text size="sm">{t("account.enrol.intro")}</Text>
        <ErrorAlert error={isWrongPassword(start.error) ? null : start.error} />
        {hasPassword ? (
          <>
            <input type="text" name="username" autoComplete="username" value={email} readOnly hidden />
            <PasswordInput
              label={t("account.twoFactor.yourPassword")}
              description={t("account.enrol.passwordHint")}
              autoComplete="current-password"
              data-autofocus
              {...form.getInputProps("password")}
            />
          </>
        ) : null}
        <DialogActions
          confirmLabel={t("account.enrol.continue")}
          onCancel={onCancel}
          loading={start.isPending}
        />
      </Stack>
    </form>
  );
}

/** The setup key as apps show it: groups of four. */
function grouped(secret: string): string {
  return secret.replace(/(.{4})/g, "$1 ").trim();
}

function ScanStep({
  totpURI,
  onConfirmed,
  onCancel,
}: {
  totpURI: string;
  onConfirmed: () => void;
  onCancel: () => void;
}) {
  const confirm = useConfirmEnrolment();
  const secret = new URL(totpURI).searchParams.get("secret") ?? "";
  const form = useForm({
    mode: "controlled",
    initialValues: { code: "" },
    validate: schemaResolver(z.object({ code: totpCodeSchema }), { sync: true }),
  });

  return (
    <form
      onSubmit={form.onSubmit(({ code }) =>
        confirm.mutate(normalizeTotpCode(code), { onSuccess: onConfirmed }),
      )}
      noValidate
    >
      <Stack gap="md">
        <Text size="sm">{t("account.enrol.scan")}</Text>
        <Center>
          <QrCode value={totpURI} label={t("account.enrol.qrLabel")} />
        </Center>
        <Stack gap={6}>
          <Text size="sm" id="setup-key-label">
            {t("account.enrol.cantScan")}
          </Text>
          <Group gap="xs" wrap="nowrap">
            <Code
              fz="md"
              data-testid="totp-secret"
              aria-labelledby="setup-key-label"
              style={{ overflowWrap: "anywhere", flex: 1 }}
            >
              {grouped(secret)}
            </Code>
            <CopyValueButton value={secret} label={t("account.enrol.copyKeyLabel")} size="xs" />
          </Group>
        </Stack>
        <ErrorAlert
          error={confirm.error}
          wording={{
            codes: { INVALID_CODE: t("account.enrol.invalidCode") },
          }}
        />
        <TextInput
          label={t("account.enrol.codeLabel")}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={9}
          // Also when this step replaces the password's: its form, and the focus in it, are gone.
          data-autofocus
          autoFocus
          {...form.getInputProps("code")}
        />
        <DialogActions
          confirmLabel={t("account.enrol.verify")}
          onCancel={onCancel}
          loading={confirm.isPending}
        />
      </Stack>
    </form>
  );
}
