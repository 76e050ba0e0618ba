import { Text, Textarea } from "@mantine/core";
import { z } from "zod";
import { useBanUser } from "../api/admin-mutations.ts";
import { BAN_DURATIONS, BAN_REASON_MAX, banReasonSchema, banSeconds } from "../lib/ban.ts";
import { closing, FormDialog, FormSelect, type UserDialogProps, useSchemaForm } from "./form-dialog.tsx";

const banSchema = z.object({ reason: banReasonSchema });

/** Bans a user with a reason (shown to them when they try to sign in) and an optional end. */
export function BanUserDialog({ user, opened, onClose }: UserDialogProps) {
  const ban = useBanUser(user, { onDone: () => close() });
  const form = useSchemaForm(banSchema, { reason: "", duration: "never" });
  const close = closing(onClose, form, ban);

  return (
    <FormDialog
      opened={opened}
      onClose={close}
      title={`Ban ${user.name || user.email}`}
      onSubmit={form.onSubmit((values) =>
        ban.mutate({ banReason: values.reason.trim(), banExpiresIn: banSeconds(values.duration) }),
      )}
      error={ban.error}
      submitLabel="Ban user"
      danger
      loading={ban.isPending}
      intro={
        <Text size="sm" c="dimmed">
          Every session of this user ends at once, and signing in is refused with the reason below until the
          ban ends or you lift it.
        </Text>
      }
    >
      <Textarea
        label="Reason"
        size="md"
        autosize
        minRows={2}
        maxRows={6}
        maxLength={BAN_REASON_MAX}
        placeholder="e.g. Repeated spam in the support forum"
        data-autofocus
        {...form.getInputProps("reason")}
      />
      <FormSelect label="Ban ends" data={BAN_DURATIONS} {...form.getInputProps("duration")} />
    </FormDialog>
  );
}
