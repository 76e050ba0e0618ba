import { Alert, Button, Stack } from "@mantine/core";
import { useForm } from "@mantine/form";
import { IconAlertCircle, IconCircleCheck, IconLock } from "@tabler/icons-react";
import { getRouteApi } from "@tanstack/react-router";
import { useState } from "react";
import { AuthCard } from "#web/components/auth-card.tsx";
import { ButtonLink } from "#web/components/button-link.tsx";
import { NewPasswordFields } from "#web/components/new-password-fields.tsx";
import { TextLink } from "#web/components/text-link.tsx";
import { useAppConfig } from "#web/lib/app-config.ts";
import { authClient } from "#web/lib/auth-client.ts";
import { authErrorMessage, trackRetryAfter } from "#web/lib/auth-errors.ts";
import { usePageTitle } from "#web/lib/use-page-title.ts";
import { validateNewPassword } from "../lib/validation.ts";
import { BrokenLinkCard } from "./broken-link-card.tsx";

const route = getRouteApi("/reset-password");

export function ResetPasswordPage() {
  const { token, error } = route.useSearch();
  if (error || !token) return <ResetLinkProblem code={error ?? "invalid_token"} />;
  return <ResetPasswordForm token={token} />;
}

function ResetLinkProblem({ code }: { code: string }) {
  return (
    <BrokenLinkCard code={code} note="Password reset links work once and expire after a while.">
      <ButtonLink to="/forgot-password" fullWidth size="md">
        Request a new link
      </ButtonLink>
    </BrokenLinkCard>
  );
}

function ResetPasswordForm({ token }: { token: string }) {
  usePageTitle("Choose a new password");
  const config = useAppConfig();
  const limits = { min: config.passwordMinLength, max: config.passwordMaxLength };
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const [done, setDone] = useState(false);

  const form = useForm({
    mode: "controlled",
    initialValues: { password: "", confirmPassword: "" },
    validateInputOnBlur: true,
    validate: {
      password: (value) => validateNewPassword(value, limits),
      confirmPassword: (value, values) =>
        !value ? "Confirm your new password" : value !== values.password ? "Passwords do not match" : null,
    },
  });

  async function handleSubmit(values: typeof form.values) {
    setError(null);
    setSubmitting(true);
    const retry = trackRetryAfter();
    const { error: resetError } = await authClient.resetPassword({
      newPassword: values.password,
      token,
      fetchOptions: retry.fetchOptions,
    });
    setSubmitting(false);
    if (resetError) {
      setError(authErrorMessage(resetError, retry.state.seconds));
      return;
    }
    setDone(true);
  }

  if (done) {
    return (
      <AuthCard
        title="Password updated"
        icon={<IconCircleCheck size={28} stroke={1.6} />}
        iconColor="teal"
        subtitle="Your password has been changed. Sign in with your new password."
      >
        <ButtonLink to="/sign-in" fullWidth size="md">
          Sign in
        </ButtonLink>
      </AuthCard>
    );
  }

  return (
    <AuthCard
      title="Choose a new password"
      icon={<IconLock size={26} stroke={1.6} />}
      subtitle="Pick a password you don't use anywhere else."
      footer={<TextLink to="/sign-in">Back to sign in</TextLink>}
    >
      <form onSubmit={form.onSubmit(handleSubmit)} noValidate>
        <Stack gap="md">
          {error ? (
            <Alert color="red" variant="light" icon={<IconAlertCircle size={18} aria-hidden />}>
              {error}{" "}
              <TextLink to="/forgot-password" fw={600} c="inherit" underline="always">
                Request a new link
              </TextLink>
            </Alert>
          ) : null}
          <NewPasswordFields
            password={form.getInputProps("password")}
            confirmation={form.getInputProps("confirmPassword")}
            label="New password"
            confirmLabel="Confirm password"
            hintId="reset-password-hint"
            limits={limits}
            required
          />
          <Button type="submit" fullWidth size="md" loading={submitting}>
            Reset password
          </Button>
        </Stack>
      </form>
    </AuthCard>
  );
}
