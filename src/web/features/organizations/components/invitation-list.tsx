import { ActionIcon, Badge, Box, Group, SegmentedControl, Table, Text, Title, Tooltip } from "@mantine/core";
import { IconMail, IconMailForward, IconX } from "@tabler/icons-react";
import { getRouteApi } from "@tanstack/react-router";
import { useState } from "react";
import { ConfirmActionDialog } from "#web/components/confirm-dialog.tsx";
import { ListCard } from "#web/components/list-card.tsx";
import { t } from "#web/i18n/i18n.ts";
import type { MessageId } from "#web/i18n/message-id.ts";
import { useUnreachableNotice } from "#web/lib/api/unreachable-notice.tsx";
import { formatDateTime, isPast } from "#web/lib/format.ts";
import { organizationKey, useAllTeams, useInvitations } from "../api/queries.ts";
import type { InvitationRow, InvitationStatus } from "../api/types.ts";
import { cancelInvitation, useResendInvitation } from "../api/use-invitation-mutations.ts";
import { timeLeft } from "../lib/format.ts";
import { DEFAULT_INVITATION_STATUS, INVITATION_STATUS_LABELS, pageParam } from "../lib/list-search.ts";
import { useNow } from "../lib/use-now.ts";
import { ActionsCell, ListEmpty, ListTable } from "./list-table.tsx";
import { useCurrentOrganization } from "./organization-context.tsx";
import { RoleBadges } from "./role-badges.tsx";

const route = getRouteApi("/_signed-in/org/$slug/invitations");
const PAGE_SIZE = 10;
/** What an empty list of each status says (words: `t(id)` at render). */
const EMPTY_TITLES: Record<InvitationStatus, MessageId> = {
  pending: "organizations.invitations.emptyPending",
  accepted: "organizations.invitations.emptyAccepted",
  rejected: "organizations.invitations.emptyRejected",
  canceled: "organizations.invitations.emptyCanceled",
};

