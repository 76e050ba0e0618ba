import { Card, Stack } from "@mantine/core";
import type { ReactNode } from "react";
import { t } from "#web/i18n/i18n.ts";
import { LoadError } from "./error-alert.tsx";
import { PagePagination } from "./page-pagination.tsx";
import { ListSkeleton } from "./page-states.tsx";

interface ListCardProps {
  /** What stands above the list: its title, filters, a count. */
  header?: ReactNode;
  /** The query of the page shown: its failure comes with a retry, its loading with placeholders. */
  query: { error: unknown; isPending: boolean; refetch: () => unknown };
  /**
   * What the list holds, in the plural and the current language, without an article: it fills "We couldn't
   * load the {noun}" and "Loading {noun}" (common.list.*): "members", German "Mitglieder".
   */
  noun: string;
  /** How many placeholder rows stand in while it loads. */
  skeletonRows: number;
  /** How many items there are across all pages. */
  total: number;
  /** What shows instead of the list when there is nothing. */
  empty: ReactNode;
  pageSize: number;
  /** The page shown, from 1. */
  page: number;
  onPageChange: (page: number) => void;
  /** The list itself, shown once it has items. */
  children: ReactNode;
}

/** A paged list in a card: the failure, placeholders, the empty state or the items, then the page buttons. */
export function ListCard({
  header,
  query,
  noun,
  skeletonRows,
  total,
  empty,
  pageSize,
  page,
  onPageChange,
  children,
}: ListCardProps) {
  return (
    <Card withBorder padding={0} radius="lg" shadow="xs">
      {header}
      {query.error ? (
        <Stack p="md">
          <LoadError
            error={query.error}
            onRetry={() => void query.refetch()}
            title={t("common.list.loadError", { noun })}
          />
        </Stack>
      ) : query.isPending ? (
        <Stack p="md">
          <ListSkeleton rows={skeletonRows} label={t("common.list.loading", { noun })} />
        </Stack>
      ) : total === 0 ? (
        empty
      ) : (
        children
      )}
      <PagePagination pages={Math.max(1, Math.ceil(total / pageSize))} page={page} onChange={onPageChange} />
    </Card>
  );
}
