import { Button, Stack, Text, TextInput } from "@mantine/core";
import { IconSend } from "@tabler/icons-react";
import { useState } from "react";
import { emailSchema } from "#shared/fields.ts";
import { LIMITS } from "#shared/limits.ts";
import { t } from "#web/i18n/i18n.ts";
import { useResendVerification } from "../lib/use-resend-verification.ts";

/**
 * "Resend email" for a verification link, with a cooldown. When the address
 * is not known (e.g. opened from an expired link) it asks for it.
 */
export function ResendVerification({
  email: knownEmail,
  variant = "default",
}: {
  email?: string;
  variant?: "default" | "filled";
}) {
  const [email, setEmail] = useState(knownEmail ?? "");
  const [fieldError, setFieldError] = useState<string | null>(null);
  const { resend, sending, cooldown } = useResendVerification((address) => ({
    title: t("auth.resend.sentTitle"),
    message: t("auth.resend.sentMessage", { email: address }),
  }));

  function submit(event: React.FormEvent) {
    event.preventDefault();
    const checked = emailSchema(t("auth.field.emailRequired")).safeParse(email);
    setFieldError(checked.error?.issues[0]?.message ?? null);
    if (checked.success) resend(checked.data);
  }

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        {knownEmail ? null : (
          <TextInput
            label={t("auth.field.email")}
            type="email"
            autoComplete="email"
            required
            maxLength={LIMITS.email}
            value={email}
            error={fieldError}
            onChange={(event) => {
              setEmail(event.currentTarget.value);
              setFieldError(null);
            }}
          />
        )}
        <Button
          type="submit"
          variant={variant}
          fullWidth
          size="md"
          loading={sending}
          disabled={cooldown.active}
          leftSection={<IconSend size={16} aria-hidden />}
        >
          {t("auth.resend.button")}
        </Button>
        <Text size="xs" c="dimmed" ta="center" aria-live="polite">
          {cooldown.active ? t("auth.resend.cooldown", { seconds: cooldown.remaining }) : ""}
        </Text>
      </Stack>
    </form>
  );
}
