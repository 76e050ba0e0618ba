import { schemaResolver, useForm } from "@mantine/form";
import { IconLock } from "@tabler/icons-react";
import { getRouteApi } from "@tanstack/react-router";
import { confirmedPassword } from "#shared/fields.ts";
import { AuthCard } from "#web/components/auth-card.tsx";
import { ButtonLink } from "#web/components/button-link.tsx";
import { NewPasswordFields } from "#web/components/new-password-fields.tsx";
import { RedirectErrorCard } from "#web/components/redirect-error-card.tsx";
import { TextLink } from "#web/components/text-link.tsx";
import { t } from "#web/i18n/i18n.ts";
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
    <RedirectErrorCard code={code} note={t("auth.reset.linkNote")}>
      <ButtonLink to="/forgot-password" fullWidth size="md">
        {t("auth.reset.requestNewLink")}
      </ButtonLink>
    </RedirectErrorCard>
  );
}

function ResetPasswordForm({ token }: { token: string }) {
  usePageTitle(t("auth.reset.title"));
  const limits = usePasswordLimits();
  const reset = useResetPassword();

  const form = useForm({
    mode: "controlled",
    initialValues: { password: "", confirmPassword: "" },
    validateInputOnBlur: true,
    enhanceGetInputProps: validateTypedOnBlur,
    validate: schemaResolver(
      confirmedPassword(
        "password",
        limits,
        t("auth.reset.passwordRequired"),
        t("auth.reset.confirmRequired"),
      ),
      { sync: true },
    ),
  });

  function handleSubmit(values: typeof form.values) {
    reset.mutate({ newPassword: values.password, token });
  }

  if (reset.isSuccess) {
    return (
      <AuthCard title={t("auth.reset.done.title")} done subtitle={t("auth.reset.done.subtitle")}>
        <ButtonLink to="/sign-in" fullWidth size="md">
          {t("auth.signIn.action")}
        </ButtonLink>
      </AuthCard>
    );
  }

  return (
    <AuthCard
      title={t("auth.reset.title")}
      icon={<IconLock size={26} stroke={1.6} />}
      subtitle={t("auth.reset.subtitle")}
      footer={<TextLink to="/sign-in">{t("auth.backToSignIn")}</TextLink>}
    >
      <AuthForm
        onSubmit={form.onSubmit(handleSubmit)}
        error={reset.error}
        errorAction={
          <TextLink to="/forgot-password" fw={600} c="inherit" underline="always">
            {t("auth.reset.requestNewLink")}
          </TextLink>
        }
        submitLabel={t("auth.reset.submit")}
        loading={reset.isPending}
      >
        <NewPasswordFields
          password={form.getInputProps("password")}
          confirmation={form.getInputProps("confirmPassword")}
          label={t("auth.reset.newPassword")}
          required
        />
      </AuthForm>
    </AuthCard>
  );
}
