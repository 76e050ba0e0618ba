import { Skeleton, Stack, Text, Timeline } from "@mantine/core";
import { IconHistory, IconShieldX } from "@tabler/icons-react";
import { t } from "#web/i18n/i18n.ts";
import { T } from "#web/i18n/locale-root.tsx";
import type { AuditScope } from "#web/lib/api/audit.ts";
import { useAuditEvents } from "#web/lib/api/audit.ts";
import { actorText, eventPhrase, targetText } from "#web/lib/audit-words.ts";
import { LoadError } from "../error-alert.tsx";
import { EventTime } from "./audit-events.tsx";

const NO_FILTERS = {};

/** The newest few events of a scope as a timeline: who did what to what, and when. */
export function RecentEvents({ scope, count = 6 }: { scope: AuditScope; count?: number }) {
  const events = useAuditEvents(scope, NO_FILTERS, { limit: count });
  const rows = events.data?.pages[0]?.events ?? [];
  if (events.error) return <LoadError error={events.error} onRetry={() => void events.refetch()} />;
  if (events.isPending) {
    return (
      <Stack gap="sm" role="status" aria-label={t("audit.recent.loading")}>
        {[0, 1, 2].map((key) => (
          <Skeleton key={key} height={14} radius="xl" width={`${80 - key * 15}%`} />
        ))}
      </Stack>
    );
  }
  if (rows.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        {t("audit.recent.empty")}
      </Text>
    );
  }
  return (
    <Timeline bulletSize={24} lineWidth={2}>
      {rows.map((event) => {
        const target = targetText(event.target);
        return (
          <Timeline.Item
            key={event.id}
            bullet={
              event.outcome === "refused" ? (
                <IconShieldX size={14} aria-hidden />
              ) : (
                <IconHistory size={14} aria-hidden />
              )
            }
          >
            <Text size="sm">
              <T
                id={target ? "audit.recent.lineWithTarget" : "audit.recent.line"}
                values={{ actor: actorText(event.actor), phrase: eventPhrase(event), target }}
                components={{ actor: <Text span fw={600} size="sm" /> }}
              />
            </Text>
            <EventTime at={event.createdAt} size="xs" />
          </Timeline.Item>
        );
      })}
    </Timeline>
  );
}
