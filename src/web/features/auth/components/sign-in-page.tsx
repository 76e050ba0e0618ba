import { Group, Input, PasswordInput, Stack } from "@mantine/core";
import { schemaResolver, useForm } from "@mantine/form";
import { IconShieldLock } from "@tabler/icons-react";
import { getRouteApi, useNavigate } from "@tanstack/react-router";
import { useState } from "react";
import { z } from "zod";
import { ERROR_CODES } from "#shared/error-codes.ts";
import { emailSchema } from "#shared/fields.ts";
import { ButtonLink } from "#web/components/button-link.tsx";
import { TextLink } from "#web/components/text-link.tsx";
import { t } from "#web/i18n/i18n.ts";
import { ApiError, isSsoRequired } from "#web/lib/api/api-error.ts";
import { useAppConfig } from "#web/lib/app-config.ts";
import { authClient } from "#web/lib/auth-client.ts";
import { authorizationResumeTarget } from "#web/lib/oauth-authorization.ts";
import { safeRedirectTarget } from "#web/lib/safe-redirect.ts";
import { usePageTitle } from "#web/lib/use-page-title.ts";
import { useSignIn } from "../api/use-auth-mutations.ts";
import { AuthForm } from "./auth-form.tsx";
import { BanNoticeAlert } from "./ban-notice-alert.tsx";
import { EmailField } from "./email-field.tsx";
import { EmailSignInOptions } from "./email-sign-in-options.tsx";
import { EntryCard } from "./entry-card.tsx";
import { canUsePasskeys, PasskeySignIn } from "./passkey-sign-in.tsx";
import { SsoRequiredAlert } from "./sso-required-alert.tsx";
import { UnverifiedEmailAlert } from "./unverified-email-alert.tsx";

const route = getRouteApi("/_guest/sign-in");

export function SignInPage() {
  usePageTitle(t("auth.signIn.action"));
  const search = route.useSearch();
  const navigate = useNavigate();
  const config = useAppConfig();
  const { refetch } = authClient.useSession();
  const signIn = useSignIn();
  const [socialError, setSocialError] = useState<unknown>(null);
  // An app's authorization request (Sign in with Gatehouse) resumes once signed in.
  const resume = authorizationResumeTarget(window.location.search);
  const target = resume ?? safeRedirectTarget(search.redirect);

  const form = useForm({
    mode: "controlled",
    initialValues: { email: search.email ?? "", password: "" },
    validate: schemaResolver(
      z.object({
        email: emailSchema(t("auth.field.emailRequired")),
        password: z.string().min(1, t("auth.signIn.passwordRequired")),
      }),
      { sync: true },
    ),
  });

  const unverified =
    signIn.error instanceof ApiError && signIn.error.code === ERROR_CODES.emailNotVerified
      ? signIn.variables?.email
      : undefined;
  // The address's domain signs in only through its identity provider (issue 19).
  const ssoRequired = isSsoRequired(signIn.error) || isSsoRequired(socialError);
  const typedEmail = form.values.email.trim();
  const redirect = resume ?? search.redirect;

  async function continueSignedIn() {
    await refetch();
    await navigate({ to: target, replace: true });
  }

  function handleSubmit(values: typeof form.values) {
    setSocialError(null);
    signIn.mutate(
      // better-auth's client follows callbackURL itself (full page load) on success.
      { email: values.email.trim(), password: values.password, callbackURL: target },
      {
        onSuccess: async (answer) => {
          // Two-factor on: no session yet, the second step asks for a code and then goes on to the target
          // (an app's authorization resume included).
          if (answer && "twoFactorRedirect" in answer && answer.twoFactorRedirect) {
            await navigate({ to: "/sign-in/two-factor", search: { redirect: target } });
            return;
          }
          // Back to the app's authorization: better-auth's client loads callbackURL (/oauth/resume) itself
          // when the answer says so; a second navigation would abort it.
          if (resume && (answer as { redirect?: unknown }).redirect === true) return;
          await continueSignedIn();
        },
      },
    );
  }

  return (
    <EntryCard
      title={t("auth.signIn.action")}
      subtitle={
        resume
          ? t("auth.signIn.subtitleForApp", { appName: config.appName })
          : t("auth.signIn.subtitle", { appName: config.appName })
      }
      other={{ to: "/sign-up", message: "auth.signIn.noAccount" }}
      search={resume ? { ...search, redirect: resume } : search}
      callbackURL={target}
      onSocialError={setSocialError}
      moreWaysIn={
        <ButtonLink
          to="/sign-in/sso"
          search={{ ...(typedEmail ? { email: typedEmail } : {}), ...(redirect ? { redirect } : {}) }}
          variant="default"
          fullWidth
          size="md"
          leftSection={<IconShieldLock size={18} aria-hidden />}
        >
          {t("auth.continueWithSso")}
        </ButtonLink>
      }
    >
      <AuthForm
        onSubmit={form.onSubmit(handleSubmit)}
        error={ssoRequired ? null : (socialError ?? (unverified ? null : signIn.error))}
        submitLabel={t("auth.signIn.action")}
        loading={signIn.isPending || signIn.isSuccess}
      >
        <BanNoticeAlert />
        {unverified ? <UnverifiedEmailAlert email={unverified} /> : null}
        {ssoRequired ? (
          <SsoRequiredAlert
            error={isSsoRequired(signIn.error) ? signIn.error : socialError}
            email={signIn.variables?.email ?? typedEmail}
            redirect={redirect}
          />
        ) : null}
        <EmailField {...form.getInputProps("email")} autoComplete="username webauthn" />
        <div>
          <Group justify="space-between" align="baseline" mb={4}>
            <Input.Label htmlFor="sign-in-password" size="md">
              {t("auth.field.password")}
            </Input.Label>
            <TextLink
              to="/forgot-password"
              search={form.values.email.trim() ? { email: form.values.email.trim() } : {}}
              size="sm"
            >
              {t("auth.signIn.forgotPassword")}
            </TextLink>
          </Group>
          <PasswordInput
            id="sign-in-password"
            autoComplete="current-password"
            required
            {...form.getInputProps("password")}
          />
        </div>
      </AuthForm>
      {/* The ways in without a password: passkeys, then the emailed code or link (when offered). */}
      <Stack gap="sm">
        <PasskeySignIn onSignedIn={continueSignedIn} onError={setSocialError} />
        <EmailSignInOptions
          email={form.values.email.trim()}
          redirect={resume ?? search.redirect}
          divider={!canUsePasskeys()}
        />
      </Stack>
    </EntryCard>
  );
}
