import { Alert, Card, Group, SimpleGrid, Skeleton, Stack, Text } from "@mantine/core";
import { IconUserSearch } from "@tabler/icons-react";
import { ButtonLink } from "#web/components/button-link.tsx";
import { LoadError } from "#web/components/error-alert.tsx";
import { t } from "#web/i18n/i18n.ts";
import { isNotFound } from "#web/lib/api/api-error.ts";
import { AdminPageHeader } from "./admin-page-header.tsx";

export function UserPageSkeleton() {
  return (
    <Stack gap="lg" role="status" aria-label={t("admin.user.loading")}>
      <Skeleton height={12} width={160} radius="xl" />
      <Group gap="md" wrap="nowrap">
        <Skeleton height={64} circle />
        <Stack gap={8} style={{ flex: 1 }}>
          <Skeleton height={20} width="40%" radius="xl" />
          <Skeleton height={12} width="30%" radius="xl" />
        </Stack>
      </Group>
      <Card withBorder radius="lg" padding="lg">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
          {[0, 1, 2, 3].map((key) => (
            <Stack key={key} gap={6}>
              <Skeleton height={8} width="30%" radius="xl" />
              <Skeleton height={12} width="60%" radius="xl" />
            </Stack>
          ))}
        </SimpleGrid>
      </Card>
      <Card withBorder radius="lg" padding="lg">
        <Skeleton height={14} width="20%" radius="xl" mb="md" />
        <Skeleton height={10} width="70%" radius="xl" />
      </Card>
    </Stack>
  );
}

function BackToUsers() {
  return (
    <ButtonLink to="/admin/users" size="xs" variant="default">
      {t("admin.user.back")}
    </ButtonLink>
  );
}

/**
 * The user could not be shown: a missing user (404, shown at once since a refusal is never
 * asked again) is not an error of the app; anything else can be tried again.
 */
export function UserLoadFailed({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const missing = isNotFound(error);
  return (
    <Stack gap="lg">
      <AdminPageHeader
        title={missing ? t("admin.user.notFound") : t("admin.user.loadError")}
        current={t("admin.role.user")}
      />
      {missing ? (
        <Alert color="gray" variant="light" icon={<IconUserSearch size={18} aria-hidden />}>
          <Stack gap="sm" align="flex-start">
            <Text size="sm">{t("admin.user.notFoundBody")}</Text>
            <BackToUsers />
          </Stack>
        </Alert>
      ) : (
        <>
          <LoadError error={error} onRetry={onRetry} />
          <Group>
            <BackToUsers />
          </Group>
        </>
      )}
    </Stack>
  );
}
