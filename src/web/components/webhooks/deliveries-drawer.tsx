import {
  ActionIcon,
  Badge,
  Button,
  Drawer,
  EmptyState,
  Group,
  Stack,
  Table,
  Text,
  Tooltip,
} from "@mantine/core";
import { IconRefresh, IconSend, IconTruckDelivery } from "@tabler/icons-react";
import type { WebhookDelivery, WebhookEndpoint } from "#shared/contracts/webhooks.ts";
import { useDeliveries, useResendDelivery, useSendTestEvent } from "#web/lib/api/webhooks.ts";
import { EventTime, LoadMore } from "../audit/audit-events.tsx";
import { LoadError } from "../error-alert.tsx";
import { ListSkeleton } from "../page-states.tsx";
import { ActionsColumnHeader, TableRegion } from "../table-region.tsx";
import { WebhookHealth } from "./webhook-health.tsx";

const STATUS: Record<WebhookDelivery["status"], { color: string; label: string }> = {
  pending: { color: "blue", label: "Waiting" },
  delivering: { color: "blue", label: "Sending" },
  delivered: { color: "teal", label: "Delivered" },
  failed: { color: "red", label: "Failed" },
};

/** An endpoint's recent deliveries, with "Send test event" and a "Resend" on each. */
export function DeliveriesDrawer({
  endpoint,
  onClose,
}: {
  endpoint: WebhookEndpoint | null;
  onClose: () => void;
}) {
  return (
    <Drawer
      opened={endpoint !== null}
      onClose={onClose}
      position="right"
      size="xl"
      title="Deliveries"
      closeButtonProps={{ "aria-label": "Close" }}
      styles={{ title: { fontWeight: 700, fontSize: "var(--mantine-font-size-lg)" } }}
    >
      {endpoint ? <Deliveries endpoint={endpoint} /> : null}
    </Drawer>
  );
}

function Deliveries({ endpoint }: { endpoint: WebhookEndpoint }) {
  const deliveries = useDeliveries(endpoint.id);
  const test = useSendTestEvent(endpoint);
  const resend = useResendDelivery();
  const rows = deliveries.data?.pages.flatMap((page) => page.deliveries) ?? [];
  return (
    <Stack gap="md">
      <Stack gap={4}>
        <Text fw={600} style={{ overflowWrap: "anywhere" }}>
          {endpoint.url}
        </Text>
        <WebhookHealth endpoint={endpoint} />
      </Stack>
      <Group>
        <Button
          leftSection={<IconSend size={16} aria-hidden />}
          loading={test.isPending}
          disabled={!endpoint.enabled}
          onClick={() => test.mutate()}
        >
          Send test event
        </Button>
        {!endpoint.enabled ? (
          <Text size="sm" c="dimmed">
            Enable the endpoint to send to it.
          </Text>
        ) : null}
      </Group>
      {deliveries.error && !deliveries.data ? (
        <LoadError
          error={deliveries.error}
          onRetry={() => void deliveries.refetch()}
          title="We couldn't load the deliveries"
        />
      ) : deliveries.isPending ? (
        <ListSkeleton rows={3} label="Loading deliveries" />
      ) : rows.length === 0 ? (
        <EmptyState
          py="xl"
          variant="light"
          color="gray"
          icon={<IconTruckDelivery size={26} stroke={1.6} aria-hidden />}
          title="No deliveries yet"
          description="Events this endpoint subscribes to show up here once they happen. Send a test event to try it."
        />
      ) : (
        <div>
          <TableRegion label="Deliveries">
            <Table verticalSpacing="xs" horizontalSpacing="sm">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Event</Table.Th>
                  <Table.Th>Status</Table.Th>
                  <Table.Th visibleFrom="xs">Attempts</Table.Th>
                  <ActionsColumnHeader width={110} />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((delivery) => (
                  <DeliveryRow
                    key={delivery.id}
                    delivery={delivery}
                    resending={resend.isPending && resend.variables?.id === delivery.id}
                    canResend={endpoint.enabled}
                    onResend={() => resend.mutate(delivery)}
                  />
                ))}
              </Table.Tbody>
            </Table>
          </TableRegion>
          <LoadMore
            shown={rows.length}
            hasMore={deliveries.hasNextPage}
            loading={deliveries.isFetchingNextPage}
            onLoad={() => void deliveries.fetchNextPage()}
          />
        </div>
      )}
    </Stack>
  );
}

function DeliveryRow({
  delivery,
  resending,
  canResend,
  onResend,
}: {
  delivery: WebhookDelivery;
  resending: boolean;
  /** A disabled endpoint is sent nothing, a resend included. */
  canResend: boolean;
  onResend: () => void;
}) {
  const status = STATUS[delivery.status];
  const code = delivery.responseStatus ? `HTTP ${delivery.responseStatus}` : null;
  const disabled = !canResend || delivery.status === "pending" || delivery.status === "delivering";
  const label = `Resend ${delivery.eventType}`;
  return (
    <Table.Tr data-testid="delivery-row" data-status={delivery.status}>
      <Table.Td>
        <Text size="sm" ff="monospace" style={{ overflowWrap: "anywhere" }}>
          {delivery.eventType}
        </Text>
        <EventTime at={delivery.createdAt} size="xs" />
      </Table.Td>
      <Table.Td>
        <Stack gap={2} align="flex-start">
          {/* Its words whole: a narrow column widens for them rather than cut them ("Delive…"). */}
          <Badge color={status.color} variant="light" tt="none" styles={{ label: { overflow: "visible" } }}>
            {status.label}
          </Badge>
          {code || delivery.lastError ? (
            <Tooltip label={delivery.responseBody || delivery.lastError || code} multiline w={280} withArrow>
              <Text size="xs" c="dimmed" tabIndex={0} style={{ overflowWrap: "anywhere" }}>
                {code ?? delivery.lastError}
              </Text>
            </Tooltip>
          ) : null}
          <Text size="xs" c="dimmed" hiddenFrom="xs">
            {delivery.attempts === 1 ? "1 attempt" : `${delivery.attempts} attempts`}
          </Text>
        </Stack>
      </Table.Td>
      <Table.Td visibleFrom="xs">
        <Text size="sm">{delivery.attempts}</Text>
      </Table.Td>
      <Table.Td>
        <Button
          size="xs"
          variant="subtle"
          px={6}
          visibleFrom="xs"
          leftSection={<IconRefresh size={14} aria-hidden />}
          loading={resending}
          disabled={disabled}
          onClick={onResend}
          aria-label={label}
        >
          Resend
        </Button>
        {/* Phones: the icon alone, so the status keeps its words. */}
        <Tooltip label="Resend" withArrow>
          <ActionIcon
            variant="subtle"
            hiddenFrom="xs"
            loading={resending}
            disabled={disabled}
            onClick={onResend}
            aria-label={label}
          >
            <IconRefresh size={16} aria-hidden />
          </ActionIcon>
        </Tooltip>
      </Table.Td>
    </Table.Tr>
  );
}
