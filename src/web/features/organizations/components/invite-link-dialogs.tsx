import { Button, Center, Code, Group, NumberInput, Select, Stack, Text } from "@mantine/core";
import { schemaResolver, useForm } from "@mantine/form";
import { useState } from "react";
import { z } from "zod";
import {
  type CreatedInviteLink,
  INVITE_LINK_MAX_USES,
  type InviteLink,
} from "#shared/contracts/invite-links.ts";
import { AppModal, DialogActions } from "#web/components/app-modal.tsx";
import { ConfirmActionDialog } from "#web/components/confirm-dialog.tsx";
import { CopyValueButton } from "#web/components/copy-value.tsx";
import { ErrorAlert } from "#web/components/error-alert.tsx";
import { QrCode } from "#web/components/qr-code.tsx";
import { ShownOnceAlert } from "#web/components/shown-once-alert.tsx";
import { t } from "#web/i18n/i18n.ts";
import type { MessageId } from "#web/i18n/message-id.ts";
import { useUnreachableNotice } from "#web/lib/api/unreachable-notice.tsx";
import { formatDateTime } from "#web/lib/format.ts";
import { useAllTeams } from "../api/queries.ts";
import { inviteLinksKey, revokeInviteLink, useCreateInviteLink } from "../api/use-invite-links.ts";
import { roleLabel } from "../lib/roles.ts";
import { useCurrentOrganization } from "./organization-context.tsx";
import { useRoleOptions } from "./role-select.tsx";

const HOUR = 3600;
/** How long a link may live: the choices of the form, within the server's 1 hour to 30 days. */
export const EXPIRY_CHOICES: readonly { label: MessageId; seconds: number }[] = [
  { label: "integrations.links.expiry.hour", seconds: HOUR },
  { label: "integrations.links.expiry.day", seconds: 24 * HOUR },
  { label: "integrations.links.expiry.week", seconds: 7 * 24 * HOUR },
  { label: "integrations.links.expiry.month", seconds: 30 * 24 * HOUR },
];
const DEFAULT_EXPIRY = 7 * 24 * HOUR;

/** The form's rules, with their words in the language shown (built while rendering). */
function linkForm() {
  return z.object({
    role: z.string().min(1, t("integrations.links.validation.role")),
    teamId: z.string().nullable(),
    expiry: z.string(),
    maxUses: z.union([
      z.literal(""),
      z
        .number({ message: t("integrations.links.validation.wholeNumber") })
        .int(t("integrations.links.validation.wholeNumber"))
        .min(1, t("integrations.links.validation.atLeastOne"))
        .max(INVITE_LINK_MAX_USES, t("integrations.links.validation.atMost", { max: INVITE_LINK_MAX_USES })),
    ]),
  });
}
type LinkFields = z.infer<ReturnType<typeof linkForm>>;

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
      title={created ? t("integrations.links.dialog.shareTitle") : t("integrations.links.dialog.createTitle")}
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
    initialValues: { role: "member", teamId: null, expiry: String(DEFAULT_EXPIRY), maxUses: "" },
    validate: schemaResolver(linkForm(), { sync: true }),
    validateInputOnBlur: true,
  });
  const create = useCreateInviteLink(organization.id, onCreated);
  // A link gives no role above the creator's own: only an owner makes owner links.
  const roles = useRoleOptions(can.isOwner).data;

  function submit(values: LinkFields) {
    const expiry = EXPIRY_CHOICES.find((choice) => String(choice.seconds) === values.expiry);
    create.mutate({
      role: values.role,
      expiresIn: expiry?.seconds ?? DEFAULT_EXPIRY,
      ...(values.teamId ? { teamId: values.teamId } : {}),
      ...(values.maxUses === "" ? {} : { maxUses: values.maxUses }),
    });
  }

  return (
    <form noValidate onSubmit={form.onSubmit(submit)}>
      <Stack gap="md">
        <ErrorAlert error={create.error} />
        <Select
          label={t("integrations.links.form.role")}
          description={t("integrations.links.form.roleDescription")}
          data={roles}
          allowDeselect={false}
          data-autofocus
          {...form.getInputProps("role")}
        />
        <Select
          label={t("integrations.links.form.team")}
          placeholder={
            teams.isPending ? t("integrations.links.form.loadingTeams") : t("integrations.links.form.noTeam")
          }
          data={(teams.data?.items ?? []).map((team) => ({ value: team.id, label: team.name }))}
          clearable
          searchable
          nothingFoundMessage={t("integrations.links.form.noTeamFound")}
          {...form.getInputProps("teamId")}
        />
        <Select
          label={t("integrations.links.form.expires")}
          data={EXPIRY_CHOICES.map((choice) => ({ value: String(choice.seconds), label: t(choice.label) }))}
          allowDeselect={false}
          {...form.getInputProps("expiry")}
        />
        <NumberInput
          label={t("integrations.links.form.maxUses")}
          description={t("integrations.links.form.maxUsesDescription")}
          placeholder={t("integrations.links.form.noLimit")}
          min={1}
          max={INVITE_LINK_MAX_USES}
          allowDecimal={false}
          allowNegative={false}
          {...form.getInputProps("maxUses")}
        />
        <DialogActions
          confirmLabel={t("integrations.links.form.confirm")}
          onCancel={onCancel}
          loading={create.isPending}
        />
      </Stack>
    </form>
  );
}

/** The URL, once: Gatehouse keeps only a hash of its secret part. */
function NewLink({ created, onDone }: { created: CreatedInviteLink; onDone: () => void }) {
  const { link, url } = created;
  const summary = {
    role: roleLabel(link.role),
    team: link.teamName ?? "none",
    date: formatDateTime(link.expiresAt),
  };
  return (
    <Stack gap="md">
      <ShownOnceAlert>{t("integrations.links.created.shownOnce")}</ShownOnceAlert>
      <Code block data-testid="new-invite-link" style={{ overflowWrap: "anywhere", whiteSpace: "pre-wrap" }}>
        {url}
      </Code>
      <CopyValueButton value={url} label={t("integrations.links.created.copyNoun")} variant="filled" />
      <Center>
        <QrCode value={url} label={t("integrations.links.created.qr")} size={184} />
      </Center>
      <Text size="sm" c="dimmed">
        {link.maxUses === null
          ? t("integrations.links.created.summaryUnlimited", summary)
          : t("integrations.links.created.summary", { ...summary, uses: link.maxUses })}
      </Text>
      <Group justify="flex-end">
        <Button onClick={onDone}>{t("integrations.links.created.done")}</Button>
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
      title={t("integrations.links.revoke.title")}
      confirmLabel={t("integrations.links.revoke.confirm")}
      action={revokeInviteLink}
      invalidate={inviteLinksKey(organization.id)}
      success={() => ({
        title: t("integrations.links.revoke.done"),
        message: t("integrations.links.revoke.doneMessage", { organization: organization.name }),
      })}
    >
      {t("integrations.links.revoke.body")}
    </ConfirmActionDialog>
  );
}
