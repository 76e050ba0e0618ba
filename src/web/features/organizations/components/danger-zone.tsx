import { Anchor, Button, Divider, Group, Stack, Text, TextInput } from "@mantine/core";
import { IconDoorExit, IconTrash } from "@tabler/icons-react";
import { type ReactNode, useState } from "react";
import { ConfirmDialog } from "#web/components/confirm-dialog.tsx";
import { SectionCard } from "#web/components/section-card.tsx";
import { isOnlyOwnerError } from "#web/lib/api/api-error.ts";
import { useFullOrganization } from "../api/queries.ts";
import { useDeleteOrganization, useLeaveOrganization } from "../api/use-organization-mutations.ts";
import { useCurrentOrganization } from "./organization-context.tsx";

/** One way out: what it does, and the button that starts it. */
function DangerRow({
  title,
  description,
  button,
}: {
  title: string;
  description: string;
  button: ReactNode;
}) {
  return (
    <Group justify="space-between" wrap="wrap" gap="sm">
      <div style={{ flex: "1 1 280px" }}>
        <Text size="sm" fw={600}>
          {title}
        </Text>
        <Text size="sm" c="dimmed">
          {description}
        </Text>
      </div>
      {button}
    </Group>
  );
}

/** Why the only owner's "Leave" is disabled, next to it, with the way out. */
function OnlyOwnerReason({ id }: { id: string }) {
  return (
    <Text id={id} size="sm" c="var(--mantine-color-error)">
      {"You're the only owner — transfer ownership first. "}
      <Anchor href="#ownership" size="sm" fw={600}>
        Transfer ownership
      </Anchor>
    </Text>
  );
}

/** Leaving the organization, and deleting it for those allowed to. */
export function DangerZone() {
  const { organization, can } = useCurrentOrganization();
  const [leaving, setLeaving] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [confirmName, setConfirmName] = useState("");
  const leave = useLeaveOrganization(organization);
  const remove = useDeleteOrganization(organization);
  // Known before anyone presses "Leave": the owners are counted over every member (get-full-organization).
  const full = useFullOrganization(organization.id);
  const soleOwner = can.isOwner && full.data?.ownerCount === 1;
  const onlyOwner = soleOwner || isOnlyOwnerError(leave.error);

  return (
    <SectionCard title="Danger zone" danger>
      <Stack gap="md">
        <DangerRow
          title="Leave organization"
          description="You lose access and leave its teams. The only owner cannot leave: make someone else an owner first."
          button={
            <Button
              variant="default"
              leftSection={<IconDoorExit size={16} aria-hidden />}
              onClick={() => setLeaving(true)}
              disabled={soleOwner}
              aria-describedby={soleOwner ? "leave-reason" : undefined}
            >
              Leave organization
            </Button>
          }
        />
        {soleOwner ? <OnlyOwnerReason id="leave-reason" /> : null}
        {can.deleteOrganization ? (
          <>
            <Divider />
            <DangerRow
              title="Delete organization"
              description="Removes the organization with all its members, teams and invitations. This cannot be undone."
              button={
                <Button
                  color="red.8"
                  leftSection={<IconTrash size={16} aria-hidden />}
                  onClick={() => setDeleting(true)}
                >
                  Delete organization
                </Button>
              }
            />
          </>
        ) : null}
      </Stack>

      <ConfirmDialog
        opened={leaving}
        onClose={() => {
          leave.reset();
          setLeaving(false);
        }}
        title="Leave organization"
        confirmLabel="Leave organization"
        onConfirm={() => leave.mutate()}
        loading={leave.isPending}
        error={leave.error}
        confirmDisabled={onlyOwner}
      >
        {onlyOwner
          ? "Give the owner role to another member on the Members page, then leave. Or delete the organization if nobody needs it."
          : `You will lose access to ${organization.name}. To come back, someone has to invite you again.`}
      </ConfirmDialog>

      <ConfirmDialog
        opened={deleting}
        onClose={() => {
          remove.reset();
          setConfirmName("");
          setDeleting(false);
        }}
        title="Delete organization"
        confirmLabel="Delete organization"
        onConfirm={() => remove.mutate()}
        loading={remove.isPending}
        error={remove.error}
        confirmDisabled={confirmName !== organization.name}
      >
        <Stack gap="sm">
          <Text size="sm">
            {`This deletes ${organization.name} for everyone: its members lose access, and its teams and invitations are removed. This cannot be undone.`}
          </Text>
          <TextInput
            label={
              <>
                {"Type "}
                <Text span fw={700}>
                  {organization.name}
                </Text>
                {" to confirm"}
              </>
            }
            value={confirmName}
            onChange={(event) => setConfirmName(event.currentTarget.value)}
            autoComplete="off"
            data-autofocus
          />
        </Stack>
      </ConfirmDialog>
    </SectionCard>
  );
}
