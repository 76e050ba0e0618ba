import { Button, Group, Stack, Text } from "@mantine/core";
import { IconCheck, IconX } from "@tabler/icons-react";
import { LoadError } from "#web/components/error-alert.tsx";
import { SectionCard } from "#web/components/section-card.tsx";
import { t } from "#web/i18n/i18n.ts";
import { formatDateTime } from "#web/lib/format.ts";
import { useDecideJoinRequest, useJoinRequests } from "../api/use-domains.ts";

/** Requests to join through a verified domain, for owners and admins to approve or decline. */
export function JoinRequestsCard({ organizationId }: { organizationId: string }) {
  const { data: requests, error, refetch } = useJoinRequests(organizationId);
  const decide = useDecideJoinRequest(organizationId);

  return (
    <SectionCard
      id="join-requests"
      title={t("integrations.requests.title")}
      description={t("integrations.requests.description")}
    >
      {error ? (
        <LoadError
          error={error}
          onRetry={() => void refetch()}
          title={t("integrations.requests.loadError")}
        />
      ) : null}
      {requests && requests.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t("integrations.requests.none")}
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
                {t("integrations.requests.asked", {
                  email: request.email,
                  date: formatDateTime(request.createdAt),
                })}
              </Text>
            </div>
            <Group gap="xs">
              <Button
                size="xs"
                leftSection={<IconCheck size={14} aria-hidden />}
                loading={decide.isPending && decide.variables?.request.id === request.id}
                onClick={() => decide.mutate({ request, approve: true })}
                aria-label={t("integrations.requests.approveLabel", { name: request.name })}
              >
                {t("integrations.requests.approve")}
              </Button>
              <Button
                size="xs"
                variant="default"
                leftSection={<IconX size={14} aria-hidden />}
                disabled={decide.isPending}
                onClick={() => decide.mutate({ request, approve: false })}
                aria-label={t("integrations.requests.declineLabel", { name: request.name })}
              >
                {t("integrations.requests.decline")}
              </Button>
            </Group>
          </Group>
        ))}
      </Stack>
    </SectionCard>
  );
}
