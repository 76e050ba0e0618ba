import { Button, Group, PasswordInput, Radio, Stack, Text, TextInput } from "@mantine/core";
import { schemaResolver, useForm } from "@mantine/form";
import { AppModal } from "#web/components/app-modal.tsx";
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
    <AppModal opened={opened} onClose={onClose} title="Delete your account?" size="lg">
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
    validate: schemaResolver(deleteAccountSchema, { sync: true }),
  });

  function submit(values: typeof form.values) {
    if (values.method === "mail") {
      byMail.mutate(undefined, { onSuccess: onMailSent });
      return;
    }
    byPassword.mutate(values.password, {
      onError: (error) => {
        if (isWrongPassword(error)) form.setFieldError("password", "That password is not correct");
      },
    });
  }

  const mail = form.values.method === "mail";

  return (
    <form onSubmit={form.onSubmit(submit)} noValidate>
      <Stack gap="md">
        <Text size="sm">
          Your profile, sign-in methods and every session are removed for good. Organizations you own alone
          must be handed over or deleted first. This cannot be undone.
        </Text>
        {hasPassword ? (
          <Radio.Group label="How do you want to confirm?" {...form.getInputProps("method")}>
            <Stack gap="xs" mt="xs">
              <Radio value="mail" label="Email me a confirmation link" />
              <Radio value="password" label="Enter my password and delete now" />
            </Stack>
          </Radio.Group>
        ) : null}
        {mail ? (
          <MailAlert title="How it works">
            {`We send a link to ${email}. Your account is deleted only when you open it, in a browser where you are signed in, within 24 hours. Until then nothing changes.`}
          </MailAlert>
        ) : (
          <PasswordInput
            label="Password"
            autoComplete="current-password"
            data-autofocus
            {...form.getInputProps("password")}
          />
        )}
        <TextInput
          label={`Type ${DELETE_WORD} to confirm`}
          autoComplete="off"
          spellCheck={false}
          {...form.getInputProps("confirm")}
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          {/* A full page load follows a deletion by password, so the button stays busy until then. */}
          <Button
            type="submit"
            color="red.9"
            loading={byMail.isPending || byPassword.isPending || byPassword.isSuccess}
          >
            {mail ? "Send deletion link" : "Delete account"}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
