import {
  Button,
  Checkbox,
  Code,
  Group,
  Menu,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from "@mantine/core";
import { schemaResolver, useForm } from "@mantine/form";
import { IconTrash } from "@tabler/icons-react";
import { useState } from "react";
import { z } from "zod";
import {
  API_KEY_EXPIRY_CHOICES,
  API_KEY_NAME_MAX,
  API_KEY_PERMISSIONS,
  type ApiKeyResource,
  apiKeyNameSchema,
  roleGrants,
} from "#shared/api-keys.ts";
import { AppModal, DialogActions } from "#web/components/app-modal.tsx";
import { ConfirmActionDialog } from "#web/components/confirm-dialog.tsx";
import { CopyValueButton } from "#web/components/copy-value.tsx";
import { ErrorAlert } from "#web/components/error-alert.tsx";
import { ShownOnceAlert } from "#web/components/shown-once-alert.tsx";
import { t } from "#web/i18n/i18n.ts";
import {
  type ApiKeyRow,
  apiKeysKey,
  type CreatedApiKey,
  revokeApiKey,
  useCreateApiKey,
} from "../api/use-api-keys.ts";
import { EXPIRY_LABELS, PERMISSION_LABELS, RESOURCE_LABELS } from "../lib/api-keys.ts";
import { RowMenu } from "./list-table.tsx";
import { useCurrentOrganization } from "./organization-context.tsx";

/** Creating a key: the form, then the key itself, shown once. */
export function CreateApiKeyDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const [created, setCreated] = useState<CreatedApiKey | null>(null);
  function close() {
    setCreated(null);
    onClose();
  }
  return (
    <AppModal
      opened={opened}
      onClose={close}
      title={created ? t("integrations.apiKeys.create.copyTitle") : t("integrations.apiKeys.create.title")}
      size="lg"
    >
      {created ? (
        <NewKey created={created} onDone={close} />
      ) : opened ? (
        <CreateApiKeyForm onCreated={setCreated} onCancel={close} />
      ) : null}
    </AppModal>
  );
}

const createForm = z.object({ name: apiKeyNameSchema, expiry: z.string(), permissions: z.array(z.string()) });
const checkCreateForm = schemaResolver(createForm, { sync: true });

function CreateApiKeyForm({
  onCreated,
  onCancel,
}: {
  onCreated: (created: CreatedApiKey) => void;
  onCancel: () => void;
}) {
  const { organization, role, grants } = useCurrentOrganization();
  const form = useForm({
    mode: "controlled",
    initialValues: { name: "", expiry: "90 days", permissions: [] as string[] },
    validate: checkCreateForm,
    validateInputOnBlur: true,
  });
  const create = useCreateApiKey(organization.id, onCreated);

  function submit(values: typeof form.values) {
    const expiry = API_KEY_EXPIRY_CHOICES.find((choice) => choice.label === values.expiry);
    const permissions: Record<string, string[]> = {};
    for (const entry of values.permissions) {
      const [resource = "", action = ""] = entry.split(":");
      permissions[resource] = [...(permissions[resource] ?? []), action];
    }
    create.mutate({ name: values.name.trim(), expiresIn: expiry?.seconds ?? null, permissions });
  }

  return (
    <form noValidate onSubmit={form.onSubmit(submit)}>
      <Stack gap="md">
        <ErrorAlert error={create.error} />
        <TextInput
          label={t("integrations.apiKeys.create.name")}
          description={t("integrations.apiKeys.create.nameDescription")}
          placeholder={t("integrations.apiKeys.create.namePlaceholder")}
          maxLength={API_KEY_NAME_MAX}
          data-autofocus
          {...form.getInputProps("name")}
        />
        <Select
          label={t("integrations.apiKeys.create.expires")}
          description={t("integrations.apiKeys.create.expiresDescription")}
          data={API_KEY_EXPIRY_CHOICES.map((choice) => ({
            value: choice.label,
            label: t(EXPIRY_LABELS[choice.label]),
          }))}
          allowDeselect={false}
          {...form.getInputProps("expiry")}
        />
        <Checkbox.Group
          label={t("integrations.apiKeys.create.permissions")}
          description={t("integrations.apiKeys.create.permissionsDescription")}
          {...form.getInputProps("permissions")}
        >
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md" verticalSpacing="md" mt="xs">
            {(Object.keys(API_KEY_PERMISSIONS) as ApiKeyResource[]).map((resource) => (
              <Stack key={resource} gap={6} role="group" aria-labelledby={`perm-${resource}`}>
                <Text id={`perm-${resource}`} size="sm" fw={600}>
                  {t(RESOURCE_LABELS[resource])}
                </Text>
                {API_KEY_PERMISSIONS[resource].map((action) => {
                  // The server's answer counts custom roles; until it comes, the built-in ones.
                  const granted = grants
                    ? (grants[resource] ?? []).includes(action)
                    : roleGrants(role, resource, action);
                  return (
                    <Checkbox
                      key={action}
                      value={`${resource}:${action}`}
                      label={t(PERMISSION_LABELS[`${resource}:${action}`] ?? RESOURCE_LABELS[resource])}
                      description={granted ? undefined : t("integrations.apiKeys.create.roleLacks")}
                      disabled={!granted}
                    />
                  );
                })}
              </Stack>
            ))}
          </SimpleGrid>
        </Checkbox.Group>
        <DialogActions
          confirmLabel={t("integrations.apiKeys.create.confirm")}
          onCancel={onCancel}
          loading={create.isPending}
        />
      </Stack>
    </form>
  );
}

