import { Button, Group, Stack, Text, TextInput } from "@mantine/core";
import { schemaResolver, useForm } from "@mantine/form";
import { IconSend } from "@tabler/icons-react";
import { z } from "zod";
import { emailSchema } from "#shared/fields.ts";
import { LIMITS } from "#shared/limits.ts";
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
        email: emailSchema("Enter an email address").refine(
          (email) => email.toLowerCase() !== user.email.toLowerCase(),
          "That is already your address",
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
          label="New email address"
          type="email"
          autoComplete="email"
          inputMode="email"
          maxLength={LIMITS.email}
          data-autofocus
          {...form.getInputProps("email")}
        />
        <Text size="sm" c="dimmed">
          {user.emailVerified
            ? `For your safety we first email ${user.email} to approve the change, then the new address to confirm it. Your address changes only after both.`
            : "We email the new address a link; your address changes, verified, once you open it."}
        </Text>
        <Group gap="sm">
          <Button type="submit" loading={request.isPending} leftSection={<IconSend size={16} aria-hidden />}>
            Send confirmation link
          </Button>
          <Button variant="default" onClick={onCancel}>
            Cancel
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
