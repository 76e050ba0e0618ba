import { Button, Group, Stack, Text, TextInput } from "@mantine/core";
import { schemaResolver, useForm } from "@mantine/form";
import { useState } from "react";
import { z } from "zod";
import { secondFactorCodeSchema } from "#shared/fields.ts";
import { AppModal, DialogActions } from "#web/components/app-modal.tsx";
import { CurrentPasswordField } from "#web/components/current-password-field.tsx";
import { ErrorAlert } from "#web/components/error-alert.tsx";
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

const CODE_WORDING = {
  codes: {
    INVALID_CODE: "That code is not right. Use the newest code from your app, or an unused backup code.",
    ACCOUNT_TEMPORARILY_LOCKED: "Too many wrong codes; try again in 15 minutes.",
  },
};

function passwordRule(hasPassword: boolean) {
  return hasPassword ? z.string().min(1, "Enter your password") : z.string();
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
        if (isWrongPassword(error)) form.setFieldError("password", "That password is not correct");
      },
    });
  }

  const shownError =
    isWrongPassword(regenerate.error) || isReauthCancelled(regenerate.error) ? null : regenerate.error;

  return (
    <AppModal
      opened={opened}
      onClose={close}
      title={codes ? "Your new backup codes" : "Get new backup codes?"}
    >
      {codes ? (
        <Stack gap="md">
          <BackupCodes codes={codes} email={email} />
          <Group justify="flex-end">
            <Button onClick={close}>Done</Button>
          </Group>
        </Stack>
      ) : (
        <form onSubmit={form.onSubmit(submit)} noValidate>
          <Stack gap="md">
            <Text size="sm">
              You'll get 10 new codes. Your current backup codes stop working at once, including any you saved
              or printed.
            </Text>
            <ErrorAlert error={shownError} />
            {hasPassword ? (
              <CurrentPasswordField
                email={email}
                label="Your password"
                data-autofocus
                {...form.getInputProps("password")}
              />
            ) : null}
            <DialogActions
              confirmLabel="Get new codes"
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
          if (isWrongPassword(error)) form.setFieldError("password", "That password is not correct");
        },
      },
    );
  }

  const shownError =
    isWrongPassword(disable.error) || isReauthCancelled(disable.error) ? null : disable.error;

  return (
    <AppModal opened={opened} onClose={close} title="Turn off two-factor authentication?">
      <form onSubmit={form.onSubmit(submit)} noValidate>
        <Stack gap="md">
          <Text size="sm">
            Signing in will need only your password. Your backup codes and trusted devices stop working.
          </Text>
          <ErrorAlert error={shownError} wording={CODE_WORDING} />
          {hasPassword ? (
            <CurrentPasswordField
              email={email}
              label="Your password"
              data-autofocus
              {...form.getInputProps("password")}
            />
          ) : null}
          <TextInput
            label="Code from your app, or a backup code"
            autoComplete="one-time-code"
            data-autofocus={hasPassword ? undefined : true}
            {...form.getInputProps("code")}
          />
          <DialogActions confirmLabel="Turn off" danger onCancel={close} loading={disable.isPending} />
        </Stack>
      </form>
    </AppModal>
  );
}
