import { Alert, Button, Checkbox, PasswordInput, Skeleton, Stack, Text } from "@mantine/core";
import { useForm } from "@mantine/form";
import { IconInfoCircle } from "@tabler/icons-react";
import { useQueryClient } from "@tanstack/react-query";
import { NewPasswordFields } from "#web/components/new-password-fields.tsx";
import { TextLink } from "#web/components/text-link.tsx";
import { useAppConfig } from "#web/lib/app-config.ts";
import { authClient, type Session } from "#web/lib/auth-client.ts";
import type { PasswordLimits } from "#web/lib/field-rules.ts";
import { CREDENTIAL_PROVIDER } from "#web/lib/social-providers.ts";
import { linkedAccountsKey, useLinkedAccounts } from "../api/use-linked-accounts.ts";
import { sessionsKey } from "../api/use-sessions.ts";
import { unwrap } from "../lib/auth-call.ts";
import { useFreshAction } from "../lib/fresh-action.tsx";
import { notifyError, notifySuccess } from "../lib/notify.ts";
import { validateNewPassword } from "../lib/password-rules.ts";
import { LoadError } from "./load-error.tsx";
import { SectionCard } from "./section-card.tsx";

/** Change the password (POST /change-password), or set one when the account has none (POST /set-password). */
export function PasswordSection({ user }: { user: Session["user"] }) {
  const accounts = useLinkedAccounts();
  const config = useAppConfig();
  const limits = { min: config.passwordMinLength, max: config.passwordMaxLength };
  const hasPassword = accounts.data?.some((account) => account.providerId === CREDENTIAL_PROVIDER);

  if (accounts.isPending) {
    return (
      <SectionCard id="password" title="Password" description="Loading your sign-in methods…">
        <Stack gap="md" maw={420} aria-hidden>
          <Skeleton h={60} />
          <Skeleton h={60} />
          <Skeleton h={60} />
        </Stack>
      </SectionCard>
    );
  }
  if (accounts.isError) {
    return (
      <SectionCard id="password" title="Password">
        <LoadError error={accounts.error} onRetry={() => accounts.refetch()} />
      </SectionCard>
    );
  }
  return hasPassword ? (
    <ChangePasswordForm email={user.email} limits={limits} />
  ) : (
    <SetPasswordForm email={user.email} limits={limits} />
  );
}

function ChangePasswordForm({ email, limits }: { email: string; limits: PasswordLimits }) {
  const queryClient = useQueryClient();
  const fresh = useFreshAction();
  const form = useForm({
    mode: "controlled",
    initialValues: { currentPassword: "", newPassword: "", confirmPassword: "", revokeOtherSessions: true },
    validate: {
      currentPassword: (value) => (value ? null : "Enter your current password"),
      newPassword: (value, values) =>
        validateNewPassword(value, limits) ??
        (value === values.currentPassword ? "Choose a password different from the current one" : null),
      confirmPassword: (value, values) =>
        !value ? "Confirm your new password" : value !== values.newPassword ? "Passwords do not match" : null,
    },
  });

  async function submit(values: typeof form.values) {
    try {
      await fresh.run(() =>
        unwrap(
          authClient.changePassword({
            currentPassword: values.currentPassword,
            newPassword: values.newPassword,
            revokeOtherSessions: values.revokeOtherSessions,
          }),
        ),
      );
      form.reset();
      await queryClient.invalidateQueries({ queryKey: sessionsKey });
      notifySuccess(
        "Password changed",
        values.revokeOtherSessions
          ? "Your other devices have been signed out."
          : "Use your new password next time you sign in.",
      );
    } catch (error) {
      // A wrong current password belongs next to that field.
      if ((error as { code?: string }).code === "INVALID_PASSWORD") {
        form.setFieldError("currentPassword", "That password is not correct");
        return;
      }
      notifyError("Could not change your password", error);
    }
  }

  return (
    <SectionCard
      id="password"
      title="Password"
      description="Choose a strong password you don't use anywhere else."
      footer={
        <Button type="submit" form="password-form" loading={form.submitting}>
          Update password
        </Button>
      }
    >
      <form id="password-form" onSubmit={form.onSubmit(submit)} noValidate>
        <Stack gap="md" maw={420}>
          <input type="text" name="username" autoComplete="username" value={email} readOnly hidden />
          <PasswordInput
            label="Current password"
            autoComplete="current-password"
            {...form.getInputProps("currentPassword")}
          />
          <NewPasswordFields
            password={form.getInputProps("newPassword")}
            confirmation={form.getInputProps("confirmPassword")}
            label="New password"
            confirmLabel="Confirm new password"
            hintId="change-password-hint"
            limits={limits}
          />
          <Text size="sm" c="dimmed">
            {"Forgot your current password? "}
            <TextLink to="/forgot-password" search={{ email }} underline="always">
              Reset it by email
            </TextLink>
          </Text>
          <Checkbox
            label="Sign out of all other devices"
            description="Recommended if you think someone else knows your password."
            {...form.getInputProps("revokeOtherSessions", { type: "checkbox" })}
          />
        </Stack>
      </form>
    </SectionCard>
  );
}

function SetPasswordForm({ email, limits }: { email: string; limits: PasswordLimits }) {
  const queryClient = useQueryClient();
  const fresh = useFreshAction();
  const form = useForm({
    mode: "controlled",
    initialValues: { newPassword: "", confirmPassword: "" },
    validate: {
      newPassword: (value) => validateNewPassword(value, limits),
      confirmPassword: (value, values) =>
        !value ? "Confirm your password" : value !== values.newPassword ? "Passwords do not match" : null,
    },
  });

  async function submit(values: typeof form.values) {
    try {
      await fresh.run(() =>
        unwrap(
          authClient.$fetch("/set-password", { method: "POST", body: { newPassword: values.newPassword } }),
        ),
      );
      await queryClient.invalidateQueries({ queryKey: linkedAccountsKey });
      notifySuccess("Password set", `You can now also sign in with ${email} and this password.`);
    } catch (error) {
      notifyError("Could not set a password", error);
    }
  }

  return (
    <SectionCard
      id="password"
      title="Set a password"
      description="Your account has no password yet: you sign in with a linked account."
      footer={
        <Button type="submit" form="password-form" loading={form.submitting}>
          Set password
        </Button>
      }
    >
      <form id="password-form" onSubmit={form.onSubmit(submit)} noValidate>
        <Stack gap="md" maw={420}>
          <Alert color="indigo" variant="light" icon={<IconInfoCircle size={18} aria-hidden />}>
            {`With a password you can also sign in with ${email}, even if a provider is unavailable.`}
          </Alert>
          <input type="text" name="username" autoComplete="username" value={email} readOnly hidden />
          <NewPasswordFields
            password={form.getInputProps("newPassword")}
            confirmation={form.getInputProps("confirmPassword")}
            label="New password"
            confirmLabel="Confirm password"
            hintId="set-password-hint"
            limits={limits}
          />
        </Stack>
      </form>
    </SectionCard>
  );
}
