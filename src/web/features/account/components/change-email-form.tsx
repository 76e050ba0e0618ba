import { Button, Group, Stack, Text, TextInput } from "@mantine/core";
import { schemaResolver, useForm } from "@mantine/form";
import { IconSend } from "@tabler/icons-react";
import { z } from "zod";
import { emailSchema } from "#shared/fields.ts";
import { LIMITS } from "#shared/limits.ts";
import { t } from "#web/i18n/i18n.ts";
import type { Session } from "#web/lib/auth-client.ts";
import { useRequestEmailChange } from "../api/use-email.ts";

/** The new address, checked here and then mailed a link; the fresh-session rule may ask for the password first. */
export function ChangeEmailForm({
  user,
  onCancel,
  onSent,
}: {
  user: Session["user"];
  onCancel: () => void;
  onSent: () => void;
}) {
  const request = useRequestEmailChange();
  const form = useForm({
    mode: "controlled",
    initialValues: { email: "" },
    validateInputOnBlur: true,
    validate: schemaResolver(
      z.object({
        email: emailSchema(t("account.email.newMissing")).refine(
          (email) => email.toLowerCase() !== user.email.toLowerCase(),
          t("account.email.sameAddress"),
        ),
      }),
      { sync: true },
    ),
  });

  function submit(values: typeof form.values) {
    request.mutate(
      { newEmail: values.email.trim().toLowerCase(), verified: user.emailVerified, from: user.email },
      { onSuccess: onSent },
    );
  }

  return (
    <form onSubmit={form.onSubmit(submit)} noValidate>
      <Stack gap="sm" maw={480}>
        <TextInput
          label={t("account.email.newLabel")}
          type="email"
          autoComplete="email"
          inputMode="email"
          maxLength={LIMITS.email}
          data-autofocus
          {...form.getInputProps("email")}
        />
        <Text size="sm" c="dimmed">
          {user.emailVerified
            ? t("account.email.twoStepHint", { email: user.email })
            : t("account.email.oneStepHint")}
        </Text>
        <Group gap="sm">
          <Button type="submit" loading={request.isPending} leftSection={<IconSend size={16} aria-hidden />}>
            {t("account.email.send")}
          </Button>
          <Button variant="default" onClick={onCancel}>
            {t("account.email.cancel")}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
