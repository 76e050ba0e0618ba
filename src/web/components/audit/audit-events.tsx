import { Anchor, Badge, Box, Button, Group, Stack, Table, Text, Tooltip } from "@mantine/core";
import type { AuditEvent } from "#shared/contracts/audit.ts";
import { actorText, eventPhrase, refusalText, targetKind, targetText } from "#web/lib/audit-words.ts";
import { formatDateTime, formatNumber, formatRelative } from "#web/lib/format.ts";
import { TableRegion } from "../table-region.tsx";
import { UserAvatar } from "../user-avatar.tsx";

/** When: "5 minutes ago", the exact time on hover or focus. */
export function EventTime({ at, size = "sm" }: { at: string; size?: "xs" | "sm" }) {
  const exact = formatDateTime(at);
  return (
    <Tooltip label={exact} withArrow openDelay={200}>
      <Text component="time" dateTime={at} size={size} c="dimmed" tabIndex={0} aria-label={exact}>
        {formatRelative(at)}
      </Text>
    </Tooltip>
  );
}

/**
 * Small facts of an event as words: a change's old and new value ("admin → member"), then "key: value" for the
 * rest. Ids are left out: the target column names what the event is about.
 */
export function detailsText(details: AuditEvent["details"]): string | null {
  const shown = (value: unknown) => (Array.isArray(value) ? value.join(", ") : String(value));
  const simple = Object.entries(details).filter(
    ([key, value]) =>
      !/id$/i.test(key) && (["string", "number", "boolean"].includes(typeof value) || Array.isArray(value)),
  );
  const change = simple.some(([key]) => key === "from") && simple.some(([key]) => key === "to");
  const parts = [
    ...(change ? [`${shown(details.from)} → ${shown(details.to)}`] : []),
    ...simple
      .filter(([key]) => !change || (key !== "from" && key !== "to"))
      .map(([key, value]) => `${key}: ${shown(value)}`),
  ].slice(0, 4);
  return parts.length ? parts.join(" · ") : null;
}

/** Who acted: the person, "An admin as …" when impersonated, and a badge when an API key made the call. */
function Who({ actor, onActor }: { actor: AuditEvent["actor"]; onActor?: (userId: string) => void }) {
  const name = actorText(actor);
  const words = actor.impersonatorId ? `An admin as ${name}` : name;
  const { userId } = actor;
  return (
    <Group gap="xs" wrap="nowrap" align="flex-start">
      <UserAvatar name={actor.name} email={actor.email} size={28} radius="xl" visibleFrom="sm" />
      <Stack gap={0} style={{ minWidth: 0 }}>
        {onActor && userId ? (
          <Anchor
            component="button"
            type="button"
            size="sm"
            fw={600}
            ta="left"
            c="var(--mantine-color-text)"
            style={{ overflowWrap: "anywhere" }}
            title={`Show only what ${name} did`}
            onClick={() => onActor(userId)}
          >
            {words}
          </Anchor>
        ) : (
          <Text size="sm" fw={600} style={{ overflowWrap: "anywhere" }}>
            {words}
          </Text>
        )}
        {actor.name && actor.email ? (
          <Text size="xs" c="dimmed" truncate="end" maw={200} title={actor.email}>
            {actor.email}
          </Text>
        ) : null}
        {actor.apiKeyId ? (
          <Badge size="xs" variant="light" color="indigo" tt="none" mt={2}>
            API key
          </Badge>
        ) : null}
      </Stack>
    </Group>
  );
}

/** What happened, in words, with a refusal's code and the event's small facts. */
export function What({ event }: { event: AuditEvent }) {
  const details = detailsText(event.details);
  return (
    <Stack gap={2}>
      <Group gap={6} wrap="wrap">
        <Text size="sm">{eventPhrase(event)}</Text>
        {event.outcome === "refused" ? (
          <Badge size="xs" color="red" variant="light" tt="none">
            {refusalText(event.errorCode)}
          </Badge>
        ) : null}
      </Group>
      <Text size="xs" c="dimmed" ff="monospace">
        {event.action}
      </Text>
      {details ? (
        <Text size="xs" c="dimmed" style={{ overflowWrap: "anywhere" }}>
          {details}
        </Text>
      ) : null}
    </Stack>
  );
}

function Target({ target }: { target: AuditEvent["target"] }) {
  if (!target)
    return (
      <Text size="sm" c="dimmed">
        —
      </Text>
    );
  return (
    <Stack gap={0}>
      <Text size="sm" style={{ overflowWrap: "anywhere" }}>
        {targetText(target)}
      </Text>
      <Text size="xs" c="dimmed">
        {targetKind(target)}
      </Text>
    </Stack>
  );
}

interface AuditEventsTableProps {
  events: AuditEvent[];
  /** Clicking an actor's name keeps only their events. */
  onActor?: (userId: string) => void;
  /** Dims the rows while newer ones load. */
  stale?: boolean;
}

/** Who, what, target, when and IP: one row per event, newest first; phones stack them in the first cell. */
export function AuditEventsTable({ events, onActor, stale }: AuditEventsTableProps) {
  return (
    <TableRegion label="Audit events">
      <Table verticalSpacing="sm" horizontalSpacing="md" style={stale ? { opacity: 0.6 } : undefined}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Who</Table.Th>
            <Table.Th visibleFrom="sm">What</Table.Th>
            <Table.Th visibleFrom="md">Target</Table.Th>
            <Table.Th visibleFrom="sm">When</Table.Th>
            <Table.Th visibleFrom="md">IP</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {events.map((event) => (
            <Table.Tr
              key={event.id}
              data-testid="audit-row"
              data-action={event.action}
              data-actor={event.actor.userId ?? ""}
            >
              <Table.Td>
                <Who actor={event.actor} onActor={onActor} />
                <Box hiddenFrom="sm" mt={6}>
                  <What event={event} />
                  {event.target ? (
                    <Text size="xs" mt={2} style={{ overflowWrap: "anywhere" }}>
                      {targetText(event.target)}
                    </Text>
                  ) : null}
                  <Group gap={6} mt={2}>
                    <EventTime at={event.createdAt} size="xs" />
                    {event.ip ? <Text size="xs" c="dimmed">{`· ${event.ip}`}</Text> : null}
                  </Group>
                </Box>
              </Table.Td>
              <Table.Td visibleFrom="sm">
                <What event={event} />
              </Table.Td>
              <Table.Td visibleFrom="md">
                <Target target={event.target} />
              </Table.Td>
              <Table.Td visibleFrom="sm" style={{ whiteSpace: "nowrap" }}>
                <EventTime at={event.createdAt} />
              </Table.Td>
              <Table.Td visibleFrom="md">
                <Text size="sm" c="dimmed" ff="monospace" fz="xs">
                  {event.ip ?? "—"}
                </Text>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </TableRegion>
  );
}

/** "Load more" under a list read a page at a time over a cursor; the count of what is shown beside it. */
export function LoadMore({
  shown,
  hasMore,
  loading,
  onLoad,
}: {
  shown: number;
  hasMore: boolean;
  loading: boolean;
  onLoad: () => void;
}) {
  return (
    <Group
      justify="space-between"
      p="md"
      style={{ borderTop: "1px solid var(--mantine-color-default-border)" }}
    >
      <Text size="sm" c="dimmed" aria-live="polite">
        {hasMore ? `Showing the newest ${formatNumber(shown)}` : `All ${formatNumber(shown)} shown`}
      </Text>
      {hasMore ? (
        <Button variant="default" size="sm" loading={loading} onClick={onLoad}>
          Load more
        </Button>
      ) : null}
    </Group>
  );
}
