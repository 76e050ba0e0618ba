import { schemaResolver, useForm } from "@mantine/form";
import { IconLock } from "@tabler/icons-react";
import { getRouteApi } from "@tanstack/react-router";
import { confirmedPassword } from "#shared/fields.ts";
import { AuthCard } from "#web/components/auth-card.tsx";
import { ButtonLink } from "#web/components/button-link.tsx";
import { NewPasswordFields } from "#web/components/new-password-fields.tsx";
import { RedirectErrorCard } from "#web/components/redirect-error-card.tsx";
import { TextLink } from "#web/components/text-link.tsx";
import { usePasswordLimits } from "#web/lib/app-config.ts";
import { usePageTitle } from "#web/lib/use-page-title.ts";
import { useResetPassword } from "../api/use-auth-mutations.ts";
import { AuthForm, validateTypedOnBlur } from "./auth-form.tsx";

const route = getRouteApi("/reset-password");

export function ResetPasswordPage() {
  const { token, error } = route.useSearch();
  if (error || !token) return <ResetLinkProblem code={error ?? "invalid_token"} />;
  return <ResetPasswordForm token={token} />;
}

function ResetLinkProblem({ code }: { code: string }) {
  return (
    <RedirectErrorCard code={code} note="Password reset links work once and expire after a while.">
      <ButtonLink to="/forgot-password" fullWidth size="md">
        Request a new link
      </ButtonLink>
    </RedirectErrorCard>
  );
}

function ResetPasswordForm({ token }: { token: string }) {
  usePageTitle("Choose a new password");
  const limits = usePasswordLimits();
  const reset = useResetPassword();

  const form = useForm({
    mode: "controlled",
    initialValues: { password: "", confirmPassword: "" },
    validateInputOnBlur: true,
    enhanceGetInputProps: validateTypedOnBlur,
    validate: schemaResolver(
      confirmedPassword("password", limits, "Enter a password", "Confirm your new password"),
      { sync: true },
    ),
  });

  function handleSubmit(values: typeof form.values) {
    reset.mutate({ newPassword: values.password, token });
  }

  if (reset.isSuccess) {
    return (
      <AuthCard
        title="Password updated"
        done
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
      <AuthForm
        onSubmit={form.onSubmit(handleSubmit)}
        error={reset.error}
        errorAction={
          <TextLink to="/forgot-password" fw={600} c="inherit" underline="always">
            Request a new link
          </TextLink>
        }
        submitLabel="Reset password"
        loading={reset.isPending}
      >
        <NewPasswordFields
          password={form.getInputProps("password")}
          confirmation={form.getInputProps("confirmPassword")}
          label="New password"
          required
        />
      </AuthForm>
    </AuthCard>
  );
}
