import { Anchor, Badge, Group, Skeleton, Stack, Table, Text, Title } from "@mantine/core";
import { IconBuilding, IconKey } from "@tabler/icons-react";
import { Link } from "@tanstack/react-router";
import { LoadError } from "#web/components/error-alert.tsx";
import { SectionCard } from "#web/components/section-card.tsx";
import { t } from "#web/i18n/i18n.ts";
import { formatDate } from "#web/lib/format.ts";
import { useUserOverview } from "../api/admin-users.ts";
import { UserTwoFactor } from "./user-two-factor.tsx";

/** A sign-in method's name: ours for the password, the provider's own (capitalised) for the rest. */
function providerName(id: string): string {
  return id === "credential" ? t("admin.overview.credential") : id.charAt(0).toUpperCase() + id.slice(1);
}

/** A user's sign-in methods and organization memberships, as an admin sees them. */
export function UserOverviewCard({ userId, userName }: { userId: string; userName: string }) {
  const overview = useUserOverview(userId);

  return (
    <SectionCard>
      <Stack gap="lg">
        {overview.isPending ? (
          <Stack gap="sm">
            <Skeleton height={20} width="40%" />
            <Skeleton height={48} />
            <Skeleton height={48} />
          </Stack>
        ) : overview.isError ? (
          <LoadError
            error={overview.error}
            onRetry={() => void overview.refetch()}
            title={t("admin.overview.loadError")}
          />
        ) : (
          <>
            <Stack gap="xs">
              <Group gap="xs">
                <IconKey size={18} aria-hidden />
                <Title order={2} size="h4">
                  {t("admin.overview.methods")}
                </Title>
              </Group>
              {overview.data.accounts.length === 0 ? (
                <Text c="dimmed" size="sm">
                  {t("admin.overview.noMethod")}
                </Text>
              ) : (
                <Group gap="xs">
                  {overview.data.accounts.map((account) => (
                    <Badge key={account.id} variant="light" size="lg" radius="sm">
                      {t("admin.overview.methodSince", {
                        method: providerName(account.providerId),
                        since: formatDate(account.createdAt),
                      })}
                    </Badge>
                  ))}
                </Group>
              )}
            </Stack>
            <UserTwoFactor userId={userId} userName={userName} twoFactor={overview.data.twoFactor} />
            <Stack gap="xs">
              <Group gap="xs">
                <IconBuilding size={18} aria-hidden />
                <Title order={2} size="h4">
                  {t("admin.overview.organizations")}
                </Title>
              </Group>
              {overview.data.organizations.length === 0 ? (
                <Text c="dimmed" size="sm">
                  {t("admin.overview.noOrganization")}
                </Text>
              ) : (
                <Table.ScrollContainer minWidth={360}>
                  <Table verticalSpacing="xs">
                    <Table.Thead>
                      <Table.Tr>
                        <Table.Th>{t("admin.overview.organization")}</Table.Th>
                        <Table.Th>{t("admin.overview.roles")}</Table.Th>
                        <Table.Th>{t("admin.overview.memberSince")}</Table.Th>
                      </Table.Tr>
                    </Table.Thead>
                    <Table.Tbody>
                      {overview.data.organizations.map((org) => (
                        <Table.Tr key={org.id}>
                          <Table.Td>
                            <Anchor component={Link} to={`/org/${org.slug}`} fw={500}>
                              {org.name}
                            </Anchor>
                          </Table.Td>
                          <Table.Td>
                            <Group gap={4}>
                              {org.roles.map((role) => (
                                <Badge key={role} variant="outline" size="sm">
                                  {role}
                                </Badge>
                              ))}
                            </Group>
                          </Table.Td>
                          <Table.Td>{formatDate(org.createdAt)}</Table.Td>
                        </Table.Tr>
                      ))}
                    </Table.Tbody>
                  </Table>
                </Table.ScrollContainer>
              )}
            </Stack>
          </>
        )}
      </Stack>
    </SectionCard>
  );
}
