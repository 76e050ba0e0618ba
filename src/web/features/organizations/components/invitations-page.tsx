import {
  ActionIcon,
  Badge,
  Box,
  Button,
  Card,
  EmptyState,
  Grid,
  Group,
  SegmentedControl,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
  Tooltip,
} from "@mantine/core";
import { useForm } from "@mantine/form";
import { IconMail, IconMailForward, IconSend, IconX } from "@tabler/icons-react";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { LIMITS } from "#shared/limits.ts";
import { authClient } from "#web/lib/auth-client.ts";
import { formatDateTime, isPast } from "#web/lib/format.ts";
import { usePageTitle } from "#web/lib/use-page-title.ts";
import { unwrap } from "../api/org-request.ts";
import { invitationsQuery, ORG_KEY, teamsQuery } from "../api/queries.ts";
import type { InvitationRow, InvitationStatus } from "../api/types.ts";
import { useOrgMutation } from "../api/use-org-mutation.ts";
import { timeLeft } from "../lib/format.ts";
import { parseRoles } from "../lib/roles.ts";
import { useNow } from "../lib/use-now.ts";
import { ConfirmActionModal } from "./confirm-modal.tsx";
import { ListCard } from "./list-card.tsx";
import { useCurrentOrganization } from "./organization-context.tsx";
import { ActionError, EmptyStateCard, SectionHeader } from "./page-states.tsx";
import { RoleBadges } from "./role-badges.tsx";
import { RoleSelect } from "./role-select.tsx";
import { ActionsColumnHeader, TableRegion } from "./table-region.tsx";

const PAGE_SIZE = 10;
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

const STATUS_LABELS: Record<InvitationStatus, string> = {
  pending: "Pending",
  accepted: "Accepted",
  rejected: "Declined",
  canceled: "Cancelled",
};

type RoleValue = "owner" | "admin" | "member";

/** `/org/$slug/invitations`: invite by email, and follow up on what was sent. */
export function InvitationsPage() {
  const { organization, can } = useCurrentOrganization();
  usePageTitle(`Invitations · ${organization.name}`);

  if (!can.inviteMembers) {
    return (
      <EmptyStateCard
        icon={<IconMail size={26} stroke={1.6} aria-hidden />}
        title="Invitations are managed by owners and admins"
        description="Ask an owner or an admin of this organization to invite the people you want to work with."
      />
    );
  }

  return (
    <Stack gap="lg">
      <SectionHeader
        title="Invitations"
        description="Invite people by email. They get a link to join, valid for 2 days; resending renews it."
      />
      <InviteForm />
      <InvitationList />
    </Stack>
  );
}

function InviteForm() {
  const { organization, can } = useCurrentOrganization();
  const teams = useQuery(teamsQuery(organization.id, { limit: 200, offset: 0 }));
  const form = useForm({
    mode: "controlled",
    initialValues: { email: "", roles: ["member"] as string[], teamId: null as string | null },
    validate: {
      email: (value) => {
        const email = value.trim();
        if (!email) return "Enter an email address";
        if (email.length > LIMITS.email || !EMAIL_PATTERN.test(email))
          return "That email address doesn't look right";
        return null;
      },
      roles: (value) => (value.length === 0 ? "Choose at least one role" : null),
    },
  });

  const invite = useOrgMutation({
    mutationFn: (values: typeof form.values) =>
      unwrap(
        authClient.organization.inviteMember({
          email: values.email.trim().toLowerCase(),
          role: values.roles as RoleValue[],
          organizationId: organization.id,
          teamId: values.teamId ?? undefined,
        }),
      ),
    invalidate: [ORG_KEY, organization.id],
    success: (values) => ({
      title: "Invitation sent",
      message: `We emailed ${values.email.trim()} a link to join ${organization.name}.`,
    }),
    onDone: () => form.setFieldValue("email", ""),
  });

  return (
    <Card withBorder padding="lg" radius="lg" shadow="xs">
      <Title order={3} fz="md" mb="md">
        Invite someone
      </Title>
      <form noValidate onSubmit={form.onSubmit((values) => invite.mutate(values))}>
        <Stack gap="md">
          <ActionError error={invite.error} />
          <Grid gap="md">
            <Grid.Col span={{ base: 12, md: 5 }}>
              <TextInput
                label="Email"
                type="email"
                inputMode="email"
                autoComplete="off"
                placeholder="name@example.com"
                maxLength={LIMITS.email}
                {...form.getInputProps("email")}
              />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 6, md: 4 }}>
              <RoleSelect
                value={form.values.roles}
                onChange={(roles) => form.setFieldValue("roles", roles)}
                canGrantOwner={can.isOwner}
                error={form.errors.roles as string | undefined}
              />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 6, md: 3 }}>
              <Select
                label="Team (optional)"
                placeholder={teams.isPending ? "Loading teams…" : "No team"}
                data={(teams.data?.teams ?? []).map((team) => ({ value: team.id, label: team.name }))}
                value={form.values.teamId}
                onChange={(value) => form.setFieldValue("teamId", value)}
                clearable
                searchable
                size="md"
                nothingFoundMessage="No team by that name"
                description="They join it on accepting."
              />
            </Grid.Col>
          </Grid>
          <Group justify="flex-end">
            <Button type="submit" loading={invite.isPending} leftSection={<IconSend size={16} aria-hidden />}>
              Send invitation
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}

