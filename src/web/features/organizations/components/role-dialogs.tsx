import { Button, Checkbox, Fieldset, Group, SimpleGrid, Stack, Textarea, TextInput } from "@mantine/core";
import { useForm } from "@mantine/form";
import { type Grants, roleDescriptionSchema, roleNameSchema, type Statement } from "#shared/custom-roles.ts";
import { statements } from "#shared/permissions.ts";
import { AppModal } from "#web/components/app-modal.tsx";
import { ConfirmActionDialog } from "#web/components/confirm-dialog.tsx";
import { ErrorAlert } from "#web/components/error-alert.tsx";
import { t } from "#web/i18n/i18n.ts";
import { fieldProblem } from "#web/lib/field-problem.ts";
import { organizationKey } from "../api/queries.ts";
import { type CustomRole, deleteRole, useSaveRole } from "../api/use-roles.ts";
import { permissionWords, STATEMENT_LABELS } from "../lib/role-permissions.ts";
import { useCurrentOrganization } from "./organization-context.tsx";

/** Creating a custom role, or editing `role` when given. */
export function RoleDialog({
  opened,
  role,
  onClose,
}: {
  opened: boolean;
  role: CustomRole | null;
  onClose: () => void;
}) {
  return (
    <AppModal
      opened={opened}
      onClose={onClose}
      title={role ? t("organizations.roles.editLabel", { role: role.role }) : t("organizations.roles.create")}
      size="lg"
    >
      {opened ? <RoleForm key={role?.id ?? "new"} role={role} onDone={onClose} /> : null}
    </AppModal>
  );
}

/** The role form's checks: the shared rules of #shared/custom-roles.ts, in the current language. */
const validate = {
  role: (name: string) => fieldProblem(roleNameSchema, name),
  description: (description: string) => fieldProblem(roleDescriptionSchema, description),
};

const keysOf = (grants: Grants) =>
  Object.entries(grants).flatMap(([resource, actions]) => (actions ?? []).map((a) => `${resource}:${a}`));

function grantsFrom(keys: string[]): Grants {
  const grants: Grants = {};
  for (const key of keys) {
    const [resource, action] = key.split(":") as [Statement, string];
    grants[resource] = [...(grants[resource] ?? []), action];
  }
  return grants;
}

function RoleForm({ role, onDone }: { role: CustomRole | null; onDone: () => void }) {
  const { organization } = useCurrentOrganization();
  const form = useForm({
    mode: "controlled",
    initialValues: {
      role: role?.role ?? "",
      description: role?.description ?? "",
      permissions: role ? keysOf(role.permission) : [],
    },
    validate,
    validateInputOnBlur: true,
  });
  const save = useSaveRole(organization.id, role, onDone);

  return (
    <form
      noValidate
      onSubmit={form.onSubmit((values) =>
        save.mutate({
          role: values.role,
          description: values.description.trim(),
          permission: grantsFrom(values.permissions),
        }),
      )}
    >
      <Stack gap="md">
        <ErrorAlert error={save.error} />
        <TextInput
          label={t("organizations.roles.nameLabel")}
          description={t("organizations.roles.nameHint")}
          placeholder={t("organizations.roles.namePlaceholder")}
          maxLength={32}
          data-autofocus
          {...form.getInputProps("role")}
        />
        <Textarea
          label={t("organizations.roles.descriptionLabel")}
          autosize
          minRows={2}
          maxLength={200}
          {...form.getInputProps("description")}
        />
        <Checkbox.Group
          label={t("organizations.roles.permissionsLabel")}
          description={t("organizations.roles.permissionsHint")}
          {...form.getInputProps("permissions")}
        >
          <SimpleGrid cols={{ base: 1, sm: 2 }} mt="xs">
            {(Object.keys(statements) as Statement[]).map((resource) => (
              <Fieldset key={resource} legend={t(STATEMENT_LABELS[resource])} variant="filled" p="sm">
                <Stack gap={6}>
                  {statements[resource].map((action) => (
                    <Checkbox
                      key={action}
                      value={`${resource}:${action}`}
                      label={permissionWords(resource, action)}
                    />
                  ))}
                </Stack>
              </Fieldset>
            ))}
          </SimpleGrid>
        </Checkbox.Group>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onDone}>
            {t("organizations.create.cancel")}
          </Button>
          <Button type="submit" loading={save.isPending}>
            {role ? t("organizations.roles.save") : t("organizations.roles.create")}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

export function DeleteRoleDialog({ role, onClose }: { role: CustomRole | null; onClose: () => void }) {
  const { organization } = useCurrentOrganization();
  return (
    <ConfirmActionDialog
      target={role}
      onClose={onClose}
      title={t("organizations.roles.deleteTitle")}
      confirmLabel={t("organizations.roles.deleteTitle")}
      action={deleteRole}
      invalidate={organizationKey(organization.id)}
      success={(r) => ({
        title: t("organizations.roles.deletedTitle"),
        message: t("organizations.roles.deletedMessage", { role: r.role }),
      })}
    >
      {t("organizations.roles.deleteConfirm", { role: role?.role ?? "" })}
    </ConfirmActionDialog>
  );
}
