import { Group, Radio, Stack, Text } from "@mantine/core";
import { useState } from "react";
import { isAdmin } from "#web/lib/admin-role.ts";
import { type AdminRole, useSetRole } from "../api/admin-mutations.ts";
import { closing, FormDialog, type UserDialogProps } from "./form-dialog.tsx";

const ROLES: { value: AdminRole; label: string; description: string }[] = [
  { value: "user", label: "User", description: "Signs in and manages their own account and organizations." },
  {
    value: "admin",
    label: "Admin",
    description: "Everything a user can do, plus this admin area: create, ban, impersonate and delete users.",
  },
];

/** Makes a user an admin, or takes the role away. */
export function RoleDialog({ user, opened, onClose }: UserDialogProps) {
  const current: AdminRole = isAdmin(user) ? "admin" : "user";
  const [role, setRoleValue] = useState<AdminRole>(current);
  const setRole = useSetRole(user, { onDone: () => close() });

  const close = closing(onClose, setRole, { reset: () => setRoleValue(current) });

  return (
    <FormDialog
      opened={opened}
      onClose={close}
      title="Change role"
      onSubmit={() => setRole.mutate(role)}
      error={setRole.error}
      submitLabel="Save role"
      loading={setRole.isPending}
      submitDisabled={role === current}
    >
      <Radio.Group
        value={role}
        onChange={(value) => setRoleValue(value === "admin" ? "admin" : "user")}
        label={`Role of ${user.name || user.email}`}
      >
        <Stack gap="sm" mt="xs">
          {ROLES.map((option) => (
            <Radio.Card key={option.value} value={option.value} p="md" radius="md">
              <Group wrap="nowrap" align="flex-start">
                <Radio.Indicator />
                <div>
                  <Text fw={600} size="sm">
                    {option.label}
                  </Text>
                  <Text size="sm" c="dimmed">
                    {option.description}
                  </Text>
                </div>
              </Group>
            </Radio.Card>
          ))}
        </Stack>
      </Radio.Group>
    </FormDialog>
  );
}