/** The key, once: copy it now, it is stored only as a hash. */
function NewKey({ created, onDone }: { created: CreatedApiKey; onDone: () => void }) {
  const origin = window.location.origin;
  return (
    <Stack gap="md">
      <ShownOnceAlert>
        {created.name
          ? t("integrations.apiKeys.created.shownOnce", { name: created.name })
          : t("integrations.apiKeys.created.shownOnceUnnamed")}
      </ShownOnceAlert>
      <Code block data-testid="new-api-key" style={{ overflowWrap: "anywhere", whiteSpace: "pre-wrap" }}>
        {created.key}
      </Code>
      <CopyValueButton
        value={created.key}
        label={t("integrations.apiKeys.created.copyNoun")}
        variant="filled"
      />
      <Text size="sm">{t("integrations.apiKeys.created.header")}</Text>
      <Code block style={{ overflowWrap: "anywhere", whiteSpace: "pre-wrap" }}>
        {`curl -H "x-api-key: $GATEHOUSE_API_KEY" \\\n${origin}/api/auth/organization/list-members`}
      </Code>
      <Group justify="flex-end">
        <Button onClick={onDone}>{t("integrations.apiKeys.created.done")}</Button>
      </Group>
    </Stack>
  );
}

/** The menu of a key's row. */
export function ApiKeyActions({ apiKey, onRevoke }: { apiKey: ApiKeyRow; onRevoke: () => void }) {
  return (
    <RowMenu
      label={t("integrations.apiKeys.row.actions", { name: apiKey.name ?? apiKey.start ?? "" })}
      width={200}
    >
      <Menu.Item color="red" leftSection={<IconTrash size={16} aria-hidden />} onClick={onRevoke}>
        {t("integrations.apiKeys.row.revoke")}
      </Menu.Item>
    </RowMenu>
  );
}

export function RevokeApiKeyDialog({ apiKey, onClose }: { apiKey: ApiKeyRow | null; onClose: () => void }) {
  const { organization } = useCurrentOrganization();
  const start = apiKey?.start ?? "none";
  return (
    <ConfirmActionDialog
      target={apiKey}
      onClose={onClose}
      title={t("integrations.apiKeys.revoke.title")}
      confirmLabel={t("integrations.apiKeys.revoke.confirm")}
      action={revokeApiKey}
      invalidate={apiKeysKey(organization.id)}
      success={(target) => ({
        title: t("integrations.apiKeys.revoke.done"),
        message: target.name
          ? t("integrations.apiKeys.revoke.doneMessage", { name: target.name })
          : t("integrations.apiKeys.revoke.doneMessageUnnamed"),
      })}
    >
      {apiKey?.name
        ? t("integrations.apiKeys.revoke.body", { name: apiKey.name, start })
        : t("integrations.apiKeys.revoke.bodyUnnamed", { start })}
    </ConfirmActionDialog>
  );
}
