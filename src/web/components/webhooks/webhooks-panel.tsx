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
      Add endpoint
    </Button>
  );

  return (
    <>
      {endpoints.error && !endpoints.data ? (
        <LoadError
          error={endpoints.error}
          onRetry={() => void endpoints.refetch()}
          title="We couldn't load the endpoints"
        />
      ) : endpoints.isPending ? (
        <Card withBorder radius="lg" padding="md">
          <ListSkeleton rows={2} label="Loading endpoints" />
        </Card>
      ) : list.length === 0 ? (
        <Card withBorder radius="lg" padding={0}>
          <EmptyState
            py={48}
            px="md"
            variant="light"
            icon={<IconWebhook size={26} stroke={1.6} aria-hidden />}
            title="No endpoints yet"
            description="Add the URL of a server of yours, and Gatehouse will POST it a signed JSON message when something happens."
          >
            <EmptyState.Actions>{addButton}</EmptyState.Actions>
          </EmptyState>
        </Card>
      ) : (
        <Stack
          gap="sm"
          component="ul"
          aria-label="Webhook endpoints"
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
        title="Rotate signing secret"
        confirmLabel="Rotate secret"
        danger={false}
        loading={rotate.isPending}
        error={rotate.error}
        onConfirm={() => rotating && rotate.mutate(rotating)}
      >
        A new secret signs every delivery from now on. The current one keeps signing for 24 hours as well, so
        your receiver can switch over without missing an event.
      </ConfirmDialog>
      <AppModal
        opened={secret !== null}
        onClose={() => setSecret(null)}
        title="Copy the new signing secret"
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
        title="Delete endpoint"
        confirmLabel="Delete endpoint"
        action={deleteWebhook}
        invalidate={webhooksKey}
        success={(target) => ({ title: "Endpoint deleted", message: `${target.url} gets no more events.` })}
      >
        {`${deleting?.url ?? "This endpoint"} gets no more events, and its delivery history is deleted with it. This cannot be undone.`}
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
                All events
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
            aria-label={`Deliveries of ${endpoint.url}`}
          >
            Deliveries
          </Button>
          <Menu position="bottom-end" shadow="md" width={200} withInitialFocusPlaceholder={false}>
            <Menu.Target>
              <ActionIcon variant="subtle" color="gray" aria-label={`Actions for ${endpoint.url}`}>
                <IconDots size={18} aria-hidden />
              </ActionIcon>
            </Menu.Target>
            <Menu.Dropdown>
              <Menu.Item leftSection={<IconPencil size={16} aria-hidden />} onClick={onEdit}>
                Edit
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
                {endpoint.enabled ? "Disable" : "Enable"}
              </Menu.Item>
              <Menu.Item leftSection={<IconRotate size={16} aria-hidden />} onClick={onRotate}>
                Rotate secret
              </Menu.Item>
              <Menu.Divider />
              <Menu.Item color="red" leftSection={<IconTrash size={16} aria-hidden />} onClick={onDelete}>
                Delete
              </Menu.Item>
            </Menu.Dropdown>
          </Menu>
        </Group>
      </Group>
    </Paper>
  );
}
