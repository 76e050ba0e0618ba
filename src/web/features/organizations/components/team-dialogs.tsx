import { Button, Group, Menu, Stack, TextInput } from "@mantine/core";
import { schemaResolver, useForm } from "@mantine/form";
import { IconPencil, IconTrash, IconUsersGroup } from "@tabler/icons-react";
import { z } from "zod";
import { organizationNameSchema } from "#shared/fields.ts";
import { LIMITS } from "#shared/limits.ts";
import { AppModal } from "#web/components/app-modal.tsx";
import { ConfirmActionDialog } from "#web/components/confirm-dialog.tsx";
import { ErrorAlert } from "#web/components/error-alert.tsx";
import { authClient } from "#web/lib/auth-client.ts";
import { organizationKey } from "../api/queries.ts";
import type { TeamRow } from "../api/types.ts";
import { removeTeam, useSaveTeam } from "../api/use-team-mutations.ts";
import { activeTeamIdOf } from "../lib/session.ts";
import { MenuNote, RowMenu } from "./list-table.tsx";
import { useCurrentOrganization } from "./organization-context.tsx";

interface TeamActionsProps {
  team: TeamRow;
  /** The organization's only team cannot be removed. */
  lastTeam: boolean;
  onManage: () => void;
  onRename: () => void;
  onRemove: () => void;
}

/** The menu of a team's row: manage members, rename, remove. */
export function TeamActions({ team, lastTeam, onManage, onRename, onRemove }: TeamActionsProps) {
  const { can } = useCurrentOrganization();
  return (
    <RowMenu label={`Actions for team ${team.name}`} width={260}>
      {can.updateTeams ? (
        <>
          <Menu.Item leftSection={<IconUsersGroup size={16} aria-hidden />} onClick={onManage}>
            Manage members
          </Menu.Item>
          <Menu.Item leftSection={<IconPencil size={16} aria-hidden />} onClick={onRename}>
            Rename
          </Menu.Item>
        </>
      ) : null}
      {can.deleteTeams ? (
        <Menu.Item
          color="red"
          leftSection={<IconTrash size={16} aria-hidden />}
          onClick={onRemove}
          disabled={lastTeam}
        >
          Remove team
        </Menu.Item>
      ) : null}
      {can.deleteTeams && lastTeam ? (
        <MenuNote>The last team cannot be removed. Create another team first.</MenuNote>
      ) : null}
    </RowMenu>
  );
}

/** Creating a team, or renaming `team` when given. */
export function TeamNameDialog({
  opened,
  team,
  onClose,
}: {
  opened: boolean;
  team?: TeamRow | null;
  onClose: () => void;
}) {
  return (
    <AppModal opened={opened} onClose={onClose} title={team ? "Rename team" : "Create team"}>
      {opened ? <TeamNameForm key={team?.id ?? "new"} team={team ?? null} onDone={onClose} /> : null}
    </AppModal>
  );
}

const teamNameForm = z.object({ name: organizationNameSchema("A team name needs at least 1 character") });

function TeamNameForm({ team, onDone }: { team: TeamRow | null; onDone: () => void }) {
  const { organization } = useCurrentOrganization();
  const form = useForm({
    mode: "controlled",
    initialValues: { name: team?.name ?? "" },
    validate: schemaResolver(teamNameForm, { sync: true }),
    validateInputOnBlur: true,
  });
  const save = useSaveTeam(organization.id, team, onDone);

  return (
    <form noValidate onSubmit={form.onSubmit((values) => save.mutate(values.name.trim()))}>
      <Stack gap="md">
        <ErrorAlert error={save.error} />
        <TextInput
          label="Team name"
          placeholder="Design"
          maxLength={LIMITS.organizationName}
          data-autofocus
          {...form.getInputProps("name")}
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onDone}>
            Cancel
          </Button>
          <Button type="submit" loading={save.isPending}>
            {team ? "Save name" : "Create team"}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

export function RemoveTeamDialog({ team, onClose }: { team: TeamRow | null; onClose: () => void }) {
  const { organization } = useCurrentOrganization();
  const { data: session } = authClient.useSession();
  const activeTeamId = activeTeamIdOf(session);
  return (
    <ConfirmActionDialog
      target={team}
      onClose={onClose}
      title="Remove team"
      confirmLabel="Remove team"
      action={(target) => removeTeam(organization.id, target, activeTeamId)}
      invalidate={organizationKey(organization.id)}
      success={(target) => ({ title: "Team removed", message: `${target.name} no longer exists.` })}
    >
      {`${team?.name ?? "This team"} will be removed. Its members stay in ${organization.name}; only the team goes. Pending invitations to it no longer add anyone to it.`}
    </ConfirmActionDialog>
  );
}
