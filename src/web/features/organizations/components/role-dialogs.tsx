import { Button, Checkbox, Fieldset, Group, SimpleGrid, Stack, Textarea, TextInput } from "@mantine/core";
import { schemaResolver, useForm } from "@mantine/form";
import { z } from "zod";
import { type Grants, roleDescriptionSchema, roleNameSchema, type Statement } from "#shared/custom-roles.ts";
import { statements } from "#shared/permissions.ts";
import { AppModal } from "#web/components/app-modal.tsx";
import { ConfirmActionDialog } from "#web/components/confirm-dialog.tsx";
import { ErrorAlert } from "#web/components/error-alert.tsx";
import { organizationKey } from "../api/queries.ts";
import { type CustomRole, deleteRole, useSaveRole } from "../api/use-roles.ts";
import { PERMISSION_WORDS, STATEMENT_LABELS } from "../lib/role-permissions.ts";
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
      title={role ? `Edit role ${role.role}` : "Create role"}
      size="lg"
    >
      {opened ? <RoleForm key={role?.id ?? "new"} role={role} onDone={onClose} /> : null}
    </AppModal>
  );
}

const roleForm = z.object({
  role: roleNameSchema,
  description: roleDescriptionSchema,
  permissions: z.array(z.string()),
});

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
    validate: schemaResolver(roleForm, { sync: true }),
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
          label="Role name"
          description="Lowercase letters, digits and hyphens, e.g. team-lead"
          placeholder="team-lead"
          maxLength={32}
          data-autofocus
          {...form.getInputProps("role")}
        />
        <Textarea
          label="Description"
          autosize
          minRows={2}
          maxLength={200}
          {...form.getInputProps("description")}
        />
        <Checkbox.Group
          label="Permissions"
          description="You can only grant what your own roles allow."
          {...form.getInputProps("permissions")}
        >
          <SimpleGrid cols={{ base: 1, sm: 2 }} mt="xs">
            {(Object.keys(statements) as Statement[]).map((resource) => (
              <Fieldset key={resource} legend={STATEMENT_LABELS[resource]} variant="filled" p="sm">
                <Stack gap={6}>
                  {statements[resource].map((action) => (
                    <Checkbox
                      key={action}
                      value={`${resource}:${action}`}
                      label={PERMISSION_WORDS[`${resource}:${action}`] ?? `${resource}: ${action}`}
                    />
                  ))}
                </Stack>
              </Fieldset>
            ))}
          </SimpleGrid>
        </Checkbox.Group>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onDone}>
            Cancel
          </Button>
          <Button type="submit" loading={save.isPending}>
            {role ? "Save role" : "Create role"}
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
      title="Delete role"
      confirmLabel="Delete role"
      action={deleteRole}
      invalidate={organizationKey(organization.id)}
      success={(r) => ({ title: "Role deleted", message: `${r.role} no longer exists.` })}
    >
      {`Delete the role ${role?.role ?? ""}? A role that members still hold cannot be deleted: give them another role first.`}
    </ConfirmActionDialog>
  );
}
