import { Alert, Button, Stack, TextInput } from "@mantine/core";
import { useForm } from "@mantine/form";
import { IconAlertCircle } from "@tabler/icons-react";
import { getRouteApi, useNavigate } from "@tanstack/react-router";
import { useState } from "react";
import { LIMITS } from "#shared/limits.ts";
import { AuthCard } from "#web/components/auth-card.tsx";
import { NewPasswordFields } from "#web/components/new-password-fields.tsx";
import { safeRedirectTarget } from "#web/lib/safe-redirect.ts";
import { TextLink } from "#web/components/text-link.tsx";
import { useAppConfig } from "#web/lib/app-config.ts";
import { authClient } from "#web/lib/auth-client.ts";
import { authErrorMessage, trackRetryAfter } from "#web/lib/auth-errors.ts";
import { usePageTitle } from "#web/lib/use-page-title.ts";
import { validateEmail, validateName, validateNewPassword } from "../lib/validation.ts";
import { EmailField } from "./email-field.tsx";
import { SocialButtons } from "./social-buttons.tsx";

const route = getRouteApi("/_guest/sign-up");

export function SignUpPage() {
  usePageTitle("Create your account");
  const search = route.useSearch();
  // Where the verification link lands once opened, e.g. back on an invitation.
  const target = search.redirect ? safeRedirectTarget(search.redirect) : "/verified";
  const navigate = useNavigate();
  const config = useAppConfig();
  const limits = { min: config.passwordMinLength, max: config.passwordMaxLength };
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);

  const form = useForm({
    mode: "controlled",
    initialValues: { name: "", email: search.email ?? "", password: "", confirmPassword: "" },
    validateInputOnBlur: true,
    validate: {
      name: validateName,
      email: validateEmail,
      password: (value) => validateNewPassword(value, limits),
      confirmPassword: (value, values) =>
        !value ? "Confirm your password" : value !== values.password ? "Passwords do not match" : null,
    },
  });

  async function handleSubmit(values: typeof form.values) {
    setError(null);
    setSubmitting(true);
    const email = values.email.trim();
    const retry = trackRetryAfter();
    const { error: signUpError } = await authClient.signUp.email({
      name: values.name.trim(),
      email,
      password: values.password,
      callbackURL: target,
      fetchOptions: retry.fetchOptions,
    });
    setSubmitting(false);
    if (signUpError) {
      setError(authErrorMessage(signUpError, retry.state.seconds));
      return;
    }
    await navigate({ to: "/check-inbox", search: { email } });
  }

  return (
    <AuthCard
      title="Create your account"
      subtitle={`Welcome! Fill in the details to get started with ${config.appName}.`}
      footer={
        <>
          {"Already have an account? "}
          <TextLink to="/sign-in" search={{ redirect: search.redirect, email: search.email }} fw={600}>
            Sign in
          </TextLink>
        </>
      }
    >
      <SocialButtons
        providers={config.socialProviders}
        callbackURL={search.redirect ? target : "/"}
        onError={setError}
      />
      <form onSubmit={form.onSubmit(handleSubmit)} noValidate>
        <Stack gap="md">
          {error ? (
            <Alert color="red" variant="light" icon={<IconAlertCircle size={18} aria-hidden />}>
              {error}
            </Alert>
          ) : null}
          <TextInput
            label="Name"
            autoComplete="name"
            required
            maxLength={LIMITS.name}
            {...form.getInputProps("name")}
          />
          <EmailField {...form.getInputProps("email")} />
          <NewPasswordFields
            password={form.getInputProps("password")}
            confirmation={form.getInputProps("confirmPassword")}
            label="Password"
            confirmLabel="Confirm password"
            hintId="sign-up-password-hint"
            limits={limits}
            required
          />
          <Button type="submit" fullWidth size="md" loading={submitting}>
            Create account
          </Button>
        </Stack>
      </form>
    </AuthCard>
  );
}
