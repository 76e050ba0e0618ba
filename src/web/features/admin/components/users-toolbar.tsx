import { CloseButton, Group, Select, TextInput } from "@mantine/core";
import { IconArrowsSort, IconFilter, IconSearch } from "@tabler/icons-react";
import type { ReactNode } from "react";
import { t } from "#web/i18n/i18n.ts";
import type { MessageId } from "#web/i18n/message-id.ts";
import {
  FILTER_LABELS,
  SORT_LABELS,
  USER_FILTERS,
  USER_SORTS,
  type UsersSearch,
} from "../lib/users-search.ts";

interface ChoiceProps<T extends string> {
  label: string;
  icon: ReactNode;
  width: number;
  choices: readonly T[];
  labels: Record<T, MessageId>;
  value: T;
  onChange: (value: T) => void;
}

/** One of a fixed list of choices, e.g. the filter or the sort order. */
function Choice<T extends string>({ label, icon, width, choices, labels, value, onChange }: ChoiceProps<T>) {
  return (
    <Select
      aria-label={label}
      size="sm"
      w={{ base: "calc(50% - 6px)", sm: width }}
      leftSection={icon}
      allowDeselect={false}
      data={choices.map((choice) => ({ value: choice, label: t(labels[choice]) }))}
      value={value}
      onChange={(next) => onChange((next ?? value) as T)}
    />
  );
}

interface UsersToolbarProps {
  search: UsersSearch;
  /** The search text as typed; it reaches the URL once typing pauses. */
  text: string;
  onTextChange: (text: string) => void;
  update: (next: Partial<UsersSearch>) => void;
}

/** One search over name and email, one filter and the sort order, above the users table. */
export function UsersToolbar({ search, text, onTextChange, update }: UsersToolbarProps) {
  return (
    <Group
      gap="sm"
      p="md"
      wrap="wrap"
      style={{ borderBottom: "1px solid var(--mantine-color-default-border)" }}
    >
      <TextInput
        aria-label={t("admin.users.searchLabel")}
        placeholder={t("admin.users.searchPlaceholder")}
        size="sm"
        leftSection={<IconSearch size={16} aria-hidden />}
        rightSection={
          text ? (
            <CloseButton
              size="sm"
              aria-label={t("admin.users.clearSearch")}
              onClick={() => onTextChange("")}
            />
          ) : null
        }
        value={text}
        onChange={(event) => onTextChange(event.currentTarget.value)}
        style={{ flex: "1 1 300px" }}
      />
      <Choice
        label={t("admin.users.filterLabel")}
        icon={<IconFilter size={16} aria-hidden />}
        width={190}
        choices={USER_FILTERS}
        labels={FILTER_LABELS}
        value={search.filter ?? "all"}
        onChange={(filter) => update({ filter })}
      />
      <Choice
        label={t("admin.users.sortLabel")}
        icon={<IconArrowsSort size={16} aria-hidden />}
        width={180}
        choices={USER_SORTS}
        labels={SORT_LABELS}
        value={search.sort ?? "newest"}
        onChange={(sort) => update({ sort })}
      />
    </Group>
  );
}
