import { Button, Card, EmptyState, Stack } from "@mantine/core";
import { IconDownload, IconHistory } from "@tabler/icons-react";
import { t } from "#web/i18n/i18n.ts";
import {
  type AuditScope,
  downloadAuditCsv,
  type AuditFilters as Filters,
  useAuditEvents,
} from "#web/lib/api/audit.ts";
import { useApiMutation } from "#web/lib/api/use-api-mutation.ts";
import { type AuditSearch, dayOf, isFiltered, toAuditQuery } from "#web/lib/audit-search.ts";
import { LoadError } from "../error-alert.tsx";
import { ListSkeleton } from "../page-states.tsx";
import { AuditEventsTable, LoadMore } from "./audit-events.tsx";
import { AuditFilters, type AuditFiltersProps } from "./audit-filters.tsx";

interface AuditLogProps extends Omit<AuditFiltersProps, "onChange"> {
  scope: AuditScope;
  onSearchChange: (next: AuditSearch) => void;
  /** What the list shows before anything was recorded. */
  emptyText: string;
}

/** An audit list in a card: its filters, the events newest first, and "Load more" over the server's cursor. */
export function AuditLog({ scope, search, onSearchChange, emptyText, ...filters }: AuditLogProps) {
  const events = useAuditEvents(scope, toAuditQuery(search));
  const rows = events.data?.pages.flatMap((page) => page.events) ?? [];
  const filtered = isFiltered(search);
  return (
    <Card withBorder padding={0} radius="lg" shadow="xs">
      <AuditFilters search={search} onChange={onSearchChange} {...filters} />
      {events.error && !events.data ? (
        <Stack p="md">
          <LoadError
            error={events.error}
            onRetry={() => void events.refetch()}
            title={t("audit.log.loadError")}
          />
        </Stack>
      ) : events.isPending ? (
        <Stack p="md">
          <ListSkeleton rows={5} label={t("audit.log.loading")} />
        </Stack>
      ) : rows.length === 0 ? (
        <EmptyState
          py={48}
          px="md"
          variant="light"
          color="gray"
          icon={<IconHistory size={26} stroke={1.6} aria-hidden />}
          title={filtered ? t("audit.log.noMatchTitle") : t("audit.log.emptyTitle")}
          description={filtered ? t("audit.log.noMatchDescription") : emptyText}
        >
          {filtered ? (
            <EmptyState.Actions>
              <Button variant="default" onClick={() => onSearchChange({})}>
                {t("audit.filters.clear")}
              </Button>
            </EmptyState.Actions>
          ) : null}
        </EmptyState>
      ) : (
        <>
          <AuditEventsTable
            events={rows}
            onActor={(actor) => onSearchChange({ ...search, actor })}
            stale={events.isRefetching && !events.isFetchingNextPage}
          />
          <LoadMore
            shown={rows.length}
            hasMore={events.hasNextPage}
            loading={events.isFetchingNextPage}
            onLoad={() => void events.fetchNextPage()}
          />
        </>
      )}
    </Card>
  );
}

/** "Export CSV": every event the filters keep, as a file the browser saves (`<name>-<day>.csv`). */
export function ExportCsvButton({
  scope,
  search,
  name,
}: {
  scope: AuditScope;
  search: AuditSearch;
  name: string;
}) {
  const exporting = useApiMutation({
    mutationFn: (filters: Filters) => downloadAuditCsv(scope, filters, `${name}-${dayOf(new Date())}.csv`),
    failureTitle: t("audit.export.failed"),
  });
  return (
    <Button
      variant="default"
      leftSection={<IconDownload size={16} aria-hidden />}
      loading={exporting.isPending}
      onClick={() => exporting.mutate(toAuditQuery(search))}
    >
      {t("audit.export.button")}
    </Button>
  );
}
