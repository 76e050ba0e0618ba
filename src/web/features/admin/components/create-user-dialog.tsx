import { Checkbox, PasswordInput, TextInput } from "@mantine/core";
import { useNavigate } from "@tanstack/react-router";
import { z } from "zod";
import { emailSchema, nameSchema, newPasswordSchema } from "#shared/fields.ts";
import { LIMITS } from "#shared/limits.ts";
import { useAppConfig } from "#web/lib/app-config.ts";
import { useCreateUser } from "../api/admin-mutations.ts";
import { closing, FormDialog, FormSelect, useSchemaForm } from "./form-dialog.tsx";

const ROLE_OPTIONS = [
  { value: "user", label: "User" },
  { value: "admin", label: "Admin — can manage every user" },
];

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
      name: nameSchema("Enter a name"),
      email: emailSchema("Enter an email address"),
      password: newPasswordSchema(limits, "Enter a password"),
    }),
    { name: "", email: "", password: "", role: "user", emailVerified: true },
  );
  const close = closing(onClose, form, create);

  return (
    <FormDialog
      opened={opened}
      onClose={close}
      title="Create user"
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
      submitLabel="Create user"
      loading={create.isPending}
    >
      <TextInput
        label="Name"
        autoComplete="off"
        maxLength={LIMITS.name}
        data-autofocus
        {...form.getInputProps("name")}
      />
      <TextInput
        label="Email"
        type="email"
        autoComplete="off"
        maxLength={LIMITS.email}
        {...form.getInputProps("email")}
      />
      <PasswordInput
        label="Password"
        autoComplete="new-password"
        description={`At least ${config.passwordMinLength} characters. Share it with the person safely; they can change it later.`}
        {...form.getInputProps("password")}
      />
      <FormSelect label="Role" data={ROLE_OPTIONS} {...form.getInputProps("role")} />
      <Checkbox
        label="Email address already verified"
        description="Leave on to let them sign in right away. Off, they confirm the address by a mailed link first."
        {...form.getInputProps("emailVerified", { type: "checkbox" })}
      />
    </FormDialog>
  );
}
