import {
  ActionIcon,
  Button,
  Collapse,
  Group,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from "@mantine/core";
import { IconChevronDown, IconChevronRight, IconPlus, IconTrash } from "@tabler/icons-react";
import { useState } from "react";
import { useUnreachableNotice } from "#web/lib/api/unreachable-notice.tsx";
import { useAllTeams } from "../api/queries.ts";
import { newGroupRow } from "../lib/sso-form.ts";
import { useCurrentOrganization } from "./organization-context.tsx";
import type { SsoFormForm } from "./sso-connection-form.tsx";

const ATTRIBUTES = [
  { key: "email", label: "Email", placeholder: "email" },
  { key: "name", label: "Full name", placeholder: "name" },
  { key: "firstName", label: "First name", placeholder: "givenName" },
  { key: "lastName", label: "Last name", placeholder: "surname" },
  { key: "groups", label: "Groups", placeholder: "groups" },
] as const;

/** Which attributes or claims hold the person's details: collapsed, as the usual names mostly fit. */
export function AttributeMappingFields({ form }: { form: SsoFormForm }) {
  const [open, setOpen] = useState(false);
  return (
    <Stack gap="xs">
      <Button
        variant="subtle"
        color="gray"
        onClick={() => setOpen((value) => !value)}
        aria-expanded={open}
        aria-controls="sso-attribute-mapping"
        leftSection={
          open ? <IconChevronDown size={16} aria-hidden /> : <IconChevronRight size={16} aria-hidden />
        }
        style={{ alignSelf: "flex-start" }}
        px={4}
      >
        Attribute mapping
      </Button>
      <Collapse expanded={open} id="sso-attribute-mapping">
        <Stack gap="xs">
          <Text size="sm" c="dimmed">
            Leave a field empty for the protocol's usual name. Groups are read only when you name their
            attribute.
          </Text>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            {ATTRIBUTES.map((attribute) => (
              <TextInput
                key={attribute.key}
                label={`${attribute.label} attribute`}
                placeholder={attribute.placeholder}
                autoComplete="off"
                {...form.getInputProps(`mapping.${attribute.key}`)}
              />
            ))}
          </SimpleGrid>
        </Stack>
      </Collapse>
    </Stack>
  );
}

/** Rows "group → role and/or team": what membership in an IdP group gives here. */
export function GroupMappingFields({
  form,
  roles,
}: {
  form: SsoFormForm;
  roles: { value: string; label: string }[];
}) {
  const { organization } = useCurrentOrganization();
  const teams = useAllTeams(organization.id);
  useUnreachableNotice(teams.error);
  const teamOptions = (teams.data?.items ?? []).map((team) => ({ value: team.id, label: team.name }));
  const roleOptions = roles.filter((role) => role.value !== "owner");
  const rows = form.values.groupMappings;

  return (
    <Stack gap="xs">
      <Title order={3} fz="md">
        Group mappings
      </Title>
      <Text size="sm" c="dimmed">
        {form.values.mapping.groups
          ? "People in a group get its role (instead of the default) and join its team."
          : "Name the groups attribute under Attribute mapping for these to apply."}
      </Text>
      {rows.map((row, index) => (
        <Group key={row.key} gap="xs" align="flex-start" wrap="wrap" data-testid="group-mapping-row">
          <TextInput
            label="Group"
            placeholder="engineering"
            style={{ flex: "2 1 160px" }}
            {...form.getInputProps(`groupMappings.${index}.group`)}
          />
          <Select
            size="md"
            label="Role"
            placeholder="No role"
            data={roleOptions}
            clearable
            style={{ flex: "1 1 130px" }}
            {...form.getInputProps(`groupMappings.${index}.role`)}
          />
          <Select
            size="md"
            label="Team"
            placeholder="No team"
            data={teamOptions}
            clearable
            style={{ flex: "1 1 130px" }}
            {...form.getInputProps(`groupMappings.${index}.teamId`)}
          />
          <ActionIcon
            variant="subtle"
            color="red"
            mt={27}
            size="lg"
            aria-label={`Remove the mapping of ${row.group || "this group"}`}
            onClick={() => form.removeListItem("groupMappings", index)}
          >
            <IconTrash size={16} aria-hidden />
          </ActionIcon>
        </Group>
      ))}
      <Button
        variant="default"
        size="xs"
        leftSection={<IconPlus size={14} aria-hidden />}
        onClick={() => form.insertListItem("groupMappings", newGroupRow())}
        style={{ alignSelf: "flex-start" }}
      >
        Add group mapping
      </Button>
    </Stack>
  );
}
