import {
  ActionIcon,
  Alert,
  EmptyState,
  type MantineBreakpoint,
  Menu,
  Table,
  Text,
  Tooltip,
} from "@mantine/core";
import { IconDots, IconInfoCircle, type TablerIcon } from "@tabler/icons-react";
import type { ReactNode } from "react";
import { ActionsColumnHeader, TableRegion } from "#web/components/table-region.tsx";
import { formatDate } from "#web/lib/format.ts";

export interface Column {
  label: ReactNode;
  /** Narrower screens leave the column out (its content then shows under the first cell). */
  visibleFrom?: MantineBreakpoint;
}

interface ListTableProps {
  /** The name of the scrolling region, e.g. "Members table". */
  label: string;
  columns: Column[];
  /** The width of a last column of row actions; none without it. */
  actionsWidth?: number;
  /** Dims the rows while they stand in for the page being loaded. */
  stale?: boolean;
  highlightOnHover?: boolean;
  /** The rows. */
  children: ReactNode;
}

/** The table of an organization list: its columns, an actions column, the rows. */
export function ListTable({
  label,
  columns,
  actionsWidth,
  stale,
  highlightOnHover = true,
  children,
}: ListTableProps) {
  return (
    <TableRegion label={label}>
      <Table
        className="gh-list-table"
        verticalSpacing="sm"
        horizontalSpacing="md"
        highlightOnHover={highlightOnHover}
      >
        <Table.Thead>
          <Table.Tr>
            {columns.map((column, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: the columns are fixed
              <Table.Th key={index} visibleFrom={column.visibleFrom}>
                {column.label}
              </Table.Th>
            ))}
            {actionsWidth ? <ActionsColumnHeader width={actionsWidth} /> : null}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody style={stale ? { opacity: 0.6 } : undefined}>{children}</Table.Tbody>
      </Table>
    </TableRegion>
  );
}

/** A row's date (joined, created), left out on phones. */
export function DateCell({ value }: { value: string }) {
  return (
    <Table.Td visibleFrom="sm">
      <Text size="sm" c="dimmed">
        {formatDate(value)}
      </Text>
    </Table.Td>
  );
}

/** The last cell of a row, with its actions; none in a table without an actions column. */
export function ActionsCell({ shown, children }: { shown: boolean; children: ReactNode }) {
  return shown ? <Table.Td>{children}</Table.Td> : null;
}

/** Why controls are missing: this member may look, but not change. */
export function ReadOnlyNote({ icon, children }: { icon?: ReactNode; children: ReactNode }) {
  return (
    <Alert variant="light" color="gray" icon={icon ?? <IconInfoCircle size={18} aria-hidden />}>
      {children}
    </Alert>
  );
}

/** A line in a row's menu saying why an action is missing or disabled. */
export function MenuNote({ children }: { children: string }) {
  return (
    <Text size="xs" c="dimmed" px="sm" py={6}>
      {children}
    </Text>
  );
}

interface RowMenuProps {
  /** The spoken name of the menu button, e.g. "Actions for Ada". */
  label: string;
  width: number;
  /** Shown on hover over the button. */
  tooltip?: string;
  /** The menu's items. */
  children: ReactNode;
}

/** The "…" menu at the end of a row, holding its actions. */
export function RowMenu({ label, width, tooltip, children }: RowMenuProps) {
  const button = (
    <ActionIcon variant="subtle" color="gray" aria-label={label}>
      <IconDots size={18} aria-hidden />
    </ActionIcon>
  );
  return (
    <Menu position="bottom-end" shadow="md" width={width} withInitialFocusPlaceholder={false}>
      <Menu.Target>
        {tooltip ? (
          <Tooltip label={tooltip} withArrow>
            {button}
          </Tooltip>
        ) : (
          button
        )}
      </Menu.Target>
      <Menu.Dropdown>{children}</Menu.Dropdown>
    </Menu>
  );
}

interface ListEmptyProps {
  icon: TablerIcon;
  title: string;
  description: string;
  /** A button leading on, e.g. "Create team". */
  action?: ReactNode;
}

/** What a list card shows when it has nothing (or nothing matching). */
export function ListEmpty({ icon: Icon, title, description, action }: ListEmptyProps) {
  return (
    <EmptyState
      py="xl"
      icon={<Icon size={26} stroke={1.6} aria-hidden />}
      title={title}
      description={description}
    >
      {action ? <EmptyState.Actions>{action}</EmptyState.Actions> : null}
    </EmptyState>
  );
}
