import { Table, VisuallyHidden } from "@mantine/core";
import type { ReactNode } from "react";
import { t } from "#web/i18n/i18n.ts";

/** A table's scroller, named and focusable so a keyboard can scroll it when it overflows on a narrow screen. */
export function TableRegion({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Table.ScrollContainer minWidth={320} type="native" tabIndex={0} role="region" aria-label={label}>
      {children}
    </Table.ScrollContainer>
  );
}

/** The header of a table's last column, holding each row's action buttons: named for screen readers only. */
export function ActionsColumnHeader({ width }: { width: number }) {
  return (
    <Table.Th w={width}>
      <VisuallyHidden>{t("common.table.actions")}</VisuallyHidden>
    </Table.Th>
  );
}
