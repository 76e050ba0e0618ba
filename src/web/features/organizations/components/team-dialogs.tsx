import { Button, Group, Menu, Stack, TextInput } from "@mantine/core";
import { useForm } from "@mantine/form";
import { IconPencil, IconTrash, IconUsersGroup } from "@tabler/icons-react";
import { organizationNameSchema } from "#shared/fields.ts";
import { LIMITS } from "#shared/limits.ts";
import { AppModal } from "#web/components/app-modal.tsx";
import { ConfirmActionDialog } from "#web/components/confirm-dialog.tsx";
import { ErrorAlert } from "#web/components/error-alert.tsx";
import { t } from "#web/i18n/i18n.ts";
import { authClient } from "#web/lib/auth-client.ts";
import { fieldProblem } from "#web/lib/field-problem.ts";
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
    <RowMenu label={t("organizations.teams.actionsFor", { team: team.name })} width={260}>
      {can.updateTeams ? (
        <>
          <Menu.Item leftSection={<IconUsersGroup size={16} aria-hidden />} onClick={onManage}>
            {t("organizations.teams.manageMembers")}
          </Menu.Item>
          <Menu.Item leftSection={<IconPencil size={16} aria-hidden />} onClick={onRename}>
            {t("organizations.teams.rename")}
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
          {t("organizations.teams.remove")}
        </Menu.Item>
      ) : null}
      {can.deleteTeams && lastTeam ? <MenuNote>{t("organizations.teams.lastTeamNote")}</MenuNote> : null}
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
    <AppModal
      opened={opened}
      onClose={onClose}
      title={team ? t("organizations.teams.renameTitle") : t("organizations.teams.create")}
    >
      {opened ? <TeamNameForm key={team?.id ?? "new"} team={team ?? null} onDone={onClose} /> : null}
    </AppModal>
  );
}

/** What is wrong with a team's name by the shared rules (an organization's name's), in the current language. */
function teamNameProblem(name: string): string | null {
  return fieldProblem(organizationNameSchema(), name);
}

function TeamNameForm({ team, onDone }: { team: TeamRow | null; onDone: () => void }) {
  const { organization } = useCurrentOrganization();
  const form = useForm({
    mode: "controlled",
    initialValues: { name: team?.name ?? "" },
    validate: { name: teamNameProblem },
    validateInputOnBlur: true,
  });
  const save = useSaveTeam(organization.id, team, onDone);

  return (
    <form noValidate onSubmit={form.onSubmit((values) => save.mutate(values.name.trim()))}>
      <Stack gap="md">
        <ErrorAlert error={save.error} />
        <TextInput
          label={t("organizations.teams.nameLabel")}
          placeholder={t("organizations.teams.namePlaceholder")}
          maxLength={LIMITS.organizationName}
          data-autofocus
          {...form.getInputProps("name")}
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onDone}>
            {t("organizations.create.cancel")}
          </Button>
          <Button type="submit" loading={save.isPending}>
            {team ? t("organizations.teams.saveName") : t("organizations.teams.create")}
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
      title={t("organizations.teams.remove")}
      confirmLabel={t("organizations.teams.remove")}
      action={(target) => removeTeam(organization.id, target, activeTeamId)}
      invalidate={organizationKey(organization.id)}
      success={(target) => ({
        title: t("organizations.teams.removedTitle"),
        message: t("organizations.teams.removedMessage", { team: target.name }),
      })}
    >
      {t("organizations.teams.removeConfirm", { team: team?.name ?? "", organization: organization.name })}
    </ConfirmActionDialog>
  );
}
