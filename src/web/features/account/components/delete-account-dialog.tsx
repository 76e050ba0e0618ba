import { Button, Group, PasswordInput, Radio, Stack, Text, TextInput } from "@mantine/core";
import { schemaResolver, useForm } from "@mantine/form";
import { AppModal } from "#web/components/app-modal.tsx";
import { t } from "#web/i18n/i18n.ts";
import { useDeleteWithPassword, useRequestDeletionMail } from "../api/use-delete-account.ts";
import { isWrongPassword } from "../api/use-fresh-mutation.ts";
import { DELETE_WORD, deleteAccountSchema } from "../lib/account-forms.ts";
import { MailAlert } from "./account-alerts.tsx";

interface DeleteAccountDialogProps {
  opened: boolean;
  email: string;
  /** Accounts with a password may delete at once with it; the others confirm by mail. */
  hasPassword: boolean;
  onClose: () => void;
  /** After the link was mailed, with when it was asked for. */
  onMailSent: (at: number) => void;
}

/**
 * POST /api/auth/delete-user. Without a password the server mails a link
 * (valid 24 hours) and deletes only when it is opened; with the right password
 * it deletes at once. Either way every session of the account ends.
 */
export function DeleteAccountDialog({ opened, onClose, ...form }: DeleteAccountDialogProps) {
  return (
    <AppModal opened={opened} onClose={onClose} title={t("account.delete.title")} size="lg">
      {opened ? <DeleteForm onClose={onClose} {...form} /> : null}
    </AppModal>
  );
}

function DeleteForm({ email, hasPassword, onClose, onMailSent }: Omit<DeleteAccountDialogProps, "opened">) {
  const byPassword = useDeleteWithPassword();
  const byMail = useRequestDeletionMail(email);
  const form = useForm({
    mode: "controlled",
    initialValues: { method: "mail" as "mail" | "password", password: "", confirm: "" },
    validate: schemaResolver(deleteAccountSchema(), { sync: true }),
  });

  function submit(values: typeof form.values) {
    if (values.method === "mail") {
      byMail.mutate(undefined, { onSuccess: onMailSent });
      return;
    }
    byPassword.mutate(values.password, {
      onError: (error) => {
        if (isWrongPassword(error)) form.setFieldError("password", t("account.delete.wrongPassword"));
      },
    });
  }

  const mail = form.values.method === "mail";

  return (
    <form onSubmit={form.onSubmit(submit)} noValidate>
      <Stack gap="md">
        <Text size="sm">{t("account.delete.intro")}</Text>
        {hasPassword ? (
          <Radio.Group label={t("account.delete.methodLabel")} {...form.getInputProps("method")}>
            <Stack gap="xs" mt="xs">
              <Radio value="mail" label={t("account.delete.byMail")} />
              <Radio value="password" label={t("account.delete.byPassword")} />
            </Stack>
          </Radio.Group>
        ) : null}
        {mail ? (
          <MailAlert title={t("account.delete.howTitle")}>{t("account.delete.howText", { email })}</MailAlert>
        ) : (
          <PasswordInput
            label={t("account.delete.passwordLabel")}
            autoComplete="current-password"
            data-autofocus
            {...form.getInputProps("password")}
          />
        )}
        <TextInput
          label={t("account.delete.confirmWordLabel", { word: DELETE_WORD })}
          autoComplete="off"
          spellCheck={false}
          {...form.getInputProps("confirm")}
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            {t("account.delete.cancel")}
          </Button>
          {/* A full page load follows a deletion by password, so the button stays busy until then. */}
          <Button
            type="submit"
            color="red.9"
            loading={byMail.isPending || byPassword.isPending || byPassword.isSuccess}
          >
            {mail ? t("account.delete.sendLink") : t("account.delete.deleteNow")}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
