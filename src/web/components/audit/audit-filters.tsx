import { Button, CloseButton, Group, Select, TextInput } from "@mantine/core";
import { useDebouncedCallback } from "@mantine/hooks";
import { IconFilterOff, IconSearch, IconUser, IconX } from "@tabler/icons-react";
import { useEffect, useState } from "react";
import { t } from "#web/i18n/i18n.ts";
import { type AuditSearch, isFiltered } from "#web/lib/audit-search.ts";
import { type AuditFamily, actionChoices } from "#web/lib/audit-words.ts";

export interface AuditFiltersProps {
  search: AuditSearch;
  onChange: (next: AuditSearch) => void;
  /** The people the person filter offers (an organization's members); none: no person filter. */
  people?: { value: string; label: string }[];
  /** The families of actions offered. */
  families?: readonly AuditFamily[];
  /** A free search over names, emails and ids (admins). */
  searchable?: boolean;
}

/** Person, action (grouped by family, each with its description), a range of days, and for admins a search. */
export function AuditFilters({ search, onChange, people, families, searchable }: AuditFiltersProps) {
  const update = (next: Partial<AuditSearch>) => onChange({ ...search, ...next });
  return (
    <Group
      gap="sm"
      p="md"
      wrap="wrap"
      align="flex-end"
      style={{ borderBottom: "1px solid var(--mantine-color-default-border)" }}
    >
      {searchable ? (
        <SearchText value={search.q ?? ""} onChange={(q) => update({ q: q || undefined })} />
      ) : null}
      {people ? (
        <Select
          label={t("audit.filters.person")}
          placeholder={t("audit.filters.anyone")}
          size="sm"
          w={{ base: "100%", xs: 200 }}
          leftSection={<IconUser size={16} aria-hidden />}
          data={people}
          searchable
          clearable
          nothingFoundMessage={t("audit.filters.noPerson")}
          value={search.actor ?? null}
          onChange={(actor) => update({ actor: actor ?? undefined })}
        />
      ) : null}
      <Select
        label={t("audit.filters.action")}
        placeholder={t("audit.filters.anyAction")}
        size="sm"
        w={{ base: "100%", xs: 280 }}
        data={actionChoices(families)}
        searchable
        clearable
        maxDropdownHeight={320}
        comboboxProps={{ width: 360, position: "bottom-start" }}
        nothingFoundMessage={t("audit.filters.noAction")}
        value={search.action ?? null}
        onChange={(action) => update({ action: action ?? undefined })}
      />
      <Group gap="sm" wrap="nowrap" w={{ base: "100%", xs: "auto" }}>
        <TextInput
          type="date"
          label={t("audit.filters.from")}
          size="sm"
          style={{ flex: 1 }}
          value={search.from ?? ""}
          max={search.to}
          onChange={(event) => update({ from: event.currentTarget.value || undefined })}
        />
        <TextInput
          type="date"
          label={t("audit.filters.to")}
          size="sm"
          style={{ flex: 1 }}
          value={search.to ?? ""}
          min={search.from}
          onChange={(event) => update({ to: event.currentTarget.value || undefined })}
        />
      </Group>
      {!people && search.actor ? (
        // Without a list of people (admins), the person comes from a click on a name in the list.
        <Button
          variant="default"
          size="sm"
          leftSection={<IconX size={14} aria-hidden />}
          onClick={() => update({ actor: undefined })}
        >
          {t("audit.filters.showEveryone")}
        </Button>
      ) : null}
      {isFiltered(search) ? (
        <Button
          variant="subtle"
          color="gray"
          size="sm"
          leftSection={<IconFilterOff size={16} aria-hidden />}
          onClick={() => onChange({})}
        >
          {t("audit.filters.clear")}
        </Button>
      ) : null}
    </Group>
  );
}

/** The search as typed; it reaches the URL once typing pauses. */
function SearchText({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  const [text, setText] = useState(value);
  const commit = useDebouncedCallback(onChange, 300);
  // A change from outside (Clear filters, the back button) wins over what was typed.
  useEffect(() => setText(value), [value]);
  function type(next: string) {
    setText(next);
    commit(next.trim());
  }
  return (
    <TextInput
      label={t("audit.filters.search")}
      placeholder={t("audit.filters.searchPlaceholder")}
      size="sm"
      w={{ base: "100%", xs: 240 }}
      leftSection={<IconSearch size={16} aria-hidden />}
      rightSection={
        text ? (
          <CloseButton size="sm" aria-label={t("audit.filters.clearSearch")} onClick={() => type("")} />
        ) : null
      }
      value={text}
      onChange={(event) => type(event.currentTarget.value)}
    />
  );
}
