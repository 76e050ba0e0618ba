import { Button, Code, Group, Select, Stack, Text, TextInput } from "@mantine/core";
import { useForm } from "@mantine/form";
import type { ScimConnectionWithToken } from "#shared/contracts/scim.ts";
import { AppModal, DialogActions } from "#web/components/app-modal.tsx";
import { CopyField } from "#web/components/copy-field.tsx";
import { CopyValueButton } from "#web/components/copy-value.tsx";
import { ErrorAlert } from "#web/components/error-alert.tsx";
import { ShownOnceAlert } from "#web/components/shown-once-alert.tsx";
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
    <AppModal opened={opened} onClose={onClose} title="Create SCIM connection">
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
      name: (value) => (value.trim() ? null : "Name it after your identity provider, e.g. Okta"),
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
          label="Name"
          description="Which directory syncs through it, so you recognise it later."
          placeholder="Okta"
          maxLength={100}
          data-autofocus
          {...form.getInputProps("name")}
        />
        <Select
          size="md"
          label="Role of new people"
          description="What a provisioned person gets when none of their groups grants a role."
          data={roles.data.filter((role) => role.value !== "owner")}
          allowDeselect={false}
          {...form.getInputProps("defaultRole")}
        />
        <DialogActions confirmLabel="Create connection" onCancel={onCancel} loading={create.isPending} />
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
    <AppModal opened={answer !== null} onClose={onClose} title="Copy your SCIM token" size="lg">
      {answer ? (
        <Stack gap="md">
          <ShownOnceAlert>
            {`This is the only time you will see the token of “${answer.connection.name}”. Copy it into your identity provider's provisioning settings now: Gatehouse keeps only its hash. If you lose it, rotate it.`}
          </ShownOnceAlert>
          <CopyField label="SCIM base URL" value={answer.connection.baseUrl} />
          <div>
            <Text size="sm" fw={600} mb={4}>
              Bearer token
            </Text>
            <Code block data-testid="scim-token" style={{ overflowWrap: "anywhere", whiteSpace: "pre-wrap" }}>
              {answer.token}
            </Code>
          </div>
          <Group justify="space-between">
            <CopyValueButton value={answer.token} label="token" variant="filled" />
            <Button variant="default" onClick={onClose}>
              Done
            </Button>
          </Group>
        </Stack>
      ) : null}
    </AppModal>
  );
}
