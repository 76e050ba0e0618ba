import { Button, Group, Menu, Stack, Text } from "@mantine/core";
import { IconShieldCog, IconUserMinus } from "@tabler/icons-react";
import { useState } from "react";
import { parseRoles } from "#shared/roles.ts";
import { AppModal } from "#web/components/app-modal.tsx";
import { ConfirmActionDialog } from "#web/components/confirm-dialog.tsx";
import { ErrorAlert } from "#web/components/error-alert.tsx";
import { t } from "#web/i18n/i18n.ts";
import { T } from "#web/i18n/locale-root.tsx";
import { ORG_KEY } from "../api/queries.ts";
import type { MemberRow } from "../api/types.ts";
import { memberName, removeMember, useUpdateMemberRoles } from "../api/use-member-mutations.ts";
import { MenuNote, RowMenu } from "./list-table.tsx";
import { MemberIdentity } from "./member-identity.tsx";
import { useCurrentOrganization } from "./organization-context.tsx";
import { RoleSelect } from "./role-select.tsx";

interface MemberActionsProps {
  member: MemberRow;
  isSelf: boolean;
  /** Only an owner may change or remove an owner. */
  ownerLocked: boolean;
  canUpdate: boolean;
  canRemove: boolean;
  onEdit: () => void;
  onRemove: () => void;
}

/** The menu of a member's row: change roles, remove, and why either is not offered. */
export function MemberActions({
  member,
  isSelf,
  ownerLocked,
  canUpdate,
  canRemove,
  onEdit,
  onRemove,
}: MemberActionsProps) {
  return (
    <RowMenu
      label={t("organizations.members.actionsFor", { name: memberName(member) })}
      width={240}
      tooltip={t("organizations.members.actions")}
    >
      {canUpdate ? (
        <Menu.Item
          leftSection={<IconShieldCog size={16} aria-hidden />}
          onClick={onEdit}
          disabled={ownerLocked}
        >
          {t("organizations.members.changeRoles")}
        </Menu.Item>
      ) : null}
      {canRemove && !isSelf ? (
        <Menu.Item
          color="red"
          leftSection={<IconUserMinus size={16} aria-hidden />}
          onClick={onRemove}
          disabled={ownerLocked}
        >
          {t("organizations.members.removeFromOrganization")}
        </Menu.Item>
      ) : null}
      {ownerLocked ? <MenuNote>{t("organizations.members.ownerLocked")}</MenuNote> : null}
      {isSelf ? <MenuNote>{t("organizations.members.selfNote")}</MenuNote> : null}
    </RowMenu>
  );
}

export function ChangeRolesDialog({ member, onClose }: { member: MemberRow | null; onClose: () => void }) {
  return (
    <AppModal opened={member !== null} onClose={onClose} title={t("organizations.members.changeRoles")}>
      {member ? <ChangeRolesForm key={member.id} member={member} onDone={onClose} /> : null}
    </AppModal>
  );
}

function sameRoles(a: string[], b: string[]): boolean {
  return [...a].sort().join(",") === [...b].sort().join(",");
}

function ChangeRolesForm({ member, onDone }: { member: MemberRow; onDone: () => void }) {
  const { organization, can } = useCurrentOrganization();
  const [roles, setRoles] = useState<string[]>(parseRoles(member.role));
  const update = useUpdateMemberRoles(organization.id, member, onDone);

  return (
    <Stack gap="md">
      <MemberIdentity user={member.user} avatarSize={36} />
      <ErrorAlert error={update.error} />
      <RoleSelect
        value={roles}
        onChange={setRoles}
        canGrantOwner={can.isOwner}
        error={roles.length === 0 ? t("organizations.roles.chooseOne") : null}
      />
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={onDone}>
          {t("organizations.create.cancel")}
        </Button>
        <Button
          onClick={() => update.mutate(roles)}
          loading={update.isPending}
          disabled={roles.length === 0 || sameRoles(roles, parseRoles(member.role))}
        >
          {t("organizations.members.saveRoles")}
        </Button>
      </Group>
    </Stack>
  );
}

export function RemoveMemberDialog({ member, onClose }: { member: MemberRow | null; onClose: () => void }) {
  const { organization } = useCurrentOrganization();
  return (
    <ConfirmActionDialog
      target={member}
      onClose={onClose}
      title={t("organizations.members.remove")}
      confirmLabel={t("organizations.members.remove")}
      action={(target) => removeMember(organization.id, target)}
      invalidate={[ORG_KEY]}
      success={(target) => ({
        title: t("organizations.members.removedTitle"),
        message: t("organizations.members.removedMessage", {
          name: memberName(target),
          organization: organization.name,
        }),
      })}
    >
      <Text size="sm">
        <T
          id="organizations.members.removeConfirm"
          values={{ name: member ? memberName(member) : "", organization: organization.name }}
          components={{ name: <Text span fw={600} /> }}
        />
      </Text>
    </ConfirmActionDialog>
  );
}
