import { Alert, Button, Checkbox, PasswordInput, Skeleton, Stack, Text } from "@mantine/core";
import { type GetInputPropsReturnType, schemaResolver, useForm } from "@mantine/form";
import { IconInfoCircle } from "@tabler/icons-react";
import type { ReactNode } from "react";
import { confirmedPassword, type PasswordLimits } from "#shared/fields.ts";
import { LoadError } from "#web/components/error-alert.tsx";
import { NewPasswordFields } from "#web/components/new-password-fields.tsx";
import { SectionCard } from "#web/components/section-card.tsx";
import { TextLink } from "#web/components/text-link.tsx";
import { t } from "#web/i18n/i18n.ts";
import { T } from "#web/i18n/locale-root.tsx";
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
      <SectionCard
        id="password"
        title={t("account.password.title")}
        description={t("account.password.loadingMethods")}
      >
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
      <SectionCard id="password" title={t("account.password.title")}>
        <LoadError
          title={t("account.password.loadFailed")}
          error={accounts.error}
          onRetry={() => accounts.refetch()}
        />
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
          if (isWrongPassword(error)) form.setFieldError("currentPassword", t("account.password.wrong"));
        },
      },
    );
  }

  return (
    <PasswordCard
      email={email}
      title={t("account.password.title")}
      description={t("account.password.changeDescription")}
      submitLabel={t("account.password.update")}
      loading={change.isPending}
      onSubmit={form.onSubmit(submit)}
      newPassword={form.getInputProps("newPassword")}
      confirmation={form.getInputProps("confirmPassword")}
      confirmLabel={t("account.password.confirmNewLabel")}
      before={
        <PasswordInput
          label={t("account.password.currentLabel")}
          autoComplete="current-password"
          {...form.getInputProps("currentPassword")}
        />
      }
    >
      <Text size="sm" c="dimmed">
        <T
          id="account.password.forgot"
          components={{ link: <TextLink to="/forgot-password" search={{ email }} underline="always" /> }}
        />
      </Text>
      <Checkbox
        label={t("account.password.signOutOthers")}
        description={t("account.password.signOutOthersHint")}
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
    validate: schemaResolver(confirmedPassword("newPassword", limits, t("account.password.newMissing")), {
      sync: true,
    }),
  });

  return (
    <PasswordCard
      email={email}
      title={t("account.password.setCardTitle")}
      description={t("account.password.setDescription")}
      submitLabel={t("account.password.setSubmit")}
      loading={setPassword.isPending}
      onSubmit={form.onSubmit((values) => setPassword.mutate(values.newPassword))}
      newPassword={form.getInputProps("newPassword")}
      confirmation={form.getInputProps("confirmPassword")}
      confirmLabel={t("account.password.confirmLabel")}
      before={
        <Alert color="indigo" variant="light" icon={<IconInfoCircle size={18} aria-hidden />}>
          {t("account.password.setInfo", { email })}
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
            label={t("account.password.newLabel")}
            confirmLabel={confirmLabel}
          />
          {children}
        </Stack>
      </form>
    </SectionCard>
  );
}
