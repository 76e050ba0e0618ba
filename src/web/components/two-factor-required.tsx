import { Button, Card, EmptyState, Title } from "@mantine/core";
import { IconShieldLock } from "@tabler/icons-react";
import { ENROL_PATH } from "#shared/error-codes.ts";
import { t } from "#web/i18n/i18n.ts";

/**
 * Where a policy stops someone without two-factor (an organization that requires it, or the admin area with
 * REQUIRE_2FA_FOR_ADMINS): why, and the way to the account's Security section to turn it on.
 */
export function TwoFactorRequired({ title, description }: { title: string; description: string }) {
  return (
    <Card withBorder padding="xl" radius="lg" data-testid="two-factor-required">
      <EmptyState
        variant="light"
        color="indigo"
        icon={<IconShieldLock size={26} stroke={1.6} aria-hidden />}
        title={
          <Title order={1} fz={22}>
            {title}
          </Title>
        }
        description={description}
      >
        <EmptyState.Actions>
          <Button component="a" href={ENROL_PATH} leftSection={<IconShieldLock size={16} aria-hidden />}>
            {t("common.twoFactorRequired.setUp")}
          </Button>
        </EmptyState.Actions>
      </EmptyState>
    </Card>
  );
}
