import { Alert, Button, Divider, Group, Stack, Text, TextInput, Title } from "@mantine/core";
import { useForm } from "@mantine/form";
import { notifications } from "@mantine/notifications";
import { IconDoorExit, IconLock, IconTrash } from "@tabler/icons-react";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useNavigate } from "@tanstack/react-router";
import { useState } from "react";
import { LIMITS } from "#shared/limits.ts";
import { authClient } from "#web/lib/auth-client.ts";
import { usePageTitle } from "#web/lib/use-page-title.ts";
import { unwrap } from "../api/org-request.ts";
import { ORG_KEY } from "../api/queries.ts";
import { useOrgMutation } from "../api/use-org-mutation.ts";
import { useSlugAvailability } from "../api/use-slug-availability.ts";
import { validateLogoUrl } from "../lib/logo.ts";
import { isOnlyOwnerError } from "../lib/org-errors.ts";
import { validateOrganizationName, validateSlug } from "../lib/slug.ts";
import { ConfirmModal } from "./confirm-modal.tsx";
import { LogoInput } from "./logo-input.tsx";
import { MetadataEditor } from "./metadata-editor.tsx";
import { useCurrentOrganization } from "./organization-context.tsx";
import { ActionError, SectionCard, SectionHeader } from "./page-states.tsx";
import { SlugInput } from "./slug-input.tsx";

/** `/org/$slug/settings`: profile, metadata, leaving and deleting. */
export function SettingsPage() {
  const { organization, can } = useCurrentOrganization();
  usePageTitle(`Settings · ${organization.name}`);

  return (
    <Stack gap="lg">
      <SectionHeader
        title="Settings"
        description="How this organization is named and found, and what it stores."
      />
      <SectionCard>
        <Title order={3} fz="md">
          Profile
        </Title>
        <Text size="sm" c="dimmed" mb="md">
          The name and logo members see, and the slug in its address.
        </Text>
        {can.updateOrganization ? (
          <ProfileForm />
        ) : (
          <Alert variant="light" color="gray" icon={<IconLock size={18} aria-hidden />}>
            {`Only owners and admins can change the name, slug and logo of ${organization.name}.`}
          </Alert>
        )}
      </SectionCard>
      <SectionCard>
        <Title order={3} fz="md">
          Metadata
        </Title>
        <Text size="sm" c="dimmed" mb="md">
          Key/value pairs for your own integrations. They are not shown to members elsewhere.
        </Text>
        <MetadataEditor key={JSON.stringify(organization.metadata ?? {})} />
      </SectionCard>
      <DangerZone />
    </Stack>
  );
}

