import { ActionIcon, Badge, Box, Group, SegmentedControl, Table, Text, Title, Tooltip } from "@mantine/core";
import { IconMail, IconMailForward, IconX } from "@tabler/icons-react";
import { getRouteApi } from "@tanstack/react-router";
import { useState } from "react";
import { ConfirmActionDialog } from "#web/components/confirm-dialog.tsx";
import { ListCard } from "#web/components/list-card.tsx";
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
const STATUS_OPTIONS = (Object.keys(INVITATION_STATUS_LABELS) as InvitationStatus[]).map((value) => ({
  value,
  label: INVITATION_STATUS_LABELS[value],
}));

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
  const teamName = (id: string) => teams.data?.items.find((team) => team.id === id)?.name ?? "Removed team";
  const total = query.data?.total ?? 0;
  const resend = useResendInvitation(organization.id);

  return (
    <>
      <ListCard
        header={
          <Group p="md" justify="space-between" gap="sm" wrap="wrap">
            <Title order={3} fz="md">
              Sent invitations
            </Title>
            <SegmentedControl
              size="xs"
              aria-label="Show invitations by status"
              value={status}
              onChange={(value) => {
                const next = value as InvitationStatus;
                void navigate({
                  search: { status: next === DEFAULT_INVITATION_STATUS ? undefined : next },
                  replace: true,
                });
              }}
              data={STATUS_OPTIONS}
            />
          </Group>
        }
        query={query}
        noun="invitations"
        skeletonRows={3}
        total={total}
        empty={
          <ListEmpty
            icon={IconMail}
            title={
              pending
                ? "No pending invitations"
                : `No ${INVITATION_STATUS_LABELS[status].toLowerCase()} invitations`
            }
            description={
              pending
                ? "Invite a teammate with the form above; their invitation waits here until they answer."
                : "Invitations appear here once they reach this status."
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
          label="Invitations table"
          columns={[
            { label: "Email" },
            { label: "Roles", visibleFrom: "sm" },
            { label: "Team", visibleFrom: "md" },
            { label: pending ? "Expires" : "Sent", visibleFrom: "sm" },
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
                    {invitation.inviterName ? `Invited by ${invitation.inviterName}` : "Invited"}
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
                      Expired
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
                    <Tooltip label={expired ? "Send again (renews the link)" : "Resend"} withArrow>
                      <ActionIcon
                        variant="subtle"
                        color="gray"
                        aria-label={`Resend invitation to ${invitation.email}`}
                        loading={resend.isPending && resend.variables?.id === invitation.id}
                        onClick={() => resend.mutate(invitation)}
                      >
                        <IconMailForward size={18} aria-hidden />
                      </ActionIcon>
                    </Tooltip>
                    {can.cancelInvitations ? (
                      <Tooltip label="Cancel invitation" withArrow>
                        <ActionIcon
                          variant="subtle"
                          color="red"
                          aria-label={`Cancel invitation to ${invitation.email}`}
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
        title="Cancel invitation"
        confirmLabel="Cancel invitation"
        cancelLabel="Keep it"
        action={cancelInvitation}
        invalidate={organizationKey(organization.id)}
        success={(target) => ({
          title: "Invitation cancelled",
          message: `The link sent to ${target.email} no longer works.`,
        })}
      >
        {`The link sent to ${canceling?.email ?? ""} will stop working. You can invite them again later.`}
      </ConfirmActionDialog>
    </>
  );
}
