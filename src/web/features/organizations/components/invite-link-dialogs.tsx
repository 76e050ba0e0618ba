import { Button, Center, Code, Group, NumberInput, Select, Stack, Text } from "@mantine/core";
import { schemaResolver, useForm } from "@mantine/form";
import { useState } from "react";
import { z } from "zod";
import {
  type CreatedInviteLink,
  INVITE_LINK_MAX_USES,
  type InviteLink,
} from "#shared/contracts/invite-links.ts";
import type { OrganizationRole } from "#shared/permissions.ts";
import { AppModal, DialogActions } from "#web/components/app-modal.tsx";
import { ConfirmActionDialog } from "#web/components/confirm-dialog.tsx";
import { CopyValueButton } from "#web/components/copy-value.tsx";
import { ErrorAlert } from "#web/components/error-alert.tsx";
import { QrCode } from "#web/components/qr-code.tsx";
import { ShownOnceAlert } from "#web/components/shown-once-alert.tsx";
import { useUnreachableNotice } from "#web/lib/api/unreachable-notice.tsx";
import { formatDateTime, plural } from "#web/lib/format.ts";
import { useAllTeams } from "../api/queries.ts";
import { inviteLinksKey, revokeInviteLink, useCreateInviteLink } from "../api/use-invite-links.ts";
import { ROLE_LABELS } from "../lib/roles.ts";
import { useCurrentOrganization } from "./organization-context.tsx";
import { useRoleOptions } from "./role-select.tsx";

const HOUR = 3600;
/** How long a link may live: the choices of the form, within the server's 1 hour to 30 days. */
export const EXPIRY_CHOICES = [
  { label: "1 hour", seconds: HOUR },
  { label: "1 day", seconds: 24 * HOUR },
  { label: "7 days", seconds: 7 * 24 * HOUR },
  { label: "30 days", seconds: 30 * 24 * HOUR },
] as const;

const linkForm = z.object({
  role: z.string().min(1, "Pick a role"),
  teamId: z.string().nullable(),
  expiry: z.string(),
  maxUses: z.union([
    z.literal(""),
    z
      .number({ message: "A whole number" })
      .int("A whole number")
      .min(1, "At least 1")
      .max(INVITE_LINK_MAX_USES, `At most ${INVITE_LINK_MAX_USES}`),
  ]),
});
type LinkFields = z.infer<typeof linkForm>;

/** Making a link: the form, then its URL and QR code, shown once. */
export function CreateInviteLinkDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const [created, setCreated] = useState<CreatedInviteLink | null>(null);
  function close() {
    setCreated(null);
    onClose();
  }
  return (
    <AppModal
      opened={opened}
      onClose={close}
      title={created ? "Share your invite link" : "Create invite link"}
    >
      {created ? (
        <NewLink created={created} onDone={close} />
      ) : opened ? (
        <CreateLinkForm onCreated={setCreated} onCancel={close} />
      ) : null}
    </AppModal>
  );
}

function CreateLinkForm({
  onCreated,
  onCancel,
}: {
  onCreated: (created: CreatedInviteLink) => void;
  onCancel: () => void;
}) {
  const { organization, can } = useCurrentOrganization();
  const teams = useAllTeams(organization.id);
  useUnreachableNotice(teams.error);
  const form = useForm<LinkFields>({
    mode: "controlled",
    initialValues: { role: "member", teamId: null, expiry: "7 days", maxUses: "" },
    validate: schemaResolver(linkForm, { sync: true }),
    validateInputOnBlur: true,
  });
  const create = useCreateInviteLink(organization.id, onCreated);
  // A link gives no role above the creator's own: only an owner makes owner links.
  const roles = useRoleOptions(can.isOwner).data;

  function submit(values: LinkFields) {
    const expiry = EXPIRY_CHOICES.find((choice) => choice.label === values.expiry) ?? EXPIRY_CHOICES[2];
    create.mutate({
      role: values.role,
      expiresIn: expiry.seconds,
      ...(values.teamId ? { teamId: values.teamId } : {}),
      ...(values.maxUses === "" ? {} : { maxUses: values.maxUses }),
    });
  }

  return (
    <form noValidate onSubmit={form.onSubmit(submit)}>
      <Stack gap="md">
        <ErrorAlert error={create.error} />
        <Select
          label="Role"
          description="What everyone who joins by this link becomes."
          data={roles}
          allowDeselect={false}
          data-autofocus
          {...form.getInputProps("role")}
        />
        <Select
          label="Team (optional)"
          placeholder={teams.isPending ? "Loading teams…" : "No team"}
          data={(teams.data?.items ?? []).map((team) => ({ value: team.id, label: team.name }))}
          clearable
          searchable
          nothingFoundMessage="No team by that name"
          {...form.getInputProps("teamId")}
        />
        <Select
          label="Expires after"
          data={EXPIRY_CHOICES.map((choice) => choice.label)}
          allowDeselect={false}
          {...form.getInputProps("expiry")}
        />
        <NumberInput
          label="Maximum uses (optional)"
          description="Empty: anyone with the link can join until it expires."
          placeholder="No limit"
          min={1}
          max={INVITE_LINK_MAX_USES}
          allowDecimal={false}
          allowNegative={false}
          {...form.getInputProps("maxUses")}
        />
        <DialogActions confirmLabel="Create link" onCancel={onCancel} loading={create.isPending} />
      </Stack>
    </form>
  );
}

/** The URL, once: Gatehouse keeps only a hash of its secret part. */
function NewLink({ created, onDone }: { created: CreatedInviteLink; onDone: () => void }) {
  const { link, url } = created;
  return (
    <Stack gap="md">
      <ShownOnceAlert>
        This is the only time you will see this link. Copy it or show the QR code now; if you lose it, revoke
        it and make another.
      </ShownOnceAlert>
      <Code block data-testid="new-invite-link" style={{ overflowWrap: "anywhere", whiteSpace: "pre-wrap" }}>
        {url}
      </Code>
      <CopyValueButton value={url} label="link" variant="filled" />
      <Center>
        <QrCode value={url} label="QR code of the invite link" size={184} />
      </Center>
      <Text size="sm" c="dimmed">
        {`Joins as ${ROLE_LABELS[link.role as OrganizationRole] ?? link.role}${link.teamName ? ` in ${link.teamName}` : ""}; ${
          link.maxUses === null ? "no limit on uses" : plural(link.maxUses, "use")
        }; expires ${formatDateTime(link.expiresAt)}.`}
      </Text>
      <Group justify="flex-end">
        <Button onClick={onDone}>Done</Button>
      </Group>
    </Stack>
  );
}

export function RevokeInviteLinkDialog({ link, onClose }: { link: InviteLink | null; onClose: () => void }) {
  const { organization } = useCurrentOrganization();
  return (
    <ConfirmActionDialog
      target={link}
      onClose={onClose}
      title="Revoke invite link"
      confirmLabel="Revoke link"
      action={revokeInviteLink}
      invalidate={inviteLinksKey(organization.id)}
      success={() => ({
        title: "Invite link revoked",
        message: `Nobody can join ${organization.name} with it any more.`,
      })}
    >
      Whoever opens this link from now on is told it was revoked. People who already joined stay members.
    </ConfirmActionDialog>
  );
}
