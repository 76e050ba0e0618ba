import { Alert, Button, Stack, Text } from "@mantine/core";
import { useForm } from "@mantine/form";
import { IconAlertCircle, IconKey, IconMailCheck } from "@tabler/icons-react";
import { getRouteApi } from "@tanstack/react-router";
import { useState } from "react";
import { AuthCard } from "#web/components/auth-card.tsx";
import { TextLink } from "#web/components/text-link.tsx";
import { useAppConfig } from "#web/lib/app-config.ts";
import { authClient } from "#web/lib/auth-client.ts";
import { authErrorMessage, trackRetryAfter } from "#web/lib/auth-errors.ts";
import { usePageTitle } from "#web/lib/use-page-title.ts";
import { validateEmail } from "../lib/validation.ts";
import { EmailField } from "./email-field.tsx";

const route = getRouteApi("/forgot-password");

export function ForgotPasswordPage() {
  usePageTitle("Forgot password");
  const search = route.useSearch();
  const config = useAppConfig();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);

  const form = useForm({
    mode: "controlled",
    initialValues: { email: search.email ?? "" },
    validate: { email: validateEmail },
  });

  async function handleSubmit(values: typeof form.values) {
    setError(null);
    setSubmitting(true);
    const email = values.email.trim();
    const retry = trackRetryAfter();
    const { error: requestError } = await authClient.requestPasswordReset({
      email,
      redirectTo: "/reset-password",
      fetchOptions: retry.fetchOptions,
    });
    setSubmitting(false);
    // Only throttling is worth reporting: any other answer must not reveal whether the account exists.
    if (requestError && (requestError.status === 429 || !requestError.status || requestError.status >= 500)) {
      setError(authErrorMessage(requestError, retry.state.seconds));
      return;
    }
    setSentTo(email);
  }

  if (sentTo) {
    return (
      <AuthCard
        title="Check your inbox"
        icon={<IconMailCheck size={26} stroke={1.6} />}
        subtitle={`If an account exists for ${sentTo}, we sent a link to reset your password.`}
        footer={<TextLink to="/sign-in">Back to sign in</TextLink>}
      >
        <Stack gap="sm">
          <Text size="sm" c="dimmed" ta="center">
            The link works once and expires soon. Didn't get it? Check your spam folder or try again.
          </Text>
          {config.outbox ? (
            <Text size="sm" ta="center">
              <TextLink to="/dev/outbox">Open the development outbox</TextLink>
            </Text>
          ) : null}
          <Button variant="default" fullWidth onClick={() => setSentTo(null)}>
            Use a different email
          </Button>
        </Stack>
      </AuthCard>
    );
  }

  return (
    <AuthCard
      title="Forgot your password?"
      icon={<IconKey size={26} stroke={1.6} />}
      subtitle="Enter the email address of your account and we'll send you a link to choose a new password."
      footer={
        <>
          {"Remembered it? "}
          <TextLink to="/sign-in" fw={600}>
            Sign in
          </TextLink>
        </>
      }
    >
      <form onSubmit={form.onSubmit(handleSubmit)} noValidate>
        <Stack gap="md">
          {error ? (
            <Alert color="red" variant="light" icon={<IconAlertCircle size={18} aria-hidden />}>
              {error}
            </Alert>
          ) : null}
          <EmailField {...form.getInputProps("email")} />
          <Button type="submit" fullWidth size="md" loading={submitting}>
            Send reset link
          </Button>
        </Stack>
      </form>
    </AuthCard>
  );
}
