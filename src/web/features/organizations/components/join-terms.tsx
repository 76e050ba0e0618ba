import { Alert, Anchor, Group, Stack, Text } from "@mantine/core";
import { IconShieldLock } from "@tabler/icons-react";
import { ENROL_PATH } from "#shared/error-codes.ts";
import { t } from "#web/i18n/i18n.ts";
import { T } from "#web/i18n/locale-root.tsx";
import { RoleBadges } from "./role-badges.tsx";

/** What joining gives (an invitation's or an invite link's): the role, and the teams when there are any. */
export function JoinTerms({ role, teams }: { role: string; teams: string[] }) {
  return (
    <Stack
      gap="xs"
      p="md"
      style={{ borderRadius: "var(--mantine-radius-md)", background: "var(--mantine-color-default-hover)" }}
    >
      <Group justify="space-between" gap="xs">
        <Text size="sm" c="dimmed">
          {t("integrations.terms.role")}
        </Text>
        <RoleBadges role={role} />
      </Group>
      {teams.length > 0 ? (
        <Group justify="space-between" gap="xs" wrap="nowrap">
          <Text size="sm" c="dimmed">
            {t("integrations.terms.teams", { count: teams.length })}
          </Text>
          <Text size="sm" fw={500} ta="right">
            {teams.join(", ")}
          </Text>
        </Group>
      ) : null}
    </Stack>
  );
}

/** Before joining an organization that requires two-factor: what to turn on first, and where. */
export function JoinTwoFactorNotice({ organizationName }: { organizationName: string }) {
  return (
    <Alert
      color="indigo"
      variant="light"
      title={t("integrations.terms.twoFactorTitle")}
      icon={<IconShieldLock size={18} aria-hidden />}
      data-testid="invitation-two-factor"
    >
      <Text size="sm">
        <T
          id="integrations.terms.twoFactorBody"
          values={{ organization: organizationName }}
          components={{ link: <Anchor href={ENROL_PATH} inherit c="inherit" fw={600} underline="always" /> }}
        />
      </Text>
    </Alert>
  );
}
