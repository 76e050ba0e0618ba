import { Group, Pagination } from "@mantine/core";
import { t } from "#web/i18n/i18n.ts";
import type { MessageId } from "#web/i18n/message-id.ts";

/** The spoken name of each arrow button. */
const CONTROL_NAMES: Record<"first" | "previous" | "next" | "last", MessageId> = {
  first: "common.pagination.first",
  previous: "common.pagination.previous",
  next: "common.pagination.next",
  last: "common.pagination.last",
};

interface PageNumbersProps {
  /** How many pages there are; with one or none, nothing is drawn. */
  pages: number;
  /** The page shown, from 1. */
  page: number;
  onChange: (page: number) => void;
}

/** Page buttons with spoken names ("Previous page", "Page 2"); nothing when everything fits on one page. */
export function PageNumbers({ pages, page, onChange }: PageNumbersProps) {
  if (pages <= 1) return null;
  return (
    <Pagination
      total={pages}
      value={page}
      onChange={onChange}
      size="sm"
      getControlProps={(control) => ({
        "aria-label": t(CONTROL_NAMES[control]),
      })}
      getItemProps={(item) => ({ "aria-label": t("common.pagination.page", { page: item }) })}
    />
  );
}

/** The page buttons centered under a list, inside its card's padding. */
export function PagePagination(props: PageNumbersProps) {
  if (props.pages <= 1) return null;
  return (
    <Group justify="center" p="md">
      <PageNumbers {...props} />
    </Group>
  );
}
