import { Group, Radio, Stack, Text } from "@mantine/core";
import { useState } from "react";
import { t } from "#web/i18n/i18n.ts";
import type { MessageId } from "#web/i18n/message-id.ts";
import { isAdmin } from "#web/lib/admin-role.ts";
import { type AdminRole, useSetRole } from "../api/admin-mutations.ts";
import { closing, FormDialog, type UserDialogProps } from "./form-dialog.tsx";

const ROLES: { value: AdminRole; label: MessageId; description: MessageId }[] = [
  { value: "user", label: "admin.role.user", description: "admin.role.userDescription" },
  { value: "admin", label: "admin.role.admin", description: "admin.role.adminDescription" },
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
      title={t("admin.role.changeTitle")}
      onSubmit={() => setRole.mutate(role)}
      error={setRole.error}
      submitLabel={t("admin.role.save")}
      loading={setRole.isPending}
      submitDisabled={role === current}
    >
      <Radio.Group
        value={role}
        onChange={(value) => setRoleValue(value === "admin" ? "admin" : "user")}
        label={t("admin.role.of", { name: user.name || user.email })}
      >
        <Stack gap="sm" mt="xs">
          {ROLES.map((option) => (
            <Radio.Card key={option.value} value={option.value} p="md" radius="md">
              <Group wrap="nowrap" align="flex-start">
                <Radio.Indicator />
                <div>
                  <Text fw={600} size="sm">
                    {t(option.label)}
                  </Text>
                  <Text size="sm" c="dimmed">
                    {t(option.description)}
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
