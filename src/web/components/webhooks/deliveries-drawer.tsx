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
import { t } from "#web/i18n/i18n.ts";
import type { MessageId } from "#web/i18n/message-id.ts";
import { useDeliveries, useResendDelivery, useSendTestEvent } from "#web/lib/api/webhooks.ts";
import { EventTime, LoadMore } from "../audit/audit-events.tsx";
import { LoadError } from "../error-alert.tsx";
import { ListSkeleton } from "../page-states.tsx";
import { ActionsColumnHeader, TableRegion } from "../table-region.tsx";
import { WebhookHealth } from "./webhook-health.tsx";

const STATUS: Record<WebhookDelivery["status"], { color: string; label: MessageId }> = {
  pending: { color: "blue", label: "webhooks.delivery.pending" },
  delivering: { color: "blue", label: "webhooks.delivery.delivering" },
  delivered: { color: "teal", label: "webhooks.delivery.delivered" },
  failed: { color: "red", label: "webhooks.delivery.failed" },
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
      title={t("webhooks.endpoint.deliveries")}
      closeButtonProps={{ "aria-label": t("webhooks.deliveries.close") }}
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
          {t("webhooks.deliveries.sendTest")}
        </Button>
        {!endpoint.enabled ? (
          <Text size="sm" c="dimmed">
            {t("webhooks.deliveries.enableFirst")}
          </Text>
        ) : null}
      </Group>
      {deliveries.error && !deliveries.data ? (
        <LoadError
          error={deliveries.error}
          onRetry={() => void deliveries.refetch()}
          title={t("webhooks.deliveries.loadError")}
        />
      ) : deliveries.isPending ? (
        <ListSkeleton rows={3} label={t("webhooks.deliveries.loading")} />
      ) : rows.length === 0 ? (
        <EmptyState
          py="xl"
          variant="light"
          color="gray"
          icon={<IconTruckDelivery size={26} stroke={1.6} aria-hidden />}
          title={t("webhooks.deliveries.emptyTitle")}
          description={t("webhooks.deliveries.emptyDescription")}
        />
      ) : (
        <div>
          <TableRegion label={t("webhooks.endpoint.deliveries")}>
            <Table verticalSpacing="xs" horizontalSpacing="sm">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t("webhooks.deliveries.event")}</Table.Th>
                  <Table.Th>{t("webhooks.deliveries.status")}</Table.Th>
                  <Table.Th visibleFrom="xs">{t("webhooks.deliveries.attempts")}</Table.Th>
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
  const code = delivery.responseStatus
    ? t("webhooks.delivery.http", { status: delivery.responseStatus })
    : null;
  const disabled = !canResend || delivery.status === "pending" || delivery.status === "delivering";
  const label = t("webhooks.delivery.resendEvent", { event: delivery.eventType });
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
            {t(status.label)}
          </Badge>
          {code || delivery.lastError ? (
            <Tooltip label={delivery.responseBody || delivery.lastError || code} multiline w={280} withArrow>
              <Text size="xs" c="dimmed" tabIndex={0} style={{ overflowWrap: "anywhere" }}>
                {code ?? delivery.lastError}
              </Text>
            </Tooltip>
          ) : null}
          <Text size="xs" c="dimmed" hiddenFrom="xs">
            {t("webhooks.delivery.attemptCount", { count: delivery.attempts })}
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
          {t("webhooks.delivery.resend")}
        </Button>
        {/* Phones: the icon alone, so the status keeps its words. */}
        <Tooltip label={t("webhooks.delivery.resend")} withArrow>
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