function ProfileForm() {
  const { organization } = useCurrentOrganization();
  const navigate = useNavigate();
  const form = useForm({
    mode: "controlled",
    initialValues: { name: organization.name, slug: organization.slug, logo: organization.logo ?? "" },
    validate: { name: validateOrganizationName, slug: validateSlug, logo: validateLogoUrl },
  });
  const slugState = useSlugAvailability(form.values.slug, organization.slug);

  const save = useOrgMutation({
    mutationFn: (values: typeof form.values) =>
      unwrap(
        authClient.organization.update({
          organizationId: organization.id,
          data: { name: values.name.trim(), slug: values.slug, logo: values.logo || null },
        }),
      ),
    invalidate: [ORG_KEY],
    success: (values) => ({ title: "Settings saved", message: `${values.name.trim()} is up to date.` }),
    onDone: async (values) => {
      form.resetDirty(values);
      if (values.slug !== organization.slug) {
        await navigate({ to: "/org/$slug/settings", params: { slug: values.slug }, replace: true });
      }
    },
  });

  return (
    <form
      noValidate
      onSubmit={form.onSubmit((values) => {
        if (slugState !== "taken") save.mutate(values);
      })}
    >
      <Stack gap="md">
        <ActionError error={save.error} />
        <TextInput label="Name" maxLength={LIMITS.organizationName} {...form.getInputProps("name")} />
        <SlugInput
          value={form.values.slug}
          state={slugState}
          error={form.errors.slug as string | undefined}
          onChange={(slug) => form.setFieldValue("slug", slug)}
          onBlur={() => form.validateField("slug")}
        />
        {form.values.slug !== organization.slug ? (
          <Text size="xs" c="dimmed">
            {`Changing the slug changes the address of every page of this organization: /org/${organization.slug} stops working.`}
          </Text>
        ) : null}
        <LogoInput
          name={form.values.name}
          value={form.values.logo}
          onChange={(logo) => form.setFieldValue("logo", logo)}
          error={form.errors.logo as string | undefined}
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={() => form.reset()} disabled={!form.isDirty()}>
            Discard
          </Button>
          <Button type="submit" loading={save.isPending} disabled={!form.isDirty() || slugState === "taken"}>
            Save changes
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function DangerZone() {
  const { organization, can } = useCurrentOrganization();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [leaving, setLeaving] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [confirmName, setConfirmName] = useState("");

  async function goAway(title: string, message: string) {
    // Nothing of this organization may linger in the cache.
    queryClient.removeQueries({ queryKey: [ORG_KEY, organization.id] });
    await queryClient.invalidateQueries({ queryKey: [ORG_KEY] });
    notifications.show({ color: "teal", title, message });
    await navigate({ to: "/organizations" });
  }

  const leave = useMutation({
    mutationFn: () => unwrap(authClient.organization.leave({ organizationId: organization.id })),
    onSuccess: () =>
      goAway("You left the organization", `You are no longer a member of ${organization.name}.`),
  });
  const remove = useMutation({
    mutationFn: () => unwrap(authClient.organization.delete({ organizationId: organization.id })),
    onSuccess: () =>
      goAway("Organization deleted", `${organization.name}, its members, teams and invitations are gone.`),
  });

  return (
    <SectionCard>
      <Title order={3} fz="md" c="var(--mantine-color-error)">
        Danger zone
      </Title>
      <Stack gap="md" mt="md">
        <Group justify="space-between" wrap="wrap" gap="sm">
          <div style={{ flex: "1 1 280px" }}>
            <Text size="sm" fw={600}>
              Leave organization
            </Text>
            <Text size="sm" c="dimmed">
              You lose access and leave its teams. The only owner cannot leave: make someone else an owner
              first.
            </Text>
          </div>
          <Button
            variant="default"
            leftSection={<IconDoorExit size={16} aria-hidden />}
            onClick={() => setLeaving(true)}
          >
            Leave organization
          </Button>
        </Group>
        {can.deleteOrganization ? (
          <>
            <Divider />
            <Group justify="space-between" wrap="wrap" gap="sm">
              <div style={{ flex: "1 1 280px" }}>
                <Text size="sm" fw={600}>
                  Delete organization
                </Text>
                <Text size="sm" c="dimmed">
                  Removes the organization with all its members, teams and invitations. This cannot be undone.
                </Text>
              </div>
              <Button
                color="red.8"
                leftSection={<IconTrash size={16} aria-hidden />}
                onClick={() => setDeleting(true)}
              >
                Delete organization
              </Button>
            </Group>
          </>
        ) : null}
      </Stack>

      <ConfirmModal
        opened={leaving}
        onClose={() => {
          leave.reset();
          setLeaving(false);
        }}
        title="Leave organization"
        confirmLabel="Leave organization"
        onConfirm={() => leave.mutate()}
        loading={leave.isPending}
        error={leave.error}
        confirmDisabled={isOnlyOwnerError(leave.error)}
      >
        {isOnlyOwnerError(leave.error)
          ? "Give the owner role to another member on the Members page, then leave. Or delete the organization if nobody needs it."
          : `You will lose access to ${organization.name}. To come back, someone has to invite you again.`}
      </ConfirmModal>

      <ConfirmModal
        opened={deleting}
        onClose={() => {
          remove.reset();
          setConfirmName("");
          setDeleting(false);
        }}
        title="Delete organization"
        confirmLabel="Delete organization"
        onConfirm={() => remove.mutate()}
        loading={remove.isPending}
        error={remove.error}
        confirmDisabled={confirmName !== organization.name}
      >
        <Stack gap="sm">
          <Text size="sm">
            {`This deletes ${organization.name} for everyone: its members lose access, and its teams and invitations are removed. This cannot be undone.`}
          </Text>
          <TextInput
            label={
              <>
                {"Type "}
                <Text span fw={700}>
                  {organization.name}
                </Text>
                {" to confirm"}
              </>
            }
            value={confirmName}
            onChange={(event) => setConfirmName(event.currentTarget.value)}
            autoComplete="off"
            data-autofocus
          />
        </Stack>
      </ConfirmModal>
    </SectionCard>
  );
}
