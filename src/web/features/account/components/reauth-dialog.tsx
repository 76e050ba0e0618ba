import { Button, Divider, Group, Stack, Text } from "@mantine/core";
import { schemaResolver, useForm } from "@mantine/form";
import { IconKey } from "@tabler/icons-react";
import { z } from "zod";
import { AppModal } from "#web/components/app-modal.tsx";
import { CurrentPasswordField } from "#web/components/current-password-field.tsx";
import { ErrorAlert } from "#web/components/error-alert.tsx";
import { TextLink } from "#web/components/text-link.tsx";
import { t } from "#web/i18n/i18n.ts";
import { useAppConfig } from "#web/lib/app-config.ts";
import { authClient } from "#web/lib/auth-client.ts";
import { passkeySupport } from "#web/lib/passkey-support.ts";
import { CREDENTIAL_PROVIDER } from "#web/lib/social-providers.ts";
import { useHasPassword, useLinkedAccounts } from "../api/use-linked-accounts.ts";
import { usePasskeys } from "../api/use-passkeys.ts";
import {
  useReauthenticate,
  useReauthenticateWithPasskey,
  useReauthenticateWithProvider,
} from "../api/use-reauthenticate.ts";
import { ProviderButton } from "./provider-button.tsx";

interface ReauthDialogProps {
  opened: boolean;
  /** true once the session is fresh again, false when the person gave up. */
  onDone: (ok: boolean) => void;
}

/**
 * Asks for the password again when the server wants a recent sign-in
 * (SPEC §4, §8), through POST /api/auth/reauthenticate, which swaps the
 * session for a fresh one. Accounts without a password sign in again with
 * their provider instead.
 */
export function ReauthDialog({ opened, onDone }: ReauthDialogProps) {
  return (
    <AppModal opened={opened} onClose={() => onDone(false)} title={t("account.reauth.title")}>
      {opened ? <ReauthForm onDone={onDone} /> : null}
    </AppModal>
  );
}

function ReauthForm({ onDone }: { onDone: (ok: boolean) => void }) {
  const config = useAppConfig();
  const { data: session } = authClient.useSession();
  const hasPassword = useHasPassword();
  const accounts = useLinkedAccounts();
  const reauthenticate = useReauthenticate();
  const withProvider = useReauthenticateWithProvider();
  const withPasskey = useReauthenticateWithPasskey();
  const hasPasskeys = (usePasskeys().data?.length ?? 0) > 0 && passkeySupport() === "ok";

  // Once the provider accepted, the browser is leaving: the buttons stay busy.
  const leaving = withProvider.isPending || withProvider.isSuccess;

  const form = useForm({
    mode: "controlled",
    initialValues: { password: "" },
    validate: schemaResolver(z.object({ password: z.string().min(1, t("account.reauth.passwordMissing")) }), {
      sync: true,
    }),
  });

  const socialProviders = (accounts.data ?? [])
    .map((account) => account.providerId)
    .filter((id) => id !== CREDENTIAL_PROVIDER && config.socialProviders.includes(id));

  const cancel = (
    <Button variant="default" onClick={() => onDone(false)}>
      {t("account.reauth.cancel")}
    </Button>
  );

  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">
        {hasPassword === false
          ? t("account.reauth.introNoPassword")
          : hasPasskeys
            ? t("account.reauth.introPasskey")
            : t("account.reauth.introPassword")}
      </Text>
      <ErrorAlert error={reauthenticate.error ?? withProvider.error ?? withPasskey.error} />
      {hasPasskeys && session ? (
        <Button
          variant="default"
          leftSection={<IconKey size={16} aria-hidden />}
          loading={withPasskey.isPending}
          onClick={() =>
            withPasskey.mutate(
              {
                userId: session.user.id,
                token: session.session.token,
                activeOrganizationId: session.session.activeOrganizationId,
              },
              { onSuccess: () => onDone(true) },
            )
          }
        >
          {t("account.reauth.withPasskey")}
        </Button>
      ) : null}
      {hasPassword !== false ? (
        <form
          onSubmit={form.onSubmit((values) =>
            reauthenticate.mutate(values.password, { onSuccess: () => onDone(true) }),
          )}
          noValidate
        >
          <Stack gap="md">
            <CurrentPasswordField
              email={session?.user.email ?? ""}
              label={t("account.reauth.passwordLabel")}
              required
              data-autofocus
              {...form.getInputProps("password")}
            />
            <Group justify="space-between" gap="sm">
              <TextLink to="/forgot-password" search={session ? { email: session.user.email } : {}} size="sm">
                {t("account.reauth.forgot")}
              </TextLink>
              <Group gap="sm">
                {cancel}
                <Button type="submit" loading={reauthenticate.isPending}>
                  {t("account.reauth.confirm")}
                </Button>
              </Group>
            </Group>
          </Stack>
        </form>
      ) : (
        <Stack gap="sm">
          {socialProviders.length === 0 && !hasPasskeys ? (
            <Text size="sm">{t("account.reauth.noProvider")}</Text>
          ) : null}
          {socialProviders.map((id) => (
            <ProviderButton
              key={id}
              id={id}
              busy={leaving ? (withProvider.variables ?? null) : null}
              onClick={() => withProvider.mutate(id)}
            />
          ))}
          <Divider />
          <Group justify="flex-end">{cancel}</Group>
        </Stack>
      )}
    </Stack>
  );
}
