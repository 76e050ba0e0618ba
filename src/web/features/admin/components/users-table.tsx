import { Group, Select, Table, Text } from "@mantine/core";
import { PageNumbers } from "#web/components/page-pagination.tsx";
import { TextLink } from "#web/components/text-link.tsx";
import { UserAvatar } from "#web/components/user-avatar.tsx";
import { isAdmin } from "#web/lib/admin-role.ts";
import { formatDate, formatNumber, formatRelative } from "#web/lib/format.ts";
import type { AdminUser } from "../api/admin-users.ts";
import { PAGE_SIZES } from "../lib/users-search.ts";
import { AdminTable, type Column } from "./admin-table.tsx";
import { RoleBadge, StatusBadges } from "./user-badges.tsx";

const COLUMNS: Column[] = [
  { label: "User" },
  { label: "Role", visibleFrom: "sm" },
  { label: "Status", visibleFrom: "sm" },
  { label: "Joined", visibleFrom: "md" },
];

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

interface UsersTableProps {
  users: AdminUser[];
  /** An earlier page stands in while the next one loads: it is dimmed meanwhile. */
  stale: boolean;
  busy: boolean;
  onOpen: (user: AdminUser) => void;
}

/** One page of users; a row opens the user's page. */
export function UsersTable({ users, stale, busy, onOpen }: UsersTableProps) {
  return (
    <AdminTable
      label="Users"
      columns={COLUMNS}
      horizontalSpacing="md"
      aria-busy={busy}
      style={{ opacity: stale ? 0.6 : 1, transition: "opacity 120ms" }}
    >
      {users.map((user) => (
        <UserRow key={user.id} user={user} onOpen={() => onOpen(user)} />
      ))}
    </AdminTable>
  );
}

interface UsersPagerProps {
  total: number;
  page: number;
  size: number;
  onPage: (page: number) => void;
  onSize: (size: number) => void;
}

/** Which users are shown of how many, the page size, and the page buttons. */
export function UsersPager({ total, page, size, onPage, onSize }: UsersPagerProps) {
  const first = total === 0 ? 0 : (page - 1) * size + 1;
  const last = Math.min(total, page * size);
  return (
    <Group
      justify="space-between"
      gap="sm"
      p="md"
      wrap="wrap"
      style={{ borderTop: "1px solid var(--mantine-color-default-border)" }}
    >
      <Group gap="sm" wrap="nowrap">
        <Text size="sm" c="dimmed" aria-live="polite">
          {`${formatNumber(first)}–${formatNumber(last)} of ${formatNumber(total)}`}
        </Text>
        <Select
          aria-label="Users per page"
          size="xs"
          w={110}
          allowDeselect={false}
          data={PAGE_SIZES.map((value) => ({ value: String(value), label: `${value} / page` }))}
          value={String(size)}
          onChange={(value) => onSize(Number(value))}
        />
      </Group>
      <PageNumbers pages={Math.max(1, Math.ceil(total / size))} page={page} onChange={onPage} />
    </Group>
  );
}
