import { Button, Group, Stack, Text } from "@mantine/core";
import { IconCheck, IconX } from "@tabler/icons-react";
import { LoadError } from "#web/components/error-alert.tsx";
import { SectionCard } from "#web/components/section-card.tsx";
import { formatDateTime } from "#web/lib/format.ts";
import { useDecideJoinRequest, useJoinRequests } from "../api/use-domains.ts";

/** Requests to join through a verified domain, for owners and admins to approve or decline. */
export function JoinRequestsCard({ organizationId }: { organizationId: string }) {
  const { data: requests, error, refetch } = useJoinRequests(organizationId);
  const decide = useDecideJoinRequest(organizationId);

  return (
    <SectionCard
      id="join-requests"
      title="Join requests"
      description="People with a verified address at one of your domains who asked to join."
    >
      {error ? (
        <LoadError error={error} onRetry={() => void refetch()} title="The requests could not be loaded" />
      ) : null}
      {requests && requests.length === 0 ? (
        <Text size="sm" c="dimmed">
          No requests waiting.
        </Text>
      ) : null}
      <Stack gap="sm">
        {requests?.map((request) => (
          <Group key={request.id} justify="space-between" wrap="wrap" gap="sm">
            <div style={{ minWidth: 0 }}>
              <Text fw={600} style={{ overflowWrap: "anywhere" }}>
                {request.name}
              </Text>
              <Text size="sm" c="dimmed" style={{ overflowWrap: "anywhere" }}>
                {`${request.email} · asked ${formatDateTime(request.createdAt)}`}
              </Text>
            </div>
            <Group gap="xs">
              <Button
                size="xs"
                leftSection={<IconCheck size={14} aria-hidden />}
                loading={decide.isPending && decide.variables?.request.id === request.id}
                onClick={() => decide.mutate({ request, approve: true })}
                aria-label={`Approve ${request.name}`}
              >
                Approve
              </Button>
              <Button
                size="xs"
                variant="default"
                leftSection={<IconX size={14} aria-hidden />}
                disabled={decide.isPending}
                onClick={() => decide.mutate({ request, approve: false })}
                aria-label={`Decline ${request.name}`}
              >
                Decline
              </Button>
            </Group>
          </Group>
        ))}
      </Stack>
    </SectionCard>
  );
}
