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
import { t } from "#web/i18n/i18n.ts";
import type { MessageId } from "#web/i18n/message-id.ts";
import { useUnreachableNotice } from "#web/lib/api/unreachable-notice.tsx";
import { useAllTeams } from "../api/queries.ts";
import { newGroupRow } from "../lib/sso-form.ts";
import { useCurrentOrganization } from "./organization-context.tsx";
import type { SsoFormForm } from "./sso-connection-form.tsx";

const ATTRIBUTES: readonly { key: string; label: MessageId; placeholder: string }[] = [
  { key: "email", label: "integrations.sso.mapping.email", placeholder: "email" },
  { key: "name", label: "integrations.sso.mapping.name", placeholder: "name" },
  { key: "firstName", label: "integrations.sso.mapping.firstName", placeholder: "givenName" },
  { key: "lastName", label: "integrations.sso.mapping.lastName", placeholder: "surname" },
  { key: "groups", label: "integrations.sso.mapping.groups", placeholder: "groups" },
];

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
        {t("integrations.sso.mapping.attributeMapping")}
      </Button>
      <Collapse expanded={open} id="sso-attribute-mapping">
        <Stack gap="xs">
          <Text size="sm" c="dimmed">
            {t("integrations.sso.mapping.attributeHelp")}
          </Text>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            {ATTRIBUTES.map((attribute) => (
              <TextInput
                key={attribute.key}
                label={t(attribute.label)}
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
        {t("integrations.sso.mapping.groupMappings")}
      </Title>
      <Text size="sm" c="dimmed">
        {form.values.mapping.groups
          ? t("integrations.sso.mapping.groupsApply")
          : t("integrations.sso.mapping.groupsNeedAttribute")}
      </Text>
      {rows.map((row, index) => (
        <Group key={row.key} gap="xs" align="flex-start" wrap="wrap" data-testid="group-mapping-row">
          <TextInput
            label={t("integrations.sso.mapping.group")}
            placeholder="engineering"
            style={{ flex: "2 1 160px" }}
            {...form.getInputProps(`groupMappings.${index}.group`)}
          />
          <Select
            size="md"
            label={t("integrations.sso.mapping.role")}
            placeholder={t("integrations.sso.mapping.noRole")}
            data={roleOptions}
            clearable
            style={{ flex: "1 1 130px" }}
            {...form.getInputProps(`groupMappings.${index}.role`)}
          />
          <Select
            size="md"
            label={t("integrations.sso.mapping.team")}
            placeholder={t("integrations.sso.mapping.noTeam")}
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
            aria-label={
              row.group
                ? t("integrations.sso.mapping.removeGroup", { group: row.group })
                : t("integrations.sso.mapping.removeThisGroup")
            }
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
        {t("integrations.sso.mapping.add")}
      </Button>
    </Stack>
  );
}
