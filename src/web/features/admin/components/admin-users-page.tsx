import { Button, Card, EmptyState, Stack } from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import { IconPlus, IconUsers } from "@tabler/icons-react";
import { getRouteApi, useNavigate } from "@tanstack/react-router";
import { useEffect, useState } from "react";
import { LoadError } from "#web/components/error-alert.tsx";
import { ListSkeleton } from "#web/components/page-states.tsx";
import { t } from "#web/i18n/i18n.ts";
import { usePageTitle } from "#web/lib/use-page-title.ts";
import { useUsersList } from "../api/admin-users.ts";
import {
  DEFAULT_PAGE_SIZE,
  parseUsersSearch,
  type UsersSearch,
  withoutDefaults,
} from "../lib/users-search.ts";
import { AdminPageHeader } from "./admin-page-header.tsx";
import { CreateUserDialog } from "./create-user-dialog.tsx";
import { UsersPager, UsersTable } from "./users-table.tsx";
import { UsersToolbar } from "./users-toolbar.tsx";

const route = getRouteApi("/_signed-in/admin/users");

/** `/admin/users`: every account, searchable, filterable, sorted and paged by the server. */
export function AdminUsersPage() {
  usePageTitle(t("admin.section.users"));
  const search = route.useSearch();
  const navigate = useNavigate();
  const [creating, setCreating] = useState(false);
  const [text, setText] = useState(search.q ?? "");
  const [debounced] = useDebouncedValue(text, 300);
  const list = useUsersList(search);
  const size = search.size ?? DEFAULT_PAGE_SIZE;
  const page = search.page ?? 1;
  const total = list.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / size));
  const narrowed = Boolean(search.q) || (search.filter ?? "all") !== "all";

  function update(next: Partial<UsersSearch>, resetPage = true) {
    void navigate({
      to: "/admin/users",
      search: (previous) =>
        withoutDefaults({
          ...parseUsersSearch(previous),
          ...next,
          ...(resetPage ? { page: undefined } : {}),
        }),
      replace: true,
    });
  }

  // The typed search reaches the URL (and the server) once typing pauses.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a new debounced value should navigate
  useEffect(() => {
    if (debounced.trim() !== (search.q ?? "")) update({ q: debounced.trim() || undefined });
  }, [debounced]);

  // Past the last page (e.g. after deleting users), show the last one instead.
  // biome-ignore lint/correctness/useExhaustiveDependencies: depends on the answer only
  useEffect(() => {
    if (list.data && page > pages) update({ page: pages }, false);
  }, [list.data, page, pages]);

  function clearAll() {
    setText("");
    update({ q: undefined, filter: undefined });
  }

  const createButton = (
    <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setCreating(true)}>
      {t("admin.createUser.title")}
    </Button>
  );

  return (
    <Stack gap="lg" py={{ base: "xs", sm: "md" }}>
      <AdminPageHeader
        title={t("admin.section.users")}
        description={
          list.data
            ? narrowed
              ? t("admin.users.countMatching", { count: total })
              : t("admin.users.countTotal", { count: total })
            : t("admin.users.description")
        }
        actions={createButton}
      />

      <Card withBorder shadow="xs" radius="lg" padding={0}>
        <UsersToolbar search={search} text={text} onTextChange={setText} update={update} />

        {list.error && !list.data ? (
          <Stack p="md">
            <LoadError
              error={list.error}
              onRetry={() => void list.refetch()}
              title={t("admin.users.loadError")}
            />
          </Stack>
        ) : list.isPending ? (
          <Stack p="md">
            <ListSkeleton rows={Math.min(size, 8)} label={t("admin.users.loading")} />
          </Stack>
        ) : list.data.users.length === 0 ? (
          <EmptyState
            py={48}
            px="md"
            variant="light"
            icon={<IconUsers size={26} stroke={1.6} aria-hidden />}
            title={narrowed ? t("admin.users.noMatchTitle") : t("admin.users.emptyTitle")}
            description={narrowed ? t("admin.users.noMatchDescription") : t("admin.users.emptyDescription")}
          >
            <EmptyState.Actions>
              {narrowed ? (
                <Button variant="default" onClick={clearAll}>
                  {t("admin.users.clear")}
                </Button>
              ) : (
                createButton
              )}
            </EmptyState.Actions>
          </EmptyState>
        ) : (
          <UsersTable
            users={list.data.users}
            stale={list.isPlaceholderData}
            busy={list.isFetching}
            onOpen={(user) => void navigate({ to: "/admin/users/$id", params: { id: user.id } })}
          />
        )}

        {list.data && total > 0 ? (
          <UsersPager
            total={total}
            page={page}
            size={size}
            onPage={(value) => update({ page: value }, false)}
            onSize={(value) => update({ size: value })}
          />
        ) : null}
      </Card>

      <CreateUserDialog opened={creating} onClose={() => setCreating(false)} />
    </Stack>
  );
}
