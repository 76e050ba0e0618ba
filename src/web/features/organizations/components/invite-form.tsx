import { Button, Card, Grid, Group, Select, Stack, TextInput, Title } from "@mantine/core";
import { schemaResolver, useForm } from "@mantine/form";
import { IconSend } from "@tabler/icons-react";
import { z } from "zod";
import { emailSchema } from "#shared/fields.ts";
import { LIMITS } from "#shared/limits.ts";
import { ErrorAlert } from "#web/components/error-alert.tsx";
import { useUnreachableNotice } from "#web/lib/api/unreachable-notice.tsx";
import { useAllTeams } from "../api/queries.ts";
import { type InviteFields, useInviteMember } from "../api/use-invitation-mutations.ts";
import { useCurrentOrganization } from "./organization-context.tsx";
import { RoleSelect } from "./role-select.tsx";

const inviteForm = z.object({
  email: emailSchema(),
  // Built-in and custom roles (decision 35); the server refuses an unknown one or one above your own.
  roles: z.array(z.string().min(1)).min(1, "Choose at least one role"),
  teamId: z.string().nullable(),
});

/** Invite someone by email, with their roles and, optionally, a team they join on accepting. */
export function InviteForm() {
  const { organization, can } = useCurrentOrganization();
  const teams = useAllTeams(organization.id);
  useUnreachableNotice(teams.error);
  const form = useForm<InviteFields>({
    mode: "controlled",
    initialValues: { email: "", roles: ["member"], teamId: null },
    validate: schemaResolver(inviteForm, { sync: true }),
    validateInputOnBlur: true,
  });
  // Back to the defaults after each invitation, so the next one never inherits a role or team by accident.
  const invite = useInviteMember(organization, () => form.reset());

  return (
    <Card withBorder padding="lg" radius="lg" shadow="xs">
      <Title order={3} fz="md" mb="md">
        Invite someone
      </Title>
      <form noValidate onSubmit={form.onSubmit((values) => invite.mutate(values))}>
        <Stack gap="md">
          <ErrorAlert error={invite.error} />
          <Grid gap="md">
            <Grid.Col span={{ base: 12, md: 5 }}>
              <TextInput
                label="Email"
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
                label="Team (optional)"
                placeholder={teams.isPending ? "Loading teams…" : "No team"}
                data={(teams.data?.items ?? []).map((team) => ({ value: team.id, label: team.name }))}
                value={form.values.teamId}
                onChange={(value) => form.setFieldValue("teamId", value)}
                clearable
                searchable
                size="md"
                nothingFoundMessage="No team by that name"
                description="They join it on accepting."
              />
            </Grid.Col>
          </Grid>
          <Group justify="flex-end">
            <Button type="submit" loading={invite.isPending} leftSection={<IconSend size={16} aria-hidden />}>
              Send invitation
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
