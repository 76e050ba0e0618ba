import { Group, Input, PasswordInput } from "@mantine/core";
import { schemaResolver, useForm } from "@mantine/form";
import { getRouteApi, useNavigate } from "@tanstack/react-router";
import { useState } from "react";
import { z } from "zod";
import { ERROR_CODES } from "#shared/error-codes.ts";
import { emailSchema } from "#shared/fields.ts";
import { TextLink } from "#web/components/text-link.tsx";
import { ApiError } from "#web/lib/api/api-error.ts";
import { useAppConfig } from "#web/lib/app-config.ts";
import { authClient } from "#web/lib/auth-client.ts";
import { safeRedirectTarget } from "#web/lib/safe-redirect.ts";
import { usePageTitle } from "#web/lib/use-page-title.ts";
import { useSignIn } from "../api/use-auth-mutations.ts";
import { AuthForm } from "./auth-form.tsx";
import { EmailField } from "./email-field.tsx";
import { EntryCard } from "./entry-card.tsx";
import { UnverifiedEmailAlert } from "./unverified-email-alert.tsx";

const route = getRouteApi("/_guest/sign-in");

const signInSchema = z.object({
  email: emailSchema("Enter your email address"),
  password: z.string().min(1, "Enter your password"),
});

export function SignInPage() {
  usePageTitle("Sign in");
  const search = route.useSearch();
  const navigate = useNavigate();
  const config = useAppConfig();
  const { refetch } = authClient.useSession();
  const signIn = useSignIn();
  const [socialError, setSocialError] = useState<unknown>(null);
  const target = safeRedirectTarget(search.redirect);

  const form = useForm({
    mode: "controlled",
    initialValues: { email: search.email ?? "", password: "" },
    validate: schemaResolver(signInSchema, { sync: true }),
  });

  const unverified =
    signIn.error instanceof ApiError && signIn.error.code === ERROR_CODES.emailNotVerified
      ? signIn.variables?.email
      : undefined;

  function handleSubmit(values: typeof form.values) {
    setSocialError(null);
    signIn.mutate(
      // better-auth's client follows callbackURL itself (full page load) on success.
      { email: values.email.trim(), password: values.password, callbackURL: target },
      {
        onSuccess: async () => {
          await refetch();
          await navigate({ to: target, replace: true });
        },
      },
    );
  }

  return (
    <EntryCard
      title="Sign in"
      subtitle={`Welcome back! Sign in to continue to ${config.appName}.`}
      other={{ to: "/sign-up", question: "Don't have an account?", label: "Create one" }}
      search={search}
      callbackURL={target}
      onSocialError={setSocialError}
    >
      <AuthForm
        onSubmit={form.onSubmit(handleSubmit)}
        error={socialError ?? (unverified ? null : signIn.error)}
        submitLabel="Sign in"
        loading={signIn.isPending || signIn.isSuccess}
      >
        {unverified ? <UnverifiedEmailAlert email={unverified} /> : null}
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
      </AuthForm>
    </EntryCard>
  );
}
