import { Button, Code, Group, Select, Stack, Text, TextInput } from "@mantine/core";
import { useForm } from "@mantine/form";
import type { ScimConnectionWithToken } from "#shared/contracts/scim.ts";
import { AppModal, DialogActions } from "#web/components/app-modal.tsx";
import { CopyField } from "#web/components/copy-field.tsx";
import { CopyValueButton } from "#web/components/copy-value.tsx";
import { ErrorAlert } from "#web/components/error-alert.tsx";
import { ShownOnceAlert } from "#web/components/shown-once-alert.tsx";
import { t } from "#web/i18n/i18n.ts";
import { useCreateScimConnection } from "../api/use-scim.ts";
import { useCurrentOrganization } from "./organization-context.tsx";
import { useRoleOptions } from "./role-select.tsx";

/** A new SCIM connection: its name and the role new people get; the token follows, once. */
export function CreateScimDialog({
  opened,
  onClose,
  onCreated,
}: {
  opened: boolean;
  onClose: () => void;
  onCreated: (answer: ScimConnectionWithToken) => void;
}) {
  return (
    <AppModal opened={opened} onClose={onClose} title={t("integrations.scim.create.title")}>
      {opened ? (
        <CreateScimForm
          onCancel={onClose}
          onCreated={(answer) => {
            onClose();
            onCreated(answer);
          }}
        />
      ) : null}
    </AppModal>
  );
}

function CreateScimForm({
  onCancel,
  onCreated,
}: {
  onCancel: () => void;
  onCreated: (answer: ScimConnectionWithToken) => void;
}) {
  const { organization } = useCurrentOrganization();
  const roles = useRoleOptions(false);
  const create = useCreateScimConnection(organization.id, onCreated);
  const form = useForm({
    mode: "controlled",
    initialValues: { name: "", defaultRole: "member" },
    validate: {
      name: (value) => (value.trim() ? null : t("integrations.scim.create.nameRequired")),
    },
  });

  return (
    <form
      noValidate
      onSubmit={form.onSubmit((values) =>
        create.mutate({ name: values.name.trim(), defaultRole: values.defaultRole, groupMappings: [] }),
      )}
    >
      <Stack gap="md">
        <ErrorAlert error={create.error} />
        <TextInput
          label={t("integrations.scim.create.name")}
          description={t("integrations.scim.create.nameDescription")}
          placeholder="Okta"
          maxLength={100}
          data-autofocus
          {...form.getInputProps("name")}
        />
        <Select
          size="md"
          label={t("integrations.scim.create.defaultRole")}
          description={t("integrations.scim.create.defaultRoleDescription")}
          data={roles.data.filter((role) => role.value !== "owner")}
          allowDeselect={false}
          {...form.getInputProps("defaultRole")}
        />
        <DialogActions
          confirmLabel={t("integrations.scim.create.confirm")}
          onCancel={onCancel}
          loading={create.isPending}
        />
      </Stack>
    </form>
  );
}

/** The bearer token, shown this one time (after creating or rotating), with the base URL to go with it. */
export function ScimTokenDialog({
  answer,
  onClose,
}: {
  answer: ScimConnectionWithToken | null;
  onClose: () => void;
}) {
  return (
    <AppModal opened={answer !== null} onClose={onClose} title={t("integrations.scim.token.title")} size="lg">
      {answer ? (
        <Stack gap="md">
          <ShownOnceAlert>
            {t("integrations.scim.token.shownOnce", { name: answer.connection.name })}
          </ShownOnceAlert>
          <CopyField label={t("integrations.scim.token.baseUrl")} value={answer.connection.baseUrl} />
          <div>
            <Text size="sm" fw={600} mb={4}>
              {t("integrations.scim.token.bearer")}
            </Text>
            <Code block data-testid="scim-token" style={{ overflowWrap: "anywhere", whiteSpace: "pre-wrap" }}>
              {answer.token}
            </Code>
          </div>
          <Group justify="space-between">
            <CopyValueButton
              value={answer.token}
              label={t("integrations.scim.token.copyNoun")}
              variant="filled"
            />
            <Button variant="default" onClick={onClose}>
              {t("integrations.scim.token.done")}
            </Button>
          </Group>
        </Stack>
      ) : null}
    </AppModal>
  );
}
