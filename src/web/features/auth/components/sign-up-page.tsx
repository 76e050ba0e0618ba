import { TextInput } from "@mantine/core";
import { schemaResolver, useForm } from "@mantine/form";
import { getRouteApi, useNavigate } from "@tanstack/react-router";
import { useState } from "react";
import { z } from "zod";
import { confirmedPassword, emailSchema, nameSchema } from "#shared/fields.ts";
import { LIMITS } from "#shared/limits.ts";
import { NewPasswordFields } from "#web/components/new-password-fields.tsx";
import { t } from "#web/i18n/i18n.ts";
import { isSsoRequired } from "#web/lib/api/api-error.ts";
import { useAppConfig, usePasswordLimits } from "#web/lib/app-config.ts";
import { authorizationResumeTarget } from "#web/lib/oauth-authorization.ts";
import { safeRedirectTarget } from "#web/lib/safe-redirect.ts";
import { usePageTitle } from "#web/lib/use-page-title.ts";
import { useSignUp } from "../api/use-auth-mutations.ts";
import { AuthForm, validateTypedOnBlur } from "./auth-form.tsx";
import { EmailField } from "./email-field.tsx";
import { EntryCard } from "./entry-card.tsx";
import { SsoRequiredAlert } from "./sso-required-alert.tsx";

const route = getRouteApi("/_guest/sign-up");

export function SignUpPage() {
  usePageTitle(t("auth.signUp.title"));
  const search = route.useSearch();
  // Where the verification link lands once opened, e.g. back on an invitation or an app's authorization.
  const resume = authorizationResumeTarget(window.location.search);
  const redirect = resume ?? search.redirect;
  const target = redirect ? safeRedirectTarget(redirect) : "/verified";
  const navigate = useNavigate();
  const config = useAppConfig();
  const limits = usePasswordLimits();
  const signUp = useSignUp();
  const [socialError, setSocialError] = useState<unknown>(null);

  const form = useForm({
    mode: "controlled",
    initialValues: { name: "", email: search.email ?? "", password: "", confirmPassword: "" },
    validateInputOnBlur: true,
    enhanceGetInputProps: validateTypedOnBlur,
    validate: schemaResolver(
      z
        .object({
          name: nameSchema(t("auth.signUp.nameRequired")),
          email: emailSchema(t("auth.field.emailRequired")),
        })
        .and(confirmedPassword("password", limits)),
      { sync: true },
    ),
  });

  function handleSubmit(values: typeof form.values) {
    setSocialError(null);
    const email = values.email.trim();
    signUp.mutate(
      { name: values.name.trim(), email, password: values.password, callbackURL: target },
      {
        onSuccess: ({ signedIn }) =>
          signedIn ? navigate({ href: target }) : navigate({ to: "/check-inbox", search: { email } }),
      },
    );
  }

  return (
    <EntryCard
      title={t("auth.signUp.title")}
      subtitle={t("auth.signUp.subtitle", { appName: config.appName })}
      other={{ to: "/sign-in", message: "auth.signUp.haveAccount" }}
      search={{ ...search, redirect }}
      callbackURL={redirect ? target : "/"}
      onSocialError={setSocialError}
    >
      <AuthForm
        onSubmit={form.onSubmit(handleSubmit)}
        error={socialError ?? (isSsoRequired(signUp.error) ? null : signUp.error)}
        submitLabel={t("auth.signUp.submit")}
        loading={signUp.isPending}
      >
        {/* An address at a domain that signs in with single sign-on only (issue 19): its account comes from there. */}
        {isSsoRequired(signUp.error) ? (
          <SsoRequiredAlert error={signUp.error} email={signUp.variables?.email ?? ""} redirect={redirect} />
        ) : null}
        <TextInput
          label={t("auth.signUp.name")}
          autoComplete="name"
          required
          maxLength={LIMITS.name}
          {...form.getInputProps("name")}
        />
        <EmailField {...form.getInputProps("email")} />
        <NewPasswordFields
          password={form.getInputProps("password")}
          confirmation={form.getInputProps("confirmPassword")}
          label={t("auth.field.password")}
          required
        />
      </AuthForm>
    </EntryCard>
  );
}
