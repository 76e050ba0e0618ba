import {
  Badge,
  Box,
  Button,
  CloseButton,
  Group,
  Select,
  Stack,
  Switch,
  Table,
  Text,
  TextInput,
} from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import { IconAlertCircle, IconSearch, IconUserPlus, IconUsers } from "@tabler/icons-react";
import { getRouteApi } from "@tanstack/react-router";
import { useEffect, useState } from "react";
import {
  DEFAULT_MEMBER_PAGE_ORDER,
  type MemberPageOrder,
  membersPageParams,
  MEMBERS_PAGE_SIZE as PAGE_SIZE,
} from "#shared/contracts/organizations.ts";
import { hasRole } from "#shared/roles.ts";
import { ButtonLink } from "#web/components/button-link.tsx";
import { ListCard } from "#web/components/list-card.tsx";
import { SectionHeader } from "#web/components/page-states.tsx";
import { t } from "#web/i18n/i18n.ts";
import { authClient } from "#web/lib/auth-client.ts";
import { usePageTitle } from "#web/lib/use-page-title.ts";
import { useMembers } from "../api/queries.ts";
import type { MemberRow } from "../api/types.ts";
import { MEMBER_SORT_LABELS, type MembersSearch, pageParam, SEARCH_MAX } from "../lib/list-search.ts";
import { ExportButton } from "./export-button.tsx";
import { ActionsCell, DateCell, ListEmpty, ListTable, ReadOnlyNote } from "./list-table.tsx";
import { ChangeRolesDialog, MemberActions, RemoveMemberDialog } from "./member-dialogs.tsx";
import { MemberIdentity } from "./member-identity.tsx";
import { useCurrentOrganization } from "./organization-context.tsx";
import { RoleBadges } from "./role-badges.tsx";

const route = getRouteApi("/_signed-in/org/$slug/members");

