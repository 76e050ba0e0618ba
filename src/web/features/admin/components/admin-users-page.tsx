import {
  Alert,
  Button,
  Card,
  CloseButton,
  EmptyState,
  Group,
  Select,
  Skeleton,
  Stack,
  Table,
  Text,
  TextInput,
} from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import {
  IconAlertTriangle,
  IconArrowsSort,
  IconFilter,
  IconPlus,
  IconRefresh,
  IconSearch,
  IconUsers,
} from "@tabler/icons-react";
import { getRouteApi, useNavigate } from "@tanstack/react-router";
import { useEffect, useState } from "react";
import { PageNumbers } from "#web/components/page-pagination.tsx";
import { TextLink } from "#web/components/text-link.tsx";
import { UserAvatar } from "#web/components/user-avatar.tsx";
import { isAdmin } from "#web/lib/admin-role.ts";
import { formatDate, formatRelative, plural } from "#web/lib/format.ts";
import { usePageTitle } from "#web/lib/use-page-title.ts";
import { type AdminUser, useUsersList } from "../api/admin-users.ts";
import { adminErrorText } from "../lib/admin-errors.ts";
import {
  FILTER_LABELS,
  PAGE_SIZES,
  SORT_LABELS,
  USER_FILTERS,
  USER_SORTS,
  type UserFilter,
  type UserSort,
  type UsersSearch,
} from "../lib/users-search.ts";
import { AdminPageHeader } from "./admin-page-header.tsx";
import { CreateUserDialog } from "./create-user-dialog.tsx";
import { RoleBadge, StatusBadges } from "./user-badges.tsx";

const route = getRouteApi("/admin/users");

function UserRow({ user, onOpen }: { user: AdminUser; onOpen: () => void }) {
  return (
    // The name is the keyboard and screen-reader way in; the whole row is a larger click target.
    <Table.Tr onClick={onOpen} style={{ cursor: "pointer" }} data-testid="admin-user-row">
      <Table.Td>
        <Group gap="sm" wrap="nowrap">
          <UserAvatar name={user.name} email={user.email} image={user.image} radius="xl" size={36} />
          <div style={{ minWidth: 0 }}>
            <TextLink
              to="/admin/users/$id"
              params={{ id: user.id }}
              fw={600}
              size="sm"
              c="var(--mantine-color-bright)"
              onClick={(event) => event.stopPropagation()}
              style={{ overflowWrap: "anywhere" }}
            >
              {user.name || user.email}
            </TextLink>
            <Text size="xs" c="dimmed" style={{ overflowWrap: "anywhere" }}>
              {user.email}
            </Text>
            {/* Phones have no room for the role and status columns: the badges go under the email. */}
            <Group gap={4} mt={6} hiddenFrom="sm">
              {isAdmin(user) ? <RoleBadge user={user} size="xs" /> : null}
              <StatusBadges user={user} size="xs" />
            </Group>
          </div>
        </Group>
      </Table.Td>
      <Table.Td visibleFrom="sm">
        <RoleBadge user={user} />
      </Table.Td>
      <Table.Td visibleFrom="sm">
        <StatusBadges user={user} size="sm" />
      </Table.Td>
      <Table.Td visibleFrom="md">
        <Text size="sm">{formatDate(user.createdAt)}</Text>
        <Text size="xs" c="dimmed">
          {formatRelative(user.createdAt)}
        </Text>
      </Table.Td>
    </Table.Tr>
  );
}

function TableSkeleton({ rows }: { rows: number }) {
  return (
    <Stack gap={0} role="status" aria-label="Loading users">
      {Array.from({ length: rows }, (_, index) => `placeholder-${index}`).map((key, index) => (
        <Group
          key={key}
          gap="sm"
          wrap="nowrap"
          px="md"
          py={12}
          style={{ borderTop: index ? "1px solid var(--mantine-color-default-border)" : undefined }}
        >
          <Skeleton circle height={36} width={36} />
          <Stack gap={6} style={{ flex: 1 }}>
            <Skeleton height={10} width="30%" radius="xl" />
            <Skeleton height={8} width="45%" radius="xl" />
          </Stack>
          <Skeleton height={18} width={64} radius="xl" visibleFrom="sm" />
          <Skeleton height={18} width={72} radius="xl" />
        </Group>
      ))}
    </Stack>
  );
}

