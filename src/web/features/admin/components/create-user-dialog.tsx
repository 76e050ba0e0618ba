import { Checkbox, PasswordInput, TextInput } from "@mantine/core";
import { useNavigate } from "@tanstack/react-router";
import { z } from "zod";
import { emailSchema, nameSchema, newPasswordSchema } from "#shared/fields.ts";
import { LIMITS } from "#shared/limits.ts";
import { t } from "#web/i18n/i18n.ts";
import { useAppConfig } from "#web/lib/app-config.ts";
import { useCreateUser } from "../api/admin-mutations.ts";
import { closing, FormDialog, FormSelect, useSchemaForm } from "./form-dialog.tsx";

/** Creates an account directly (no sign-up mail), then opens its page. */
export function CreateUserDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const config = useAppConfig();
  const limits = { min: config.passwordMinLength, max: config.passwordMaxLength };
  const navigate = useNavigate();
  const create = useCreateUser({
    onDone: (user) => {
      close();
      return navigate({ to: "/admin/users/$id", params: { id: user.id } });
    },
  });
  const form = useSchemaForm(
    z.object({
      name: nameSchema(t("admin.createUser.nameMissing")),
      email: emailSchema(t("admin.createUser.emailMissing")),
      password: newPasswordSchema(limits, t("admin.createUser.passwordMissing")),
    }),
    { name: "", email: "", password: "", role: "user", emailVerified: true },
  );
  const close = closing(onClose, form, create);

  return (
    <FormDialog
      opened={opened}
      onClose={close}
      title={t("admin.createUser.title")}
      onSubmit={form.onSubmit((values) =>
        create.mutate({
          name: values.name.trim(),
          email: values.email.trim().toLowerCase(),
          password: values.password,
          role: values.role === "admin" ? "admin" : "user",
          emailVerified: values.emailVerified,
        }),
      )}
      error={create.error}
      submitLabel={t("admin.createUser.title")}
      loading={create.isPending}
    >
      <TextInput
        label={t("admin.createUser.name")}
        autoComplete="off"
        maxLength={LIMITS.name}
        data-autofocus
        {...form.getInputProps("name")}
      />
      <TextInput
        label={t("admin.profile.email")}
        type="email"
        autoComplete="off"
        maxLength={LIMITS.email}
        {...form.getInputProps("email")}
      />
      <PasswordInput
        label={t("admin.createUser.password")}
        autoComplete="new-password"
        description={t("admin.createUser.passwordHelp", { min: config.passwordMinLength })}
        {...form.getInputProps("password")}
      />
      <FormSelect
        label={t("admin.users.column.role")}
        data={[
          { value: "user", label: t("admin.role.user") },
          { value: "admin", label: t("admin.createUser.roleAdmin") },
        ]}
        {...form.getInputProps("role")}
      />
      <Checkbox
        label={t("admin.createUser.verified")}
        description={t("admin.createUser.verifiedHelp")}
        {...form.getInputProps("emailVerified", { type: "checkbox" })}
      />
    </FormDialog>
  );
}
