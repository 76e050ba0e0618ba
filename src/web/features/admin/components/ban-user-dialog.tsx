import { Text, Textarea } from "@mantine/core";
import { z } from "zod";
import { t } from "#web/i18n/i18n.ts";
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
      title={t("admin.ban.title", { name: user.name || user.email })}
      onSubmit={form.onSubmit((values) =>
        ban.mutate({ banReason: values.reason.trim(), banExpiresIn: banSeconds(values.duration) }),
      )}
      error={ban.error}
      submitLabel={t("admin.ban.submit")}
      danger
      loading={ban.isPending}
      intro={
        <Text size="sm" c="dimmed">
          {t("admin.ban.intro")}
        </Text>
      }
    >
      <Textarea
        label={t("admin.ban.reason")}
        size="md"
        autosize
        minRows={2}
        maxRows={6}
        maxLength={BAN_REASON_MAX}
        placeholder={t("admin.ban.reasonPlaceholder")}
        data-autofocus
        {...form.getInputProps("reason")}
      />
      <FormSelect
        label={t("admin.ban.ends")}
        data={BAN_DURATIONS.map(({ value, label }) => ({ value, label: t(label) }))}
        {...form.getInputProps("duration")}
      />
    </FormDialog>
  );
}
