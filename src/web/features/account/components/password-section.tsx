import { Alert, Button, Checkbox, PasswordInput, Skeleton, Stack, Text } from "@mantine/core";
import { type GetInputPropsReturnType, schemaResolver, useForm } from "@mantine/form";
import { IconInfoCircle } from "@tabler/icons-react";
import type { ReactNode } from "react";
import { confirmedPassword, type PasswordLimits } from "#shared/fields.ts";
import { LoadError } from "#web/components/error-alert.tsx";
import { NewPasswordFields } from "#web/components/new-password-fields.tsx";
import { SectionCard } from "#web/components/section-card.tsx";
import { TextLink } from "#web/components/text-link.tsx";
import { usePasswordLimits } from "#web/lib/app-config.ts";
import type { Session } from "#web/lib/auth-client.ts";
import { isWrongPassword } from "../api/use-fresh-mutation.ts";
import { useHasPassword, useLinkedAccounts } from "../api/use-linked-accounts.ts";
import { useChangePassword, useSetPassword } from "../api/use-password.ts";
import { changePasswordSchema } from "../lib/account-forms.ts";

/** Change the password (POST /change-password), or set one when the account has none (POST /set-password). */
export function PasswordSection({ user }: { user: Session["user"] }) {
  const accounts = useLinkedAccounts();
  const hasPassword = useHasPassword();
  const limits = usePasswordLimits();

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
        <LoadError title="Couldn't load" error={accounts.error} onRetry={() => accounts.refetch()} />
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
  const change = useChangePassword();
  const form = useForm({
    mode: "controlled",
    initialValues: { currentPassword: "", newPassword: "", confirmPassword: "", revokeOtherSessions: true },
    validateInputOnBlur: true,
    validate: schemaResolver(changePasswordSchema(limits), { sync: true }),
  });

  function submit({ currentPassword, newPassword, revokeOtherSessions }: typeof form.values) {
    change.mutate(
      { currentPassword, newPassword, revokeOtherSessions },
      {
        onSuccess: () => form.reset(),
        onError: (error) => {
          // A wrong current password belongs next to that field.
          if (isWrongPassword(error)) form.setFieldError("currentPassword", "That password is not correct");
        },
      },
    );
  }

  return (
    <PasswordCard
      email={email}
      title="Password"
      description="Choose a strong password you don't use anywhere else."
      submitLabel="Update password"
      loading={change.isPending}
      onSubmit={form.onSubmit(submit)}
      newPassword={form.getInputProps("newPassword")}
      confirmation={form.getInputProps("confirmPassword")}
      confirmLabel="Confirm new password"
      before={
        <PasswordInput
          label="Current password"
          autoComplete="current-password"
          {...form.getInputProps("currentPassword")}
        />
      }
    >
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
    </PasswordCard>
  );
}

function SetPasswordForm({ email, limits }: { email: string; limits: PasswordLimits }) {
  const setPassword = useSetPassword(email);
  const form = useForm({
    mode: "controlled",
    initialValues: { newPassword: "", confirmPassword: "" },
    validateInputOnBlur: true,
    validate: schemaResolver(confirmedPassword("newPassword", limits, "Enter a new password"), {
      sync: true,
    }),
  });

  return (
    <PasswordCard
      email={email}
      title="Set a password"
      description="Your account has no password yet: you sign in with a linked account."
      submitLabel="Set password"
      loading={setPassword.isPending}
      onSubmit={form.onSubmit((values) => setPassword.mutate(values.newPassword))}
      newPassword={form.getInputProps("newPassword")}
      confirmation={form.getInputProps("confirmPassword")}
      confirmLabel="Confirm password"
      before={
        <Alert color="indigo" variant="light" icon={<IconInfoCircle size={18} aria-hidden />}>
          {`With a password you can also sign in with ${email}, even if a provider is unavailable.`}
        </Alert>
      }
    />
  );
}

interface PasswordCardProps {
  email: string;
  title: string;
  description: string;
  submitLabel: string;
  loading: boolean;
  onSubmit: (event?: React.FormEvent<HTMLFormElement>) => void;
  newPassword: GetInputPropsReturnType;
  confirmation: GetInputPropsReturnType;
  confirmLabel: string;
  /** Above the new password. */
  before: ReactNode;
  /** Below it. */
  children?: ReactNode;
}

/** The password card: a new password and its repetition, with the submit button in the card's footer. */
function PasswordCard({
  email,
  title,
  description,
  submitLabel,
  loading,
  onSubmit,
  newPassword,
  confirmation,
  confirmLabel,
  before,
  children,
}: PasswordCardProps) {
  return (
    <SectionCard
      id="password"
      title={title}
      description={description}
      footer={
        <Button type="submit" form="password-form" loading={loading}>
          {submitLabel}
        </Button>
      }
    >
      <form id="password-form" onSubmit={onSubmit} noValidate>
        <Stack gap="md" maw={420}>
          {/* The account's address, for password managers. */}
          <input type="text" name="username" autoComplete="username" value={email} readOnly hidden />
          {before}
          <NewPasswordFields
            password={newPassword}
            confirmation={confirmation}
            label="New password"
            confirmLabel={confirmLabel}
          />
          {children}
        </Stack>
      </form>
    </SectionCard>
  );
}
