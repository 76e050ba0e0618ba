import {
  Alert,
  Button,
  Group,
  Modal,
  PasswordInput,
  Radio,
  Stack,
  Text,
  TextInput,
  ThemeIcon,
} from "@mantine/core";
import { useForm } from "@mantine/form";
import { IconAlertTriangle, IconMailForward } from "@tabler/icons-react";
import { authClient } from "#web/lib/auth-client.ts";
import { unwrap } from "../lib/auth-call.ts";
import { useFreshAction } from "../lib/fresh-action.tsx";
import { notifyError } from "../lib/notify.ts";

/** Where the mailed link (GET /api/auth/delete-user/callback) sends the browser once the account is gone. */
export const DELETED_URL = "/account/deleted";

const CONFIRM_WORD = "DELETE";

interface DeleteAccountDialogProps {
  opened: boolean;
  email: string;
  /** Accounts with a password may delete at once with it; the others confirm by mail. */
  hasPassword: boolean;
  onClose: () => void;
  onMailSent: () => void;
}

/**
 * POST /api/auth/delete-user. Without a password the server mails a link
 * (valid 24 hours) and deletes only when it is opened; with the right password
 * it deletes at once. Either way every session of the account ends.
 */
export function DeleteAccountDialog({
  opened,
  email,
  hasPassword,
  onClose,
  onMailSent,
}: DeleteAccountDialogProps) {
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      centered
      size="lg"
      closeButtonProps={{ "aria-label": "Close" }}
      title={
        <Group component="span" gap="sm" wrap="nowrap">
          <ThemeIcon component="span" color="red" variant="light" radius="xl" size={34} aria-hidden>
            <IconAlertTriangle size={18} stroke={1.7} />
          </ThemeIcon>
          <Text component="span" fw={700} fz="lg">
            Delete your account?
          </Text>
        </Group>
      }
    >
      {opened ? (
        <DeleteForm email={email} hasPassword={hasPassword} onClose={onClose} onMailSent={onMailSent} />
      ) : null}
    </Modal>
  );
}

function DeleteForm({ email, hasPassword, onClose, onMailSent }: Omit<DeleteAccountDialogProps, "opened">) {
  const fresh = useFreshAction();
  const form = useForm({
    mode: "controlled",
    initialValues: { method: "mail" as "mail" | "password", password: "", confirm: "" },
    validate: {
      confirm: (value) => (value.trim() === CONFIRM_WORD ? null : `Type ${CONFIRM_WORD} in capital letters`),
      password: (value, values) => (values.method === "password" && !value ? "Enter your password" : null),
    },
  });

  async function submit(values: typeof form.values) {
    try {
      if (values.method === "password") {
        await unwrap(authClient.deleteUser({ password: values.password, callbackURL: DELETED_URL }));
        // A full load: nothing of the deleted account stays in memory.
        window.location.assign(DELETED_URL);
        return;
      }
      await fresh.run(() => unwrap(authClient.deleteUser({ callbackURL: DELETED_URL })));
      onMailSent();
    } catch (error) {
      if ((error as { code?: string }).code === "INVALID_PASSWORD") {
        form.setFieldError("password", "That password is not correct");
        return;
      }
      notifyError("Could not delete your account", error);
    }
  }

  const byMail = form.values.method === "mail";

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
        {byMail ? (
          <Alert
            color="indigo"
            variant="light"
            icon={<IconMailForward size={18} aria-hidden />}
            title="How it works"
          >
            {`We send a link to ${email}. Your account is deleted only when you open it, in a browser where you are signed in, within 24 hours. Until then nothing changes.`}
          </Alert>
        ) : (
          <PasswordInput
            label="Password"
            autoComplete="current-password"
            data-autofocus
            {...form.getInputProps("password")}
          />
        )}
        <TextInput
          label={`Type ${CONFIRM_WORD} to confirm`}
          autoComplete="off"
          spellCheck={false}
          {...form.getInputProps("confirm")}
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" color="red.9" loading={form.submitting}>
            {byMail ? "Send deletion link" : "Delete account"}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
