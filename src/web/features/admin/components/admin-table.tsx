import { Table, type TableProps, VisuallyHidden } from "@mantine/core";
import type { ReactNode } from "react";
import { TableRegion } from "#web/components/table-region.tsx";
import { t } from "#web/i18n/i18n.ts";
import type { MessageId } from "#web/i18n/message-id.ts";

/** A column heading; phones hide the columns that have `visibleFrom`. */
export interface Column {
  label: MessageId;
  visibleFrom?: "sm" | "md";
}

interface AdminTableProps extends Omit<TableProps, "children"> {
  /** Names the table and its scroller for screen readers. */
  label: string;
  columns: Column[];
  /** A last column of row buttons, this wide. */
  actionsWidth?: number;
  children: ReactNode;
}

/** The admin screens' tables (users, a user's sessions): a named scroller, the headings, the rows. */
export function AdminTable({ label, columns, actionsWidth, children, ...table }: AdminTableProps) {
  return (
    <TableRegion label={label}>
      <Table verticalSpacing="sm" highlightOnHover aria-label={label} {...table}>
        <Table.Thead>
          <Table.Tr>
            {columns.map((column) => (
              <Table.Th key={column.label} visibleFrom={column.visibleFrom}>
                {t(column.label)}
              </Table.Th>
            ))}
            {/* Not the shared ActionsColumnHeader: its hiding class lives in the organizations stylesheet, absent here. */}
            {actionsWidth ? (
              <Table.Th w={actionsWidth}>
                <VisuallyHidden>{t("admin.table.actions")}</VisuallyHidden>
              </Table.Th>
            ) : null}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>{children}</Table.Tbody>
      </Table>
    </TableRegion>
  );
}
