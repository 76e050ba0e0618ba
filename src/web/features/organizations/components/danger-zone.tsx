import { Anchor, Button, Divider, Group, Stack, Text, TextInput } from "@mantine/core";
import { IconDoorExit, IconTrash } from "@tabler/icons-react";
import { type ReactNode, useState } from "react";
import { ConfirmDialog } from "#web/components/confirm-dialog.tsx";
import { SectionCard } from "#web/components/section-card.tsx";
import { t } from "#web/i18n/i18n.ts";
import { T } from "#web/i18n/locale-root.tsx";
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
      <T
        id="organizations.danger.onlyOwner"
        components={{ link: <Anchor href="#ownership" size="sm" fw={600} /> }}
      />
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
    <SectionCard title={t("organizations.danger.title")} danger>
      <Stack gap="md">
        <DangerRow
          title={t("organizations.danger.leave")}
          description={t("organizations.danger.leaveDescription")}
          button={
            <Button
              variant="default"
              leftSection={<IconDoorExit size={16} aria-hidden />}
              onClick={() => setLeaving(true)}
              disabled={soleOwner}
              aria-describedby={soleOwner ? "leave-reason" : undefined}
            >
              {t("organizations.danger.leave")}
            </Button>
          }
        />
        {soleOwner ? <OnlyOwnerReason id="leave-reason" /> : null}
        {can.deleteOrganization ? (
          <>
            <Divider />
            <DangerRow
              title={t("organizations.danger.delete")}
              description={t("organizations.danger.deleteDescription")}
              button={
                <Button
                  color="red.8"
                  leftSection={<IconTrash size={16} aria-hidden />}
                  onClick={() => setDeleting(true)}
                >
                  {t("organizations.danger.delete")}
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
        title={t("organizations.danger.leave")}
        confirmLabel={t("organizations.danger.leave")}
        onConfirm={() => leave.mutate()}
        loading={leave.isPending}
        error={leave.error}
        confirmDisabled={onlyOwner}
      >
        {onlyOwner
          ? t("organizations.danger.onlyOwnerConfirm")
          : t("organizations.danger.leaveConfirm", { organization: organization.name })}
      </ConfirmDialog>

      <ConfirmDialog
        opened={deleting}
        onClose={() => {
          remove.reset();
          setConfirmName("");
          setDeleting(false);
        }}
        title={t("organizations.danger.delete")}
        confirmLabel={t("organizations.danger.delete")}
        onConfirm={() => remove.mutate()}
        loading={remove.isPending}
        error={remove.error}
        confirmDisabled={confirmName !== organization.name}
      >
        <Stack gap="sm">
          <Text size="sm">
            {t("organizations.danger.deleteConfirm", { organization: organization.name })}
          </Text>
          <TextInput
            label={
              <T
                id="organizations.danger.typeToConfirm"
                values={{ organization: organization.name }}
                components={{ name: <Text span fw={700} /> }}
              />
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
