import { type MantineSize, Select } from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import { type CSSProperties, useState } from "react";
import { t } from "#web/i18n/i18n.ts";
import { useUnreachableNotice } from "#web/lib/api/unreachable-notice.tsx";
import { useMembers } from "../api/queries.ts";
import type { MemberRow } from "../api/types.ts";
import { memberName } from "../api/use-member-mutations.ts";
import { useCurrentOrganization } from "./organization-context.tsx";

/** How many members one search shows. */
const SHOWN = 20;

/** A member picked to act on: kept as picked, whatever the search shows next. */
export interface PickedMember {
  memberId: string;
  userId: string;
  name: string;
  label: string;
}

interface MemberPickerProps {
  label: string;
  placeholder: string;
  /** Offers only the members who are not in this team (filtered on the server, so page after page). */
  notInTeam?: string;
  /** Members of a search's answer this picker does not offer (the person picking, owners…). */
  exclude?: (member: MemberRow) => boolean;
  /** The words when the search finds nobody to offer. */
  nothingFound: string;
  value: PickedMember | null;
  onChange: (pick: PickedMember | null) => void;
  style?: CSSProperties;
  size?: MantineSize;
}

/**
 * Picks a member of the current organization, found by name or email on the server, so every member can be
 * picked whatever the organization's size (a list loaded once holds its first page only). The pick is kept as
 * it was made: picking fills the box with the person's label, which is not sent as a search (it would find
 * nobody, and the pick would drop out of the list a form reads). To clear the box after a pick was used, the
 * form gives the picker a new `key`.
 */
export function MemberPicker({
  label,
  placeholder,
  notInTeam,
  exclude = () => false,
  nothingFound,
  value,
  onChange,
  style,
  size,
}: MemberPickerProps) {
  const { organization } = useCurrentOrganization();
  const [search, setSearch] = useState("");
  const [debouncedSearch] = useDebouncedValue(search.trim(), 300);
  const searching = debouncedSearch && debouncedSearch !== value?.label ? debouncedSearch : undefined;
  const candidates = useMembers(organization.id, { search: searching, notInTeam, limit: SHOWN, offset: 0 });
  useUnreachableNotice(candidates.error);
  const picks: PickedMember[] = (candidates.data?.members ?? [])
    .filter((member) => !exclude(member))
    .map((member) => ({
      memberId: member.id,
      userId: member.userId,
      name: memberName(member),
      label: member.user.name ? `${member.user.name} (${member.user.email})` : member.user.email,
    }));
  if (value && !picks.some((pick) => pick.memberId === value.memberId)) picks.unshift(value);
  return (
    <Select
      label={label}
      placeholder={placeholder}
      data={picks.map((pick) => ({ value: pick.memberId, label: pick.label }))}
      value={value?.memberId ?? null}
      onChange={(id) => onChange(picks.find((pick) => pick.memberId === id) ?? null)}
      searchable
      searchValue={search}
      onSearchChange={setSearch}
      // The server searched already: every option it answered is shown.
      filter={({ options }) => options}
      nothingFoundMessage={candidates.isFetching ? t("organizations.teamMembers.searching") : nothingFound}
      style={style}
      size={size}
      comboboxProps={{ withinPortal: true }}
    />
  );
}
