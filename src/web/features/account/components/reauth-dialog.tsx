import { Alert, Button, Divider, Group, Modal, PasswordInput, Stack, Text, ThemeIcon } from "@mantine/core";
import { useForm } from "@mantine/form";
import { IconAlertCircle, IconShieldLock } from "@tabler/icons-react";
import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { TextLink } from "#web/components/text-link.tsx";
import { useAppConfig } from "#web/lib/app-config.ts";
import { authClient } from "#web/lib/auth-client.ts";
import { authErrorMessage, trackRetryAfter } from "#web/lib/auth-errors.ts";
import { CREDENTIAL_PROVIDER, socialProviderInfo } from "#web/lib/social-providers.ts";
import { useHasPassword, useLinkedAccounts } from "../api/use-linked-accounts.ts";

type SocialProvider = Parameters<typeof authClient.signIn.social>[0]["provider"];

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
    <Modal
      opened={opened}
      onClose={() => onDone(false)}
      centered
      // Above any dialog whose action asked for it (e.g. deleting the account).
      zIndex={400}
      title={
        <Group component="span" gap="sm" wrap="nowrap">
          <ThemeIcon component="span" variant="light" radius="xl" size={34} aria-hidden>
            <IconShieldLock size={18} stroke={1.7} />
          </ThemeIcon>
          <Text fw={700} fz="lg" component="span">
            Confirm it's you
          </Text>
        </Group>
      }
      closeButtonProps={{ "aria-label": "Close" }}
    >
      {opened ? <ReauthForm onDone={onDone} /> : null}
    </Modal>
  );
}

function ReauthForm({ onDone }: { onDone: (ok: boolean) => void }) {
  const queryClient = useQueryClient();
  const config = useAppConfig();
  const { data: session } = authClient.useSession();
  const hasPassword = useHasPassword();
  const accounts = useLinkedAccounts();
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const [redirecting, setRedirecting] = useState<string | null>(null);

  const form = useForm({
    mode: "controlled",
    initialValues: { password: "" },
    validate: { password: (value) => (value ? null : "Enter your password") },
  });

  async function submit(values: typeof form.values) {
    setError(null);
    setSubmitting(true);
    const retry = trackRetryAfter();
    const { error: failure } = await authClient.$fetch("/reauthenticate", {
      method: "POST",
      body: { password: values.password },
      ...retry.fetchOptions,
    });
    if (failure) {
      setSubmitting(false);
      setError(authErrorMessage(failure, retry.state.seconds));
      return;
    }
    // The session was swapped for a new one: reread it, and the list that marks it.
    authClient.$store.notify("$sessionSignal");
    await queryClient.invalidateQueries({ queryKey: ["account", "sessions"] });
    setSubmitting(false);
    onDone(true);
  }

  async function signInAgain(provider: string) {
    setRedirecting(provider);
    const { error: failure } = await authClient.signIn.social({
      provider: provider as SocialProvider,
      callbackURL: `${window.location.pathname}${window.location.search}`,
      errorCallbackURL: "/error",
    });
    if (failure) {
      setRedirecting(null);
      setError(authErrorMessage(failure));
    }
  }

  const socialProviders = (accounts.data ?? [])
    .map((account) => account.providerId)
    .filter((id) => id !== CREDENTIAL_PROVIDER && config.socialProviders.includes(id));

  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">
        {hasPassword === false
          ? "For your security, this action needs a recent sign-in. Sign in again with one of your linked accounts; you will come back here."
          : "For your security, this action needs a recent sign-in. Enter your password to continue."}
      </Text>
      {error ? (
        <Alert color="red" variant="light" icon={<IconAlertCircle size={18} aria-hidden />}>
          {error}
        </Alert>
      ) : null}
      {hasPassword !== false ? (
        <form onSubmit={form.onSubmit(submit)} noValidate>
          <Stack gap="md">
            <input
              type="text"
              name="username"
              autoComplete="username"
              value={session?.user.email ?? ""}
              readOnly
              hidden
            />
            <PasswordInput
              label="Password"
              autoComplete="current-password"
              required
              data-autofocus
              {...form.getInputProps("password")}
            />
            <Group justify="space-between" gap="sm">
              <TextLink to="/forgot-password" search={session ? { email: session.user.email } : {}} size="sm">
                Forgot password?
              </TextLink>
              <Group gap="sm">
                <Button variant="default" onClick={() => onDone(false)}>
                  Cancel
                </Button>
                <Button type="submit" loading={submitting}>
                  Confirm
                </Button>
              </Group>
            </Group>
          </Stack>
        </form>
      ) : (
        <Stack gap="sm">
          {socialProviders.length === 0 ? (
            <Text size="sm">
              None of your linked accounts can be used on this server right now. Sign out and sign in again to
              continue.
            </Text>
          ) : null}
          {socialProviders.map((id) => {
            const { label, icon: Icon } = socialProviderInfo(id, config.socialProviderNames);
            return (
              <Button
                key={id}
                variant="default"
                fullWidth
                leftSection={<Icon size={18} aria-hidden />}
                loading={redirecting === id}
                disabled={redirecting !== null && redirecting !== id}
                onClick={() => signInAgain(id)}
              >
                {`Continue with ${label}`}
              </Button>
            );
          })}
          <Divider />
          <Group justify="flex-end">
            <Button variant="default" onClick={() => onDone(false)}>
              Cancel
            </Button>
          </Group>
        </Stack>
      )}
    </Stack>
  );
}