function InvitationList() {
  const { organization, can } = useCurrentOrganization();
  const now = useNow();
  const [status, setStatus] = useState<InvitationStatus>("pending");
  const [page, setPage] = useState(1);
  const [canceling, setCanceling] = useState<InvitationRow | null>(null);
  const query = useQuery(
    invitationsQuery(organization.id, { status, limit: PAGE_SIZE, offset: (page - 1) * PAGE_SIZE }),
  );
  const teams = useQuery(teamsQuery(organization.id, { limit: 200, offset: 0 }));
  const teamName = (id: string) => teams.data?.teams.find((team) => team.id === id)?.name ?? "Removed team";
  const total = query.data?.total ?? 0;

  const resend = useOrgMutation({
    mutationFn: (invitation: InvitationRow) =>
      unwrap(
        authClient.organization.inviteMember({
          email: invitation.email,
          role: parseRoles(invitation.role) as RoleValue[],
          organizationId: organization.id,
          teamId: invitation.teamId ? invitation.teamId.split(",") : undefined,
          resend: true,
        }),
      ),
    invalidate: [ORG_KEY, organization.id],
    success: (invitation) => ({
      title: "Invitation sent again",
      message: `${invitation.email} has a fresh link, valid for 2 days.`,
    }),
    failureTitle: "Could not resend",
  });

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
                setStatus(value as InvitationStatus);
                setPage(1);
              }}
              data={(Object.keys(STATUS_LABELS) as InvitationStatus[]).map((value) => ({
                value,
                label: STATUS_LABELS[value],
              }))}
            />
          </Group>
        }
        query={query}
        noun="invitations"
        skeletonRows={3}
        total={total}
        empty={
          <EmptyState
            py="xl"
            icon={<IconMail size={26} stroke={1.6} aria-hidden />}
            title={
              status === "pending"
                ? "No pending invitations"
                : `No ${STATUS_LABELS[status].toLowerCase()} invitations`
            }
            description={
              status === "pending"
                ? "Invite a teammate with the form above; their invitation waits here until they answer."
                : "Invitations appear here once they reach this status."
            }
          />
        }
        pageSize={PAGE_SIZE}
        page={page}
        onPageChange={setPage}
      >
        <TableRegion label="Invitations table">
          <Table verticalSpacing="sm" horizontalSpacing="md">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Email</Table.Th>
                <Table.Th visibleFrom="sm">Roles</Table.Th>
                <Table.Th visibleFrom="md">Team</Table.Th>
                <Table.Th visibleFrom="sm">{status === "pending" ? "Expires" : "Sent"}</Table.Th>
                {status === "pending" ? <ActionsColumnHeader width={96} /> : null}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody style={{ opacity: query.isPlaceholderData ? 0.6 : 1 }}>
              {query.data?.invitations.map((invitation) => {
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
                      {status === "pending" ? (
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
                      {status === "pending" ? (
                        expired ? (
                          <Badge color="red" variant="light" tt="none">
                            Expired
                          </Badge>
                        ) : (
                          <Tooltip label={formatDateTime(invitation.expiresAt)} withArrow>
                            <Text size="sm" c="dimmed" tabIndex={0}>
                              {timeLeft(invitation.expiresAt, now)}
                            </Text>
                          </Tooltip>
                        )
                      ) : (
                        <Text size="sm" c="dimmed">
                          {formatDateTime(invitation.createdAt)}
                        </Text>
                      )}
                    </Table.Td>
                    {status === "pending" ? (
                      <Table.Td>
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
                      </Table.Td>
                    ) : null}
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </TableRegion>
      </ListCard>
      <CancelInvitationModal invitation={canceling} onClose={() => setCanceling(null)} />
    </>
  );
}

function CancelInvitationModal({
  invitation,
  onClose,
}: {
  invitation: InvitationRow | null;
  onClose: () => void;
}) {
  const { organization } = useCurrentOrganization();
  return (
    <ConfirmActionModal
      target={invitation}
      onClose={onClose}
      title="Cancel invitation"
      confirmLabel="Cancel invitation"
      cancelLabel="Keep it"
      action={(target) => unwrap(authClient.organization.cancelInvitation({ invitationId: target.id }))}
      invalidate={[ORG_KEY, organization.id]}
      success={(target) => ({
        title: "Invitation cancelled",
        message: `The link sent to ${target.email} no longer works.`,
      })}
    >
      {`The link sent to ${invitation?.email ?? ""} will stop working. You can invite them again later.`}
    </ConfirmActionModal>
  );
}
