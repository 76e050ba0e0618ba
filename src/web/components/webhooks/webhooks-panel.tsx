import { ActionIcon, Badge, Button, Card, EmptyState, Group, Menu, Paper, Stack, Text } from "@mantine/core";
import {
  IconDots,
  IconPencil,
  IconPlayerPause,
  IconPlayerPlay,
  IconPlus,
  IconRotate,
  IconTrash,
  IconTruckDelivery,
  IconWebhook,
} from "@tabler/icons-react";
import { useState } from "react";
import { ALL_EVENTS } from "#shared/audit.ts";
import type { WebhookEndpoint } from "#shared/contracts/webhooks.ts";
import { t } from "#web/i18n/i18n.ts";
import {
  deleteWebhook,
  useRotateSecret,
  useUpdateWebhook,
  useWebhooks,
  type WebhookScope,
  webhooksKey,
} from "#web/lib/api/webhooks.ts";
import type { AuditFamily } from "#web/lib/audit-words.ts";
import { AppModal } from "../app-modal.tsx";
import { ConfirmActionDialog, ConfirmDialog } from "../confirm-dialog.tsx";
import { LoadError } from "../error-alert.tsx";
import { ListSkeleton } from "../page-states.tsx";
import { DeliveriesDrawer } from "./deliveries-drawer.tsx";
import { WebhookFormDialog } from "./webhook-form.tsx";
import { WebhookHealth } from "./webhook-health.tsx";
import { WebhookSecret } from "./webhook-secret.tsx";

interface WebhooksPanelProps {
  scope: WebhookScope;
  /** The event families an endpoint may subscribe to. */
  families?: readonly AuditFamily[];
  /** The add dialog is open (the page's header holds the "Add endpoint" button). */
  adding: boolean;
  onAddingChange: (adding: boolean) => void;
}

/**
 * The endpoints of a scope with their health, and everything done to them: add (the secret shown once), edit,
 * enable or disable, rotate the secret (shown once), delete, and each one's deliveries.
 */
export function WebhooksPanel({ scope, families, adding, onAddingChange }: WebhooksPanelProps) {
  const endpoints = useWebhooks(scope);
  const [editing, setEditing] = useState<WebhookEndpoint | null>(null);
  const [deleting, setDeleting] = useState<WebhookEndpoint | null>(null);
  const [rotating, setRotating] = useState<WebhookEndpoint | null>(null);
  const [deliveriesOf, setDeliveriesOf] = useState<string | null>(null);
  const [secret, setSecret] = useState<{ secret: string; previousExpiresAt: string } | null>(null);
  const toggle = useUpdateWebhook();
  const rotate = useRotateSecret((rotated) => {
    setRotating(null);
    setSecret(rotated);
  });
  const list = endpoints.data ?? [];
  // The drawer follows the list, so its health and state stay current.
  const shown = list.find((endpoint) => endpoint.id === deliveriesOf) ?? null;

  const addButton = (
    <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => onAddingChange(true)}>
      {t("webhooks.addEndpoint")}
    </Button>
  );

  return (
    <>
      {endpoints.error && !endpoints.data ? (
        <LoadError
          error={endpoints.error}
          onRetry={() => void endpoints.refetch()}
          title={t("webhooks.panel.loadError")}
        />
      ) : endpoints.isPending ? (
        <Card withBorder radius="lg" padding="md">
          <ListSkeleton rows={2} label={t("webhooks.panel.loading")} />
        </Card>
      ) : list.length === 0 ? (
        <Card withBorder radius="lg" padding={0}>
          <EmptyState
            py={48}
            px="md"
            variant="light"
            icon={<IconWebhook size={26} stroke={1.6} aria-hidden />}
            title={t("webhooks.panel.emptyTitle")}
            description={t("webhooks.panel.emptyDescription")}
          >
            <EmptyState.Actions>{addButton}</EmptyState.Actions>
          </EmptyState>
        </Card>
      ) : (
        <Stack
          gap="sm"
          component="ul"
          aria-label={t("webhooks.panel.listLabel")}
          style={{ listStyle: "none", padding: 0, margin: 0 }}
        >
          {list.map((endpoint) => (
            <EndpointItem
              key={endpoint.id}
              endpoint={endpoint}
              onDeliveries={() => setDeliveriesOf(endpoint.id)}
              onEdit={() => setEditing(endpoint)}
              onToggle={() => toggle.mutate({ endpoint, body: { enabled: !endpoint.enabled } })}
              onRotate={() => setRotating(endpoint)}
              onDelete={() => setDeleting(endpoint)}
            />
          ))}
        </Stack>
      )}

      <WebhookFormDialog
        scope={scope}
        families={families}
        target={adding ? "new" : editing}
        onClose={() => {
          onAddingChange(false);
          setEditing(null);
        }}
      />
      <ConfirmDialog
        opened={rotating !== null}
        onClose={() => {
          rotate.reset();
          setRotating(null);
        }}
        title={t("webhooks.rotate.title")}
        confirmLabel={t("webhooks.rotate.confirm")}
        danger={false}
        loading={rotate.isPending}
        error={rotate.error}
        onConfirm={() => rotating && rotate.mutate(rotating)}
      >
        {t("webhooks.rotate.body")}
      </ConfirmDialog>
      <AppModal
        opened={secret !== null}
        onClose={() => setSecret(null)}
        title={t("webhooks.rotate.copyTitle")}
        size="lg"
      >
        {secret ? (
          <WebhookSecret
            secret={secret.secret}
            previousExpiresAt={secret.previousExpiresAt}
            onDone={() => setSecret(null)}
          />
        ) : null}
      </AppModal>
      <ConfirmActionDialog
        target={deleting}
        onClose={() => setDeleting(null)}
        title={t("webhooks.delete.title")}
        confirmLabel={t("webhooks.delete.confirm")}
        action={deleteWebhook}
        invalidate={webhooksKey}
        success={(target) => ({
          title: t("webhooks.delete.doneTitle"),
          message: t("webhooks.delete.doneMessage", { url: target.url }),
        })}
      >
        {deleting?.url ? t("webhooks.delete.body", { url: deleting.url }) : t("webhooks.delete.bodyUnnamed")}
      </ConfirmActionDialog>
      <DeliveriesDrawer endpoint={shown} onClose={() => setDeliveriesOf(null)} />
    </>
  );
}

