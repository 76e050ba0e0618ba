import { Anchor, Badge, Group, Stack, Switch, Text } from "@mantine/core";
import { IconLock, IconShieldCheck } from "@tabler/icons-react";
import { ENROL_PATH } from "#shared/error-codes.ts";
import { ErrorAlert } from "#web/components/error-alert.tsx";
import { SectionCard } from "#web/components/section-card.tsx";
import { t } from "#web/i18n/i18n.ts";
import { authRequest } from "#web/lib/api/call.ts";
import { useApiMutation } from "#web/lib/api/use-api-mutation.ts";
import { ORG_KEY } from "../api/queries.ts";
import { ReadOnlyNote } from "./list-table.tsx";
import { useCurrentOrganization } from "./organization-context.tsx";

/** Settings: whether every member needs two-factor or a passkey. Owners switch it; others read it. */
export function TwoFactorPolicyCard() {
  const { organization, can } = useCurrentOrganization();
  const required = organization.requireTwoFactor;
  const change = useApiMutation({
    mutationFn: (next: boolean) =>
      authRequest("/organization/set-two-factor-policy", {
        method: "POST",
        body: { organizationId: organization.id, required: next },
      }),
    invalidate: [ORG_KEY],
    success: (next) => ({
      title: next ? t("integrations.twoFactor.required") : t("integrations.twoFactor.notRequired"),
      message: next
        ? t("integrations.twoFactor.requiredMessage", { organization: organization.name })
        : t("integrations.twoFactor.notRequiredMessage", { organization: organization.name }),
    }),
  });

  return (
    <SectionCard
      id="two-factor-policy"
      title={t("integrations.twoFactor.title")}
      description={t("integrations.twoFactor.description")}
      actions={
        required ? (
          <Badge color="teal" variant="light" leftSection={<IconShieldCheck size={12} aria-hidden />}>
            {t("integrations.twoFactor.badge")}
          </Badge>
        ) : null
      }
    >
      {can.isOwner ? (
        <Stack gap="sm">
          <Switch
            checked={required}
            disabled={change.isPending}
            onChange={(event) => change.mutate(event.currentTarget.checked)}
            label={t("integrations.twoFactor.switch")}
            description={t("integrations.twoFactor.switchDescription")}
          />
          <ErrorAlert error={change.error} title={t("integrations.twoFactor.notChanged")}>
            <Group gap="xs">
              <Anchor href={ENROL_PATH} size="sm" c="inherit" fw={600} underline="always">
                {t("integrations.twoFactor.setUpOwn")}
              </Anchor>
            </Group>
          </ErrorAlert>
          {required ? (
            <Text size="sm" c="dimmed">
              {t("integrations.twoFactor.membersPage")}
            </Text>
          ) : null}
        </Stack>
      ) : (
        <ReadOnlyNote icon={<IconLock size={18} aria-hidden />}>
          {required
            ? t("integrations.twoFactor.readOnlyRequired", { organization: organization.name })
            : t("integrations.twoFactor.readOnlyNotRequired", { organization: organization.name })}
        </ReadOnlyNote>
      )}
    </SectionCard>
  );
}