/** The invitations sent, by status, paged, with resend and cancel for pending ones. */
export function InvitationList() {
  const { organization, can } = useCurrentOrganization();
  const now = useNow();
  const search = route.useSearch();
  const navigate = route.useNavigate();
  const status = search.status ?? DEFAULT_INVITATION_STATUS;
  const page = search.page ?? 1;
  const pending = status === "pending";
  const [canceling, setCanceling] = useState<InvitationRow | null>(null);
  const query = useInvitations(organization.id, { status, limit: PAGE_SIZE, offset: (page - 1) * PAGE_SIZE });
  const teams = useAllTeams(organization.id);
  useUnreachableNotice(teams.error);
  const teamName = (id: string) =>
    teams.data?.items.find((team) => team.id === id)?.name ?? t("organizations.invitations.removedTeam");
  const statusOptions = (Object.keys(INVITATION_STATUS_LABELS) as InvitationStatus[]).map((value) => ({
    value,
    label: t(INVITATION_STATUS_LABELS[value]),
  }));
  const total = query.data?.total ?? 0;
  const resend = useResendInvitation(organization.id);

  return (
    <>
      <ListCard
        header={
          <Group p="md" justify="space-between" gap="sm" wrap="wrap">
            <Title order={3} fz="md">
              {t("organizations.invitations.sent")}
            </Title>
            <SegmentedControl
              size="xs"
              aria-label={t("organizations.invitations.statusLabel")}
              value={status}
              onChange={(value) => {
                const next = value as InvitationStatus;
                void navigate({
                  search: { status: next === DEFAULT_INVITATION_STATUS ? undefined : next },
                  replace: true,
                });
              }}
              data={statusOptions}
            />
          </Group>
        }
        query={query}
        noun={t("organizations.invitations.noun")}
        skeletonRows={3}
        total={total}
        empty={
          <ListEmpty
            icon={IconMail}
            title={t(EMPTY_TITLES[status])}
            description={
              pending
                ? t("organizations.invitations.emptyPendingDescription")
                : t("organizations.invitations.emptyOtherDescription")
            }
          />
        }
        pageSize={PAGE_SIZE}
        page={page}
        onPageChange={(next) =>
          void navigate({ search: (previous) => ({ ...previous, page: pageParam(next) }) })
        }
      >
        <ListTable
          label={t("organizations.invitations.tableLabel")}
          columns={[
            { label: t("organizations.invite.email") },
            { label: t("organizations.members.columnRoles"), visibleFrom: "sm" },
            { label: t("organizations.teams.columnTeam"), visibleFrom: "md" },
            {
              label: pending
                ? t("organizations.invitations.columnExpires")
                : t("organizations.invitations.columnSent"),
              visibleFrom: "sm",
            },
          ]}
          actionsWidth={pending ? 96 : undefined}
          stale={query.isPlaceholderData}
          highlightOnHover={false}
        >
          {query.data?.items.map((invitation) => {
            const expired = isPast(invitation.expiresAt, now);
            return (
              <Table.Tr key={invitation.id} data-testid={`invitation-row-${invitation.email}`}>
                <Table.Td>
                  <Text size="sm" fw={600} style={{ overflowWrap: "anywhere" }}>
                    {invitation.email}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {invitation.inviterName
                      ? t("organizations.invitations.invitedBy", { name: invitation.inviterName })
                      : t("organizations.invitations.invited")}
                  </Text>
                  <Box hiddenFrom="sm" mt={4}>
                    <RoleBadges role={invitation.role} size="xs" />
                  </Box>
                  {pending ? (
                    <Text size="xs" c={expired ? "var(--mantine-color-error)" : "dimmed"} hiddenFrom="sm">
                      {timeLeft(invitation.expiresAt, now)}
                    </Text>
                  ) : null}
                </Table.Td>
                <Table.Td visibleFrom="sm">
                  <RoleBadges role={invitation.role} size="sm" />
                </Table.Td>
                <Table.Td visibleFrom="md">
                  <Text size="sm" c={invitation.teamId ? undefined : "dimmed"}>
                    {invitation.teamId ? invitation.teamId.split(",").map(teamName).join(", ") : "—"}
                  </Text>
                </Table.Td>
                <Table.Td visibleFrom="sm">
                  {!pending ? (
                    <Text size="sm" c="dimmed">
                      {formatDateTime(invitation.createdAt)}
                    </Text>
                  ) : expired ? (
                    <Badge color="red" variant="light" tt="none">
                      {t("organizations.timeLeft.expired")}
                    </Badge>
                  ) : (
                    <Tooltip label={formatDateTime(invitation.expiresAt)} withArrow>
                      <Text size="sm" c="dimmed" tabIndex={0}>
                        {timeLeft(invitation.expiresAt, now)}
                      </Text>
                    </Tooltip>
                  )}
                </Table.Td>
                <ActionsCell shown={pending}>
                  <Group gap={4} wrap="nowrap" justify="flex-end">
                    <Tooltip
                      label={
                        expired
                          ? t("organizations.invitations.sendAgain")
                          : t("organizations.invitations.resend")
                      }
                      withArrow
                    >
                      <ActionIcon
                        variant="subtle"
                        color="gray"
                        aria-label={t("organizations.invitations.resendLabel", { email: invitation.email })}
                        loading={resend.isPending && resend.variables?.id === invitation.id}
                        onClick={() => resend.mutate(invitation)}
                      >
                        <IconMailForward size={18} aria-hidden />
                      </ActionIcon>
                    </Tooltip>
                    {can.cancelInvitations ? (
                      <Tooltip label={t("organizations.invitations.cancel")} withArrow>
                        <ActionIcon
                          variant="subtle"
                          color="red"
                          aria-label={t("organizations.invitations.cancelLabel", { email: invitation.email })}
                          onClick={() => setCanceling(invitation)}
                        >
                          <IconX size={18} aria-hidden />
                        </ActionIcon>
                      </Tooltip>
                    ) : null}
                  </Group>
                </ActionsCell>
              </Table.Tr>
            );
          })}
        </ListTable>
      </ListCard>
      <ConfirmActionDialog
        target={canceling}
        onClose={() => setCanceling(null)}
        title={t("organizations.invitations.cancel")}
        confirmLabel={t("organizations.invitations.cancel")}
        cancelLabel={t("organizations.invitations.keep")}
        action={cancelInvitation}
        invalidate={organizationKey(organization.id)}
        success={(target) => ({
          title: t("organizations.invitations.cancelledTitle"),
          message: t("organizations.invitations.cancelledMessage", { email: target.email }),
        })}
      >
        {t("organizations.invitations.cancelConfirm", { email: canceling?.email ?? "" })}
      </ConfirmActionDialog>
    </>
  );
}
