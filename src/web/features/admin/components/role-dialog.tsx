import { Alert, Button, Group, Radio, Stack, Text } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { IconAlertCircle } from "@tabler/icons-react";
import { useState } from "react";
import { isAdmin } from "#web/lib/admin-role.ts";
import { useSetRole } from "../api/admin-users.ts";
import { adminErrorText } from "../lib/admin-errors.ts";
import { AdminDialog, type UserDialogProps } from "./admin-dialog.tsx";

/** Makes a user an admin, or takes the role away. */
export function RoleDialog({ user, opened, onClose }: UserDialogProps) {
  const setRole = useSetRole();
  const current = isAdmin(user) ? "admin" : "user";
  const [role, setRoleValue] = useState<string>(current);

  function close() {
    setRoleValue(current);
    setRole.reset();
    onClose();
  }

  async function save() {
    const next = role === "admin" ? "admin" : "user";
    const done = await setRole
      .mutateAsync({ userId: user.id, role: next })
      .then(() => true)
      .catch(() => false);
    if (!done) return;
    notifications.show({
      color: "teal",
      title: "Role changed",
      message: `${user.name || user.email} is now ${next === "admin" ? "an admin" : "a regular user"}.`,
    });
    close();
  }

  return (
    <AdminDialog opened={opened} onClose={close} title="Change role">
      <Stack gap="md">
        {setRole.error ? (
          <Alert color="red" variant="light" icon={<IconAlertCircle size={18} aria-hidden />}>
            {adminErrorText(setRole.error)}
          </Alert>
        ) : null}
        <Radio.Group value={role} onChange={setRoleValue} label={`Role of ${user.name || user.email}`}>
          <Stack gap="sm" mt="xs">
            <Radio.Card value="user" p="md" radius="md">
              <Group wrap="nowrap" align="flex-start">
                <Radio.Indicator />
                <div>
                  <Text fw={600} size="sm">
                    User
                  </Text>
                  <Text size="sm" c="dimmed">
                    Signs in and manages their own account and organizations.
                  </Text>
                </div>
              </Group>
            </Radio.Card>
            <Radio.Card value="admin" p="md" radius="md">
              <Group wrap="nowrap" align="flex-start">
                <Radio.Indicator />
                <div>
                  <Text fw={600} size="sm">
                    Admin
                  </Text>
                  <Text size="sm" c="dimmed">
                    Everything a user can do, plus this admin area: create, ban, impersonate and delete users.
                  </Text>
                </div>
              </Group>
            </Radio.Card>
          </Stack>
        </Radio.Group>
        <Group justify="flex-end" gap="sm" mt="xs">
          <Button variant="default" onClick={close}>
            Cancel
          </Button>
          <Button onClick={save} loading={setRole.isPending} disabled={role === current}>
            Save role
          </Button>
        </Group>
      </Stack>
    </AdminDialog>
  );
}
