import { Button, Card, Grid, Group, Select, Stack, TextInput, Title } from "@mantine/core";
import { useForm } from "@mantine/form";
import { IconSend } from "@tabler/icons-react";
import { emailSchema } from "#shared/fields.ts";
import { LIMITS } from "#shared/limits.ts";
import { ErrorAlert } from "#web/components/error-alert.tsx";
import { t } from "#web/i18n/i18n.ts";
import { useUnreachableNotice } from "#web/lib/api/unreachable-notice.tsx";
import { fieldProblem } from "#web/lib/field-problem.ts";
import { useAllTeams } from "../api/queries.ts";
import { type InviteFields, useInviteMember } from "../api/use-invitation-mutations.ts";
import { useCurrentOrganization } from "./organization-context.tsx";
import { RoleSelect } from "./role-select.tsx";

const inviteEmail = emailSchema();

/** The invite form's checks: the shared email rules, and at least one role, in the current language. */
const validate = {
  email: (email: string) => fieldProblem(inviteEmail, email),
  // Built-in and custom roles (decision 35); the server refuses an unknown one or one above your own.
  roles: (roles: string[]) => (roles.length > 0 ? null : t("organizations.roles.chooseOne")),
};

/** Invite someone by email, with their roles and, optionally, a team they join on accepting. */
export function InviteForm() {
  const { organization, can } = useCurrentOrganization();
  const teams = useAllTeams(organization.id);
  useUnreachableNotice(teams.error);
  const form = useForm<InviteFields>({
    mode: "controlled",
    initialValues: { email: "", roles: ["member"], teamId: null },
    validate,
    validateInputOnBlur: true,
  });
  // Back to the defaults after each invitation, so the next one never inherits a role or team by accident.
  const invite = useInviteMember(organization, () => form.reset());

  return (
    <Card withBorder padding="lg" radius="lg" shadow="xs">
      <Title order={3} fz="md" mb="md">
        {t("organizations.invite.title")}
      </Title>
      <form noValidate onSubmit={form.onSubmit((values) => invite.mutate(values))}>
        <Stack gap="md">
          <ErrorAlert error={invite.error} />
          <Grid gap="md">
            <Grid.Col span={{ base: 12, md: 5 }}>
              <TextInput
                label={t("organizations.invite.email")}
                type="email"
                inputMode="email"
                autoComplete="off"
                placeholder="name@example.com"
                maxLength={LIMITS.email}
                {...form.getInputProps("email")}
              />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 6, md: 4 }}>
              <RoleSelect
                value={form.values.roles}
                onChange={(roles) => form.setFieldValue("roles", roles as InviteFields["roles"])}
                canGrantOwner={can.isOwner}
                error={form.errors.roles as string | undefined}
              />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 6, md: 3 }}>
              <Select
                label={t("organizations.invite.team")}
                placeholder={
                  teams.isPending ? t("organizations.invite.loadingTeams") : t("organizations.invite.noTeam")
                }
                data={(teams.data?.items ?? []).map((team) => ({ value: team.id, label: team.name }))}
                value={form.values.teamId}
                onChange={(value) => form.setFieldValue("teamId", value)}
                clearable
                searchable
                size="md"
                nothingFoundMessage={t("organizations.invite.noTeamFound")}
                description={t("organizations.invite.teamHint")}
              />
            </Grid.Col>
          </Grid>
          <Group justify="flex-end">
            <Button type="submit" loading={invite.isPending} leftSection={<IconSend size={16} aria-hidden />}>
              {t("organizations.invite.send")}
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
