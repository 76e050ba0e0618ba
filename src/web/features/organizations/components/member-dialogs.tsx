import { Button, Group, Menu, Stack, Text } from "@mantine/core";
import { IconShieldCog, IconUserMinus } from "@tabler/icons-react";
import { useState } from "react";
import { parseRoles } from "#shared/roles.ts";
import { AppModal } from "#web/components/app-modal.tsx";
import { ConfirmActionDialog } from "#web/components/confirm-dialog.tsx";
import { ErrorAlert } from "#web/components/error-alert.tsx";
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
    <RowMenu label={`Actions for ${memberName(member)}`} width={240} tooltip="Member actions">
      {canUpdate ? (
        <Menu.Item
          leftSection={<IconShieldCog size={16} aria-hidden />}
          onClick={onEdit}
          disabled={ownerLocked}
        >
          Change roles
        </Menu.Item>
      ) : null}
      {canRemove && !isSelf ? (
        <Menu.Item
          color="red"
          leftSection={<IconUserMinus size={16} aria-hidden />}
          onClick={onRemove}
          disabled={ownerLocked}
        >
          Remove from organization
        </Menu.Item>
      ) : null}
      {ownerLocked ? <MenuNote>Only an owner can change or remove an owner.</MenuNote> : null}
      {isSelf ? <MenuNote>To leave, use Settings → Leave organization.</MenuNote> : null}
    </RowMenu>
  );
}

export function ChangeRolesDialog({ member, onClose }: { member: MemberRow | null; onClose: () => void }) {
  return (
    <AppModal opened={member !== null} onClose={onClose} title="Change roles">
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
        error={roles.length === 0 ? "Choose at least one role" : null}
      />
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={onDone}>
          Cancel
        </Button>
        <Button
          onClick={() => update.mutate(roles)}
          loading={update.isPending}
          disabled={roles.length === 0 || sameRoles(roles, parseRoles(member.role))}
        >
          Save roles
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
      title="Remove member"
      confirmLabel="Remove member"
      action={(target) => removeMember(organization.id, target)}
      invalidate={[ORG_KEY]}
      success={(target) => ({
        title: "Member removed",
        message: `${memberName(target)} no longer belongs to ${organization.name}.`,
      })}
    >
      <Text size="sm">
        <Text span fw={600}>
          {member ? memberName(member) : ""}
        </Text>
        {` will lose access to ${organization.name} and leave all its teams. You can invite them again later.`}
      </Text>
    </ConfirmActionDialog>
  );
}