/** `/org/$slug/members`: searchable, paged member table with role changes and removal. */
export function MembersPage() {
  const { organization, can } = useCurrentOrganization();
  usePageTitle(t("organizations.members.pageTitle", { organization: organization.name }));
  const { data: session } = authClient.useSession();
  const search = route.useSearch();
  const navigate = route.useNavigate();
  const page = search.page ?? 1;
  const sort = search.sort ?? DEFAULT_MEMBER_PAGE_ORDER;
  const [text, setText] = useState(search.q ?? "");
  const [debounced] = useDebouncedValue(text.trim(), 300);
  const [editing, setEditing] = useState<MemberRow | null>(null);
  const [removing, setRemoving] = useState<MemberRow | null>(null);

  /** A new search or sort starts again from page 1; defaults stay out of the URL. */
  function update(next: MembersSearch) {
    void navigate({
      search: (previous) => ({ ...previous, page: undefined, ...next }),
      replace: true,
    });
  }

  // The typed search reaches the URL (and the server) once typing pauses.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a new debounced value should navigate
  useEffect(() => {
    if (debounced !== (search.q ?? "")) update({ q: debounced || undefined });
  }, [debounced]);

  function clearSearch() {
    setText("");
    update({ q: undefined });
  }

  const query = useMembers(
    organization.id,
    membersPageParams({
      q: search.q,
      order: sort,
      page,
      // Only owners may ask (the server refuses the filter to anyone else).
      twoFactor: can.isOwner ? search.twoFactor : undefined,
    }),
  );
  const total = query.data?.total ?? 0;
  const manages = can.updateMembers || can.removeMembers;
  const first = total === 0 ? 0 : (page - 1) * PAGE_SIZE + 1;
  const last = Math.min(total, page * PAGE_SIZE);
  const sortOptions = Object.entries(MEMBER_SORT_LABELS).map(([value, label]) => ({
    value,
    label: t(label),
  }));

  return (
    <Stack gap="md">
      <SectionHeader
        title={t("organizations.nav.members")}
        description={
          query.data && !search.q
            ? t("organizations.members.countIn", { count: total, organization: organization.name })
            : t("organizations.members.description")
        }
        actions={
          <Group gap="sm">
            <ExportButton what="members" />
            {can.inviteMembers ? (
              <ButtonLink
                to="/org/$slug/invitations"
                params={{ slug: organization.slug }}
                leftSection={<IconUserPlus size={16} aria-hidden />}
              >
                {t("organizations.members.invite")}
              </ButtonLink>
            ) : null}
          </Group>
        }
      />
      {!manages ? (
        <ReadOnlyNote icon={<IconAlertCircle size={18} aria-hidden />}>
          {t("organizations.members.readOnly")}
        </ReadOnlyNote>
      ) : null}
      <ListCard
        header={
          <Group p="md" gap="sm" justify="space-between" wrap="wrap">
            <Group gap="sm" wrap="wrap" style={{ flex: "1 1 auto" }}>
              <TextInput
                aria-label={t("organizations.members.searchLabel")}
                placeholder={t("organizations.members.searchPlaceholder")}
                leftSection={<IconSearch size={16} aria-hidden />}
                rightSection={
                  text ? (
                    <CloseButton
                      size="sm"
                      aria-label={t("organizations.members.clearSearch")}
                      onClick={clearSearch}
                    />
                  ) : null
                }
                value={text}
                onChange={(event) => setText(event.currentTarget.value)}
                maxLength={SEARCH_MAX}
                style={{ flex: "1 1 240px", maxWidth: 360 }}
                size="sm"
              />
              <Select
                aria-label={t("organizations.members.sortLabel")}
                data={sortOptions}
                value={sort}
                onChange={(value) => {
                  const next = (value ?? DEFAULT_MEMBER_PAGE_ORDER) as MemberPageOrder;
                  update({ sort: next === DEFAULT_MEMBER_PAGE_ORDER ? undefined : next });
                }}
                allowDeselect={false}
                size="sm"
                w={150}
              />
              {can.isOwner ? (
                <Switch
                  label={t("organizations.members.withoutTwoFactor")}
                  checked={search.twoFactor === "missing"}
                  onChange={(event) =>
                    update({ twoFactor: event.currentTarget.checked ? "missing" : undefined })
                  }
                  size="sm"
                />
              ) : null}
            </Group>
            {query.data && total > 0 ? (
              <Text size="sm" c="dimmed" aria-live="polite">
                {t("organizations.members.range", { first, last, total })}
              </Text>
            ) : null}
          </Group>
        }
        query={query}
        noun={t("organizations.members.noun")}
        skeletonRows={5}
        total={total}
        empty={
          <ListEmpty
            icon={IconUsers}
            title={
              search.q
                ? t("organizations.members.noMatchTitle")
                : search.twoFactor
                  ? t("organizations.members.allTwoFactorTitle")
                  : t("organizations.members.emptyTitle")
            }
            description={
              search.q
                ? t("organizations.members.noMatchDescription", { search: search.q })
                : search.twoFactor
                  ? t("organizations.members.allTwoFactorDescription")
                  : t("organizations.members.emptyDescription")
            }
            action={
              search.q ? (
                <Button variant="default" onClick={clearSearch}>
                  {t("organizations.members.clearSearch")}
                </Button>
              ) : null
            }
          />
        }
        pageSize={PAGE_SIZE}
        page={page}
        onPageChange={(next) =>
          void navigate({ search: (previous) => ({ ...previous, page: pageParam(next) }) })
        }
      >
        <ListTable
          label={t("organizations.members.tableLabel")}
          columns={[
            { label: t("organizations.members.columnMember") },
            { label: t("organizations.members.columnRoles"), visibleFrom: "sm" },
            { label: t("organizations.members.columnJoined"), visibleFrom: "sm" },
          ]}
          actionsWidth={manages ? 56 : undefined}
          stale={query.isPlaceholderData}
        >
          {query.data?.members.map((member) => {
            const isSelf = member.userId === session?.user.id;
            return (
              <Table.Tr key={member.id} data-testid={`member-row-${member.user.email}`}>
                <Table.Td>
                  <MemberIdentity
                    user={member.user}
                    avatarSize={36}
                    nameBadge={
                      <>
                        {isSelf ? (
                          <Badge size="xs" variant="outline" color="gray">
                            {t("organizations.members.you")}
                          </Badge>
                        ) : null}
                        {member.twoFactor === false ? (
                          <Badge
                            size="xs"
                            variant="light"
                            color={organization.requireTwoFactor ? "red" : "yellow"}
                            title={t("organizations.members.noTwoFactorHint")}
                          >
                            {t("organizations.members.noTwoFactor")}
                          </Badge>
                        ) : null}
                      </>
                    }
                  >
                    <Box hiddenFrom="sm" mt={4}>
                      <RoleBadges role={member.role} size="xs" />
                    </Box>
                  </MemberIdentity>
                </Table.Td>
                <Table.Td visibleFrom="sm">
                  <RoleBadges role={member.role} size="sm" />
                </Table.Td>
                <DateCell value={member.createdAt} />
                <ActionsCell shown={manages}>
                  <MemberActions
                    member={member}
                    isSelf={isSelf}
                    ownerLocked={hasRole(member.role, "owner") && !can.isOwner}
                    canUpdate={can.updateMembers}
                    canRemove={can.removeMembers}
                    onEdit={() => setEditing(member)}
                    onRemove={() => setRemoving(member)}
                  />
                </ActionsCell>
              </Table.Tr>
            );
          })}
        </ListTable>
      </ListCard>
      <ChangeRolesDialog member={editing} onClose={() => setEditing(null)} />
      <RemoveMemberDialog member={removing} onClose={() => setRemoving(null)} />
    </Stack>
  );
}
