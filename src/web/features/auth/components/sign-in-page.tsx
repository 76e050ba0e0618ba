import { Alert, Button, Group, Input, PasswordInput, Stack, Text } from "@mantine/core";
import { useForm } from "@mantine/form";
import { notifications } from "@mantine/notifications";
import { IconAlertCircle, IconMailForward } from "@tabler/icons-react";
import { getRouteApi, useNavigate } from "@tanstack/react-router";
import { useState } from "react";
import { AuthCard } from "#web/components/auth-card.tsx";
import { safeRedirectTarget } from "#web/lib/safe-redirect.ts";
import { TextLink } from "#web/components/text-link.tsx";
import { useAppConfig } from "#web/lib/app-config.ts";
import { authClient } from "#web/lib/auth-client.ts";
import { type AuthErrorLike, authErrorMessage, trackRetryAfter } from "#web/lib/auth-errors.ts";
import { useCooldown } from "#web/lib/use-cooldown.ts";
import { usePageTitle } from "#web/lib/use-page-title.ts";
import { validateEmail } from "../lib/validation.ts";
import { EmailField } from "./email-field.tsx";
import { SocialButtons } from "./social-buttons.tsx";

const route = getRouteApi("/_guest/sign-in");

export function SignInPage() {
  usePageTitle("Sign in");
  const search = route.useSearch();
  const navigate = useNavigate();
  const config = useAppConfig();
  const { refetch } = authClient.useSession();
  const [error, setError] = useState<string | null>(null);
  const [unverifiedEmail, setUnverifiedEmail] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const [resending, setResending] = useState(false);
  const cooldown = useCooldown();
  const target = safeRedirectTarget(search.redirect);

  const form = useForm({
    mode: "controlled",
    initialValues: { email: search.email ?? "", password: "" },
    validate: {
      email: validateEmail,
      password: (value) => (value ? null : "Enter your password"),
    },
  });

  async function handleSubmit(values: typeof form.values) {
    setError(null);
    setUnverifiedEmail(null);
    setSubmitting(true);
    const email = values.email.trim();
    const retry = trackRetryAfter();
    const { error: signInError } = await authClient.signIn.email({
      email,
      password: values.password,
      // better-auth's client follows this URL itself (full page load) on success.
      callbackURL: target,
      fetchOptions: retry.fetchOptions,
    });
    if (signInError) {
      setSubmitting(false);
      const failure = signInError as AuthErrorLike;
      if (failure.code === "EMAIL_NOT_VERIFIED") setUnverifiedEmail(email);
      else setError(authErrorMessage(failure, retry.state.seconds));
      return;
    }
    await refetch();
    await navigate({ to: target, replace: true });
  }

  async function resendVerification() {
    if (!unverifiedEmail) return;
    setResending(true);
    const retry = trackRetryAfter();
    const { error: sendError } = await authClient.sendVerificationEmail({
      email: unverifiedEmail,
      callbackURL: "/verified",
      fetchOptions: retry.fetchOptions,
    });
    setResending(false);
    if (sendError) {
      notifications.show({
        color: "red",
        title: "Could not send the email",
        message: authErrorMessage(sendError, retry.state.seconds),
      });
      return;
    }
    cooldown.start(30);
    notifications.show({
      color: "teal",
      title: "Verification email sent",
      message: `Check ${unverifiedEmail} for a new link.`,
    });
  }

  return (
    <AuthCard
      title="Sign in"
      subtitle={`Welcome back! Sign in to continue to ${config.appName}.`}
      footer={
        <>
          {"Don't have an account? "}
          <TextLink to="/sign-up" search={{ redirect: search.redirect, email: search.email }} fw={600}>
            Create one
          </TextLink>
        </>
      }
    >
      <SocialButtons providers={config.socialProviders} callbackURL={target} onError={setError} />
      <form onSubmit={form.onSubmit(handleSubmit)} noValidate>
        <Stack gap="md">
          {error ? (
            <Alert color="red" variant="light" icon={<IconAlertCircle size={18} aria-hidden />}>
              {error}
            </Alert>
          ) : null}
          {unverifiedEmail ? (
            <Alert
              color="yellow"
              variant="light"
              title="Email not verified"
              icon={<IconMailForward size={18} aria-hidden />}
            >
              <Stack gap="xs">
                <Text size="sm">
                  {`You need to confirm ${unverifiedEmail} before signing in. We just sent a new verification link — open it from your inbox.`}
                </Text>
                <Group gap="xs">
                  <Button
                    size="xs"
                    variant="default"
                    onClick={resendVerification}
                    loading={resending}
                    disabled={cooldown.active}
                  >
                    Resend verification email
                  </Button>
                  {cooldown.active ? (
                    <Text size="xs" c="dimmed">{`You can resend in ${cooldown.remaining} s`}</Text>
                  ) : null}
                </Group>
              </Stack>
            </Alert>
          ) : null}
          <EmailField {...form.getInputProps("email")} />
          <div>
            <Group justify="space-between" align="baseline" mb={4}>
              <Input.Label htmlFor="sign-in-password" size="md">
                Password
              </Input.Label>
              <TextLink
                to="/forgot-password"
                search={form.values.email.trim() ? { email: form.values.email.trim() } : {}}
                size="sm"
              >
                Forgot password?
              </TextLink>
            </Group>
            <PasswordInput
              id="sign-in-password"
              autoComplete="current-password"
              required
              {...form.getInputProps("password")}
            />
          </div>
          <Button type="submit" fullWidth size="md" loading={submitting}>
            Sign in
          </Button>
        </Stack>
      </form>
    </AuthCard>
  );
}
