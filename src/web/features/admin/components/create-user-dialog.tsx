import { Alert, Button, Checkbox, Group, PasswordInput, Select, Stack, TextInput } from "@mantine/core";
import { useForm } from "@mantine/form";
import { notifications } from "@mantine/notifications";
import { IconAlertCircle } from "@tabler/icons-react";
import { useNavigate } from "@tanstack/react-router";
import { LIMITS } from "#shared/limits.ts";
import { useAppConfig } from "#web/lib/app-config.ts";
import { checkEmail, checkName, checkNewPassword } from "#web/lib/field-rules.ts";
import { useCreateUser } from "../api/admin-users.ts";
import { adminErrorText } from "../lib/admin-errors.ts";
import { AdminDialog } from "./admin-dialog.tsx";

/** Creates an account directly (no sign-up mail), then opens its page. */
export function CreateUserDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const config = useAppConfig();
  const limits = { min: config.passwordMinLength, max: config.passwordMaxLength };
  const navigate = useNavigate();
  const create = useCreateUser();
  const form = useForm({
    mode: "controlled",
    initialValues: { name: "", email: "", password: "", role: "user", emailVerified: true },
    validate: {
      name: (value) => checkName(value, "Enter a name"),
      email: (value) => checkEmail(value, "Enter an email address"),
      password: (value) => checkNewPassword(value, limits, "Enter a password"),
    },
  });

  function close() {
    form.reset();
    create.reset();
    onClose();
  }

  async function handleSubmit(values: typeof form.values) {
    const user = await create
      .mutateAsync({
        name: values.name.trim(),
        email: values.email.trim().toLowerCase(),
        password: values.password,
        role: values.role === "admin" ? "admin" : "user",
        emailVerified: values.emailVerified,
      })
      .catch(() => null);
    if (!user) return;
    notifications.show({ color: "teal", title: "User created", message: `${user.name} can now sign in.` });
    close();
    await navigate({ to: "/admin/users/$id", params: { id: user.id } });
  }

  return (
    <AdminDialog opened={opened} onClose={close} title="Create user">
      <form onSubmit={form.onSubmit(handleSubmit)} noValidate>
        <Stack gap="md">
          {create.error ? (
            <Alert color="red" variant="light" icon={<IconAlertCircle size={18} aria-hidden />}>
              {adminErrorText(create.error)}
            </Alert>
          ) : null}
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
          <Select
            label="Role"
            size="md"
            allowDeselect={false}
            data={[
              { value: "user", label: "User" },
              { value: "admin", label: "Admin — can manage every user" },
            ]}
            comboboxProps={{ withinPortal: true }}
            {...form.getInputProps("role")}
          />
          <Checkbox
            label="Email address already verified"
            description="Leave on to let them sign in right away. Off, they confirm the address by a mailed link first."
            {...form.getInputProps("emailVerified", { type: "checkbox" })}
          />
          <Group justify="flex-end" gap="sm" mt="xs">
            <Button variant="default" onClick={close}>
              Cancel
            </Button>
            <Button type="submit" loading={create.isPending}>
              Create user
            </Button>
          </Group>
        </Stack>
      </form>
    </AdminDialog>
  );
}
