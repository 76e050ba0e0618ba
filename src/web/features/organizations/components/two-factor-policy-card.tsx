import { Anchor, Badge, Group, Stack, Switch, Text } from "@mantine/core";
import { IconLock, IconShieldCheck } from "@tabler/icons-react";
import { ENROL_PATH } from "#shared/error-codes.ts";
import { ErrorAlert } from "#web/components/error-alert.tsx";
import { SectionCard } from "#web/components/section-card.tsx";
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
      title: next ? "Two-factor required" : "Two-factor no longer required",
      message: next
        ? `Members of ${organization.name} without two-factor or a passkey are asked to set it up before they can continue.`
        : `Members of ${organization.name} can continue without two-factor.`,
    }),
  });

  return (
    <SectionCard
      id="two-factor-policy"
      title="Two-factor authentication"
      description="Require every member to sign in with an authenticator app or a passkey."
      actions={
        required ? (
          <Badge color="teal" variant="light" leftSection={<IconShieldCheck size={12} aria-hidden />}>
            Required
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
            label="Require two-factor for all members"
            description="Members without it keep their membership but see a page asking them to set it up; the API refuses their calls (and their API keys') until they do. You need it yourself first."
          />
          <ErrorAlert error={change.error} title="The setting was not changed">
            <Group gap="xs">
              <Anchor href={ENROL_PATH} size="sm" c="inherit" fw={600} underline="always">
                Set up two-factor for your account
              </Anchor>
            </Group>
          </ErrorAlert>
          {required ? (
            <Text size="sm" c="dimmed">
              The Members page shows who has not set it up yet.
            </Text>
          ) : null}
        </Stack>
      ) : (
        <ReadOnlyNote icon={<IconLock size={18} aria-hidden />}>
          {required
            ? `${organization.name} requires two-factor authentication of every member. Only owners can change this.`
            : `${organization.name} does not require two-factor authentication. Only owners can change this.`}
        </ReadOnlyNote>
      )}
    </SectionCard>
  );
}