/** `/admin/users`: every account, searchable, filterable, sorted and paged by the server. */
export function AdminUsersPage() {
  usePageTitle("Users");
  const search = route.useSearch();
  const navigate = useNavigate();
  const [creating, setCreating] = useState(false);
  const [text, setText] = useState(search.q ?? "");
  const [debounced] = useDebouncedValue(text, 300);
  const list = useUsersList(search);
  const size = search.size ?? 20;
  const page = search.page ?? 1;
  const total = list.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / size));
  const narrowed = Boolean(search.q) || (search.filter ?? "all") !== "all";

  function update(next: Partial<UsersSearch>, resetPage = true) {
    void navigate({
      to: "/admin/users",
      search: (previous) => {
        const merged: UsersSearch = { ...previous, ...next, ...(resetPage ? { page: undefined } : {}) };
        // Defaults stay out of the URL.
        if (merged.filter === "all") merged.filter = undefined;
        if (merged.sort === "newest") merged.sort = undefined;
        if (merged.field === "email") merged.field = undefined;
        if (merged.size === 20) merged.size = undefined;
        if (merged.page === 1) merged.page = undefined;
        if (!merged.q) merged.q = undefined;
        return merged;
      },
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

  const first = total === 0 ? 0 : (page - 1) * size + 1;
  const last = Math.min(total, page * size);

  return (
    <Stack gap="lg" py={{ base: "xs", sm: "md" }}>
      <AdminPageHeader
        title="Users"
        description={
          list.data
            ? `${plural(total, narrowed ? "matching user" : "user")}${narrowed ? "" : " in total"}. Open one to see their sessions and manage access.`
            : "Every account on this server. Open one to see their sessions and manage access."
        }
        actions={
          <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setCreating(true)}>
            Create user
          </Button>
        }
      />

      <Card withBorder shadow="xs" radius="lg" padding={0}>
        <Group
          gap="sm"
          p="md"
          wrap="wrap"
          style={{ borderBottom: "1px solid var(--mantine-color-default-border)" }}
        >
          <Group gap={0} wrap="nowrap" style={{ flex: "1 1 300px" }}>
            <Select
              aria-label="Search in"
              size="sm"
              w={96}
              allowDeselect={false}
              data={[
                { value: "email", label: "Email" },
                { value: "name", label: "Name" },
              ]}
              value={search.field ?? "email"}
              onChange={(value) => update({ field: value === "name" ? "name" : "email" })}
              styles={{ input: { borderTopRightRadius: 0, borderBottomRightRadius: 0 } }}
            />
            <TextInput
              aria-label={`Search users by ${search.field ?? "email"}`}
              placeholder={search.field === "name" ? "Search by name" : "Search by email"}
              size="sm"
              leftSection={<IconSearch size={16} aria-hidden />}
              rightSection={
                text ? <CloseButton size="sm" aria-label="Clear search" onClick={() => setText("")} /> : null
              }
              value={text}
              onChange={(event) => setText(event.currentTarget.value)}
              style={{ flex: 1, marginLeft: -1 }}
              styles={{ input: { borderTopLeftRadius: 0, borderBottomLeftRadius: 0 } }}
            />
          </Group>
          <Select
            aria-label="Filter users"
            size="sm"
            w={{ base: "calc(50% - 6px)", sm: 190 }}
            leftSection={<IconFilter size={16} aria-hidden />}
            allowDeselect={false}
            data={USER_FILTERS.map((value) => ({ value, label: FILTER_LABELS[value] }))}
            value={search.filter ?? "all"}
            onChange={(value) => update({ filter: (value ?? "all") as UserFilter })}
          />
          <Select
            aria-label="Sort users"
            size="sm"
            w={{ base: "calc(50% - 6px)", sm: 180 }}
            leftSection={<IconArrowsSort size={16} aria-hidden />}
            allowDeselect={false}
            data={USER_SORTS.map((value) => ({ value, label: SORT_LABELS[value] }))}
            value={search.sort ?? "newest"}
            onChange={(value) => update({ sort: (value ?? "newest") as UserSort })}
          />
        </Group>

        {list.error && !list.data ? (
          <Alert
            m="md"
            color="red"
            variant="light"
            title="We couldn't load the users"
            icon={<IconAlertTriangle size={18} aria-hidden />}
          >
            <Stack gap="xs" align="flex-start">
              <Text size="sm">{adminErrorText(list.error)}</Text>
              <Button
                size="xs"
                variant="default"
                leftSection={<IconRefresh size={14} aria-hidden />}
                onClick={() => void list.refetch()}
              >
                Try again
              </Button>
            </Stack>
          </Alert>
        ) : list.isPending ? (
          <TableSkeleton rows={Math.min(size, 8)} />
        ) : list.data.users.length === 0 ? (
          <EmptyState
            py={48}
            px="md"
            variant="light"
            icon={<IconUsers size={26} stroke={1.6} aria-hidden />}
            title={narrowed ? "No users match" : "No users yet"}
            description={
              narrowed
                ? "Nobody matches this search and filter. Try another spelling, or search by name instead of email."
                : "Accounts appear here as people sign up, or when you create one."
            }
          >
            <EmptyState.Actions>
              {narrowed ? (
                <Button variant="default" onClick={clearAll}>
                  Clear search and filter
                </Button>
              ) : (
                <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setCreating(true)}>
                  Create user
                </Button>
              )}
            </EmptyState.Actions>
          </EmptyState>
        ) : (
          <Table.ScrollContainer minWidth={320} type="native">
            <Table
              verticalSpacing="sm"
              horizontalSpacing="md"
              highlightOnHover
              aria-label="Users"
              aria-busy={list.isFetching}
              style={{ opacity: list.isPlaceholderData ? 0.6 : 1, transition: "opacity 120ms" }}
            >
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>User</Table.Th>
                  <Table.Th visibleFrom="sm">Role</Table.Th>
                  <Table.Th visibleFrom="sm">Status</Table.Th>
                  <Table.Th visibleFrom="md">Joined</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {list.data.users.map((user) => (
                  <UserRow
                    key={user.id}
                    user={user}
                    onOpen={() => void navigate({ to: "/admin/users/$id", params: { id: user.id } })}
                  />
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}

        {list.data && total > 0 ? (
          <Group
            justify="space-between"
            gap="sm"
            p="md"
            wrap="wrap"
            style={{ borderTop: "1px solid var(--mantine-color-default-border)" }}
          >
            <Group gap="sm" wrap="nowrap">
              <Text size="sm" c="dimmed" aria-live="polite">
                {`${first.toLocaleString()}–${last.toLocaleString()} of ${total.toLocaleString()}`}
              </Text>
              <Select
                aria-label="Users per page"
                size="xs"
                w={110}
                allowDeselect={false}
                data={PAGE_SIZES.map((value) => ({ value: String(value), label: `${value} / page` }))}
                value={String(size)}
                onChange={(value) => update({ size: Number(value) })}
              />
            </Group>
            <PageNumbers pages={pages} page={page} onChange={(value) => update({ page: value }, false)} />
          </Group>
        ) : null}
      </Card>

      <CreateUserDialog opened={creating} onClose={() => setCreating(false)} />
    </Stack>
  );
}
