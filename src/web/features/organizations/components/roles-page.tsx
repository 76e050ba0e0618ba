import { Badge, Button, Card, Group, Stack, Text } from "@mantine/core";
import { IconPencil, IconPlus, IconTrash } from "@tabler/icons-react";
import { useState } from "react";
import { ORGANIZATION_ROLE_NAMES } from "#shared/permissions.ts";
import { LoadError } from "#web/components/error-alert.tsx";
import { ListSkeleton, SectionHeader } from "#web/components/page-states.tsx";
import { t } from "#web/i18n/i18n.ts";
import { usePageTitle } from "#web/lib/use-page-title.ts";
import { type CustomRole, useCustomRoles } from "../api/use-roles.ts";
import { permissionWords } from "../lib/role-permissions.ts";
import { ROLE_DESCRIPTIONS, roleLabel } from "../lib/roles.ts";
import { useCurrentOrganization } from "./organization-context.tsx";
import { DeleteRoleDialog, RoleDialog } from "./role-dialogs.tsx";

/** `/org/$slug/roles`: the built-in roles, and the organization's own roles with what each grants. */
export function RolesPage() {
  const { organization, can } = useCurrentOrganization();
  usePageTitle(t("organizations.roles.pageTitle", { organization: organization.name }));
  const query = useCustomRoles(organization.id, can.readRoles);
  const [editing, setEditing] = useState<CustomRole | "new" | null>(null);
  const [deleting, setDeleting] = useState<CustomRole | null>(null);

  return (
    <Stack gap="md">
      <SectionHeader
        title={t("organizations.nav.roles")}
        description={t("organizations.roles.description")}
        actions={
          can.createRoles ? (
            <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setEditing("new")}>
              {t("organizations.roles.create")}
            </Button>
          ) : null
        }
      />
      <Card withBorder radius="lg" padding="md">
        <Stack gap="xs">
          {ORGANIZATION_ROLE_NAMES.map((name) => (
            <Group key={name} gap="sm" wrap="nowrap">
              <Badge variant="light" color="gray" miw={72}>
                {roleLabel(name)}
              </Badge>
              <Text size="sm" c="dimmed">
                {t(ROLE_DESCRIPTIONS[name])}
              </Text>
            </Group>
          ))}
        </Stack>
      </Card>
      {query.error ? (
        <LoadError
          error={query.error}
          onRetry={() => void query.refetch()}
          title={t("organizations.roles.loadFailed")}
        />
      ) : !query.data ? (
        <ListSkeleton rows={2} label={t("organizations.roles.loading")} />
      ) : query.data.length === 0 ? (
        <Card withBorder radius="lg" padding="lg">
          <Text size="sm" c="dimmed">
            {t("organizations.roles.none", { organization: organization.name })}
          </Text>
        </Card>
      ) : (
        <Stack
          gap="sm"
          component="ul"
          style={{ listStyle: "none", padding: 0, margin: 0 }}
          aria-label={t("organizations.roles.customLabel")}
        >
          {query.data.map((role) => (
            <Card key={role.id} component="li" withBorder radius="lg" padding="md" aria-label={role.role}>
              <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
                <Stack gap={4} style={{ minWidth: 0, flex: "1 1 260px" }}>
                  <Text fw={600}>{role.role}</Text>
                  {role.description ? (
                    <Text size="sm" c="dimmed">
                      {role.description}
                    </Text>
                  ) : null}
                  <Group gap={6} wrap="wrap">
                    {Object.entries(role.permission).flatMap(([resource, actions]) =>
                      (actions ?? []).map((action) => (
                        <Badge key={`${resource}:${action}`} variant="outline" color="gray" tt="none">
                          {permissionWords(resource, action)}
                        </Badge>
                      )),
                    )}
                  </Group>
                </Stack>
                <Group gap="xs">
                  {can.updateRoles ? (
                    <Button
                      variant="default"
                      size="xs"
                      leftSection={<IconPencil size={14} aria-hidden />}
                      onClick={() => setEditing(role)}
                      aria-label={t("organizations.roles.editLabel", { role: role.role })}
                    >
                      {t("organizations.roles.edit")}
                    </Button>
                  ) : null}
                  {can.deleteRoles ? (
                    <Button
                      variant="default"
                      color="red"
                      size="xs"
                      leftSection={<IconTrash size={14} aria-hidden />}
                      onClick={() => setDeleting(role)}
                      aria-label={t("organizations.roles.deleteLabel", { role: role.role })}
                    >
                      {t("organizations.roles.delete")}
                    </Button>
                  ) : null}
                </Group>
              </Group>
            </Card>
          ))}
        </Stack>
      )}
      <RoleDialog
        opened={editing !== null}
        role={editing === "new" ? null : editing}
        onClose={() => setEditing(null)}
      />
      <DeleteRoleDialog role={deleting} onClose={() => setDeleting(null)} />
    </Stack>
  );
}
