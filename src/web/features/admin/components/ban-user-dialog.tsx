import { Alert, Button, Group, Select, Stack, Text, Textarea } from "@mantine/core";
import { useForm } from "@mantine/form";
import { notifications } from "@mantine/notifications";
import { IconAlertCircle } from "@tabler/icons-react";
import { useBanUser } from "../api/admin-users.ts";
import { adminErrorText } from "../lib/admin-errors.ts";
import { AdminDialog, type UserDialogProps } from "./admin-dialog.tsx";

const DURATIONS = [
  { value: "never", label: "Until unbanned" },
  { value: String(60 * 60), label: "1 hour" },
  { value: String(24 * 60 * 60), label: "1 day" },
  { value: String(7 * 24 * 60 * 60), label: "7 days" },
  { value: String(30 * 24 * 60 * 60), label: "30 days" },
];

const REASON_MAX = 500;

/** Bans a user with a reason (shown to them when they try to sign in) and an optional end. */
export function BanUserDialog({ user, opened, onClose }: UserDialogProps) {
  const ban = useBanUser();
  const form = useForm({
    mode: "controlled",
    initialValues: { reason: "", duration: "never" },
    validate: {
      reason: (value) => {
        if (!value.trim()) return "Enter a reason: the user sees it when they try to sign in";
        return value.length > REASON_MAX ? `Keep the reason under ${REASON_MAX} characters` : null;
      },
    },
  });

  function close() {
    form.reset();
    ban.reset();
    onClose();
  }

  async function handleSubmit(values: typeof form.values) {
    const seconds = values.duration === "never" ? undefined : Number(values.duration);
    const done = await ban
      .mutateAsync({ userId: user.id, banReason: values.reason.trim(), banExpiresIn: seconds })
      .then(() => true)
      .catch(() => false);
    if (!done) return;
    notifications.show({
      color: "teal",
      title: "User banned",
      message: `${user.name || user.email} was signed out everywhere and cannot sign in.`,
    });
    close();
  }

  return (
    <AdminDialog opened={opened} onClose={close} title={`Ban ${user.name || user.email}`}>
      <form onSubmit={form.onSubmit(handleSubmit)} noValidate>
        <Stack gap="md">
          <Text size="sm" c="dimmed">
            Every session of this user ends at once, and signing in is refused with the reason below until the
            ban ends or you lift it.
          </Text>
          {ban.error ? (
            <Alert color="red" variant="light" icon={<IconAlertCircle size={18} aria-hidden />}>
              {adminErrorText(ban.error)}
            </Alert>
          ) : null}
          <Textarea
            label="Reason"
            size="md"
            autosize
            minRows={2}
            maxRows={6}
            maxLength={REASON_MAX}
            placeholder="e.g. Repeated spam in the support forum"
            data-autofocus
            {...form.getInputProps("reason")}
          />
          <Select
            label="Ban ends"
            size="md"
            allowDeselect={false}
            data={DURATIONS}
            comboboxProps={{ withinPortal: true }}
            {...form.getInputProps("duration")}
          />
          <Group justify="flex-end" gap="sm" mt="xs">
            <Button variant="default" onClick={close}>
              Cancel
            </Button>
            <Button type="submit" color="red.9" loading={ban.isPending}>
              Ban user
            </Button>
          </Group>
        </Stack>
      </form>
    </AdminDialog>
  );
}
