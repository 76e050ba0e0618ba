import { Button, Group, Stack, Text, TextInput } from "@mantine/core";
import { schemaResolver, useForm } from "@mantine/form";
import { useState } from "react";
import { z } from "zod";
import { secondFactorCodeSchema } from "#shared/fields.ts";
import { AppModal, DialogActions } from "#web/components/app-modal.tsx";
import { CurrentPasswordField } from "#web/components/current-password-field.tsx";
import { ErrorAlert } from "#web/components/error-alert.tsx";
import { t } from "#web/i18n/i18n.ts";
import type { ErrorWording } from "#web/lib/api/error-text.ts";
import { isWrongPassword } from "../api/use-fresh-mutation.ts";
import { useDisableTwoFactor, useRegenerateBackupCodes } from "../api/use-two-factor.ts";
import { isReauthCancelled } from "../lib/fresh-action.tsx";
import { BackupCodes } from "./backup-codes.tsx";

interface DialogProps {
  opened: boolean;
  onClose: () => void;
  email: string;
  hasPassword: boolean;
}

/** What a wrong code means in this dialog, where a backup code is accepted too. */
function codeWording(): ErrorWording {
  return {
    codes: {
      INVALID_CODE: t("account.twoFactor.invalidCodeOrBackup"),
      ACCOUNT_TEMPORARILY_LOCKED: t("account.twoFactor.locked"),
    },
  };
}

function passwordRule(hasPassword: boolean) {
  return hasPassword ? z.string().min(1, t("account.twoFactor.passwordMissing")) : z.string();
}

/** New backup codes (POST /two-factor/generate-backup-codes): the old ones stop working. */
export function RegenerateCodesDialog({ opened, onClose, email, hasPassword }: DialogProps) {
  const regenerate = useRegenerateBackupCodes();
  const [codes, setCodes] = useState<string[] | null>(null);
  const form = useForm({
    mode: "controlled",
    initialValues: { password: "" },
    validate: schemaResolver(z.object({ password: passwordRule(hasPassword) }), { sync: true }),
  });

  function close() {
    onClose();
    setCodes(null);
    form.reset();
    regenerate.reset();
  }

  function submit({ password }: typeof form.values) {
    regenerate.mutate(password, {
      onSuccess: setCodes,
      onError: (error) => {
        if (isWrongPassword(error)) form.setFieldError("password", t("account.twoFactor.wrongPassword"));
      },
    });
  }

  const shownError =
    isWrongPassword(regenerate.error) || isReauthCancelled(regenerate.error) ? null : regenerate.error;

  return (
    <AppModal
      opened={opened}
      onClose={close}
      title={codes ? t("account.twoFactor.newCodesTitle") : t("account.twoFactor.newCodesQuestion")}
    >
      {codes ? (
        <Stack gap="md">
          <BackupCodes codes={codes} email={email} />
          <Group justify="flex-end">
            <Button onClick={close}>{t("account.twoFactor.done")}</Button>
          </Group>
        </Stack>
      ) : (
        <form onSubmit={form.onSubmit(submit)} noValidate>
          <Stack gap="md">
            <Text size="sm">{t("account.twoFactor.newCodesText")}</Text>
            <ErrorAlert error={shownError} />
            {hasPassword ? (
              <CurrentPasswordField
                email={email}
                label={t("account.twoFactor.yourPassword")}
                data-autofocus
                {...form.getInputProps("password")}
              />
            ) : null}
            <DialogActions
              confirmLabel={t("account.twoFactor.getNewCodes")}
              danger
              onCancel={close}
              loading={regenerate.isPending}
            />
          </Stack>
        </form>
      )}
    </AppModal>
  );
}

/** Turning two-factor off (POST /two-factor/disable): the password and a current code. */
export function DisableTwoFactorDialog({ opened, onClose, email, hasPassword }: DialogProps) {
  const disable = useDisableTwoFactor();
  const form = useForm({
    mode: "controlled",
    initialValues: { password: "", code: "" },
    validate: schemaResolver(
      z.object({ password: passwordRule(hasPassword), code: secondFactorCodeSchema }),
      { sync: true },
    ),
  });

  function close() {
    onClose();
    form.reset();
    disable.reset();
  }

  function submit(values: typeof form.values) {
    disable.mutate(
      { password: values.password, code: values.code.trim() },
      {
        onSuccess: close,
        onError: (error) => {
          if (isWrongPassword(error)) form.setFieldError("password", t("account.twoFactor.wrongPassword"));
        },
      },
    );
  }

  const shownError =
    isWrongPassword(disable.error) || isReauthCancelled(disable.error) ? null : disable.error;

  return (
    <AppModal opened={opened} onClose={close} title={t("account.twoFactor.turnOffQuestion")}>
      <form onSubmit={form.onSubmit(submit)} noValidate>
        <Stack gap="md">
          <Text size="sm">{t("account.twoFactor.turnOffText")}</Text>
          <ErrorAlert error={shownError} wording={codeWording()} />
          {hasPassword ? (
            <CurrentPasswordField
              email={email}
              label={t("account.twoFactor.yourPassword")}
              data-autofocus
              {...form.getInputProps("password")}
            />
          ) : null}
          <TextInput
            label={t("account.twoFactor.codeOrBackupLabel")}
            autoComplete="one-time-code"
            data-autofocus={hasPassword ? undefined : true}
            {...form.getInputProps("code")}
          />
          <DialogActions
            confirmLabel={t("account.twoFactor.turnOff")}
            danger
            onCancel={close}
            loading={disable.isPending}
          />
        </Stack>
      </form>
    </AppModal>
  );
}