function EndpointItem({
  endpoint,
  onDeliveries,
  onEdit,
  onToggle,
  onRotate,
  onDelete,
}: {
  endpoint: WebhookEndpoint;
  onDeliveries: () => void;
  onEdit: () => void;
  onToggle: () => void;
  onRotate: () => void;
  onDelete: () => void;
}) {
  const all = endpoint.events.includes(ALL_EVENTS);
  return (
    <Paper component="li" withBorder radius="lg" p="md" shadow="xs" data-testid="webhook-endpoint">
      <Group justify="space-between" wrap="wrap" align="flex-start" gap="sm">
        <Stack gap={6} style={{ minWidth: 0, flex: "1 1 280px" }}>
          <Text fw={600} size="sm" ff="monospace" style={{ overflowWrap: "anywhere" }}>
            {endpoint.url}
          </Text>
          {endpoint.description ? (
            <Text size="sm" c="dimmed" style={{ overflowWrap: "anywhere" }}>
              {endpoint.description}
            </Text>
          ) : null}
          <WebhookHealth endpoint={endpoint} />
          <Group gap={4}>
            {all ? (
              <Badge variant="light" color="indigo" tt="none" size="sm">
                {t("webhooks.endpoint.allEvents")}
              </Badge>
            ) : (
              endpoint.events.map((event) => (
                <Badge key={event} variant="light" color="indigo" tt="none" size="sm">
                  {event}
                </Badge>
              ))
            )}
          </Group>
        </Stack>
        <Group gap="xs" wrap="nowrap" style={{ flex: "none" }}>
          <Button
            size="xs"
            variant="default"
            leftSection={<IconTruckDelivery size={14} aria-hidden />}
            onClick={onDeliveries}
            aria-label={t("webhooks.endpoint.deliveriesOf", { url: endpoint.url })}
          >
            {t("webhooks.endpoint.deliveries")}
          </Button>
          <Menu position="bottom-end" shadow="md" width={200} withInitialFocusPlaceholder={false}>
            <Menu.Target>
              <ActionIcon
                variant="subtle"
                color="gray"
                aria-label={t("webhooks.endpoint.actionsFor", { url: endpoint.url })}
              >
                <IconDots size={18} aria-hidden />
              </ActionIcon>
            </Menu.Target>
            <Menu.Dropdown>
              <Menu.Item leftSection={<IconPencil size={16} aria-hidden />} onClick={onEdit}>
                {t("webhooks.endpoint.edit")}
              </Menu.Item>
              <Menu.Item
                leftSection={
                  endpoint.enabled ? (
                    <IconPlayerPause size={16} aria-hidden />
                  ) : (
                    <IconPlayerPlay size={16} aria-hidden />
                  )
                }
                onClick={onToggle}
              >
                {endpoint.enabled ? t("webhooks.endpoint.disable") : t("webhooks.endpoint.enable")}
              </Menu.Item>
              <Menu.Item leftSection={<IconRotate size={16} aria-hidden />} onClick={onRotate}>
                {t("webhooks.rotate.confirm")}
              </Menu.Item>
              <Menu.Divider />
              <Menu.Item color="red" leftSection={<IconTrash size={16} aria-hidden />} onClick={onDelete}>
                {t("webhooks.endpoint.delete")}
              </Menu.Item>
            </Menu.Dropdown>
          </Menu>
        </Group>
      </Group>
    </Paper>
  );
}
