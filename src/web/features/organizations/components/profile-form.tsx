import { Button, Group, Text } from "@mantine/core";
import { useNavigate } from "@tanstack/react-router";
import { t } from "#web/i18n/i18n.ts";
import { useUpdateProfile } from "../api/use-organization-mutations.ts";
import { useSlugAvailability } from "../api/use-slug-availability.ts";
import { useCurrentOrganization } from "./organization-context.tsx";
import { ProfileFields, ProfileFormFrame, useProfileForm } from "./profile-fields.tsx";

/** The settings' name, slug and logo; a new slug moves the page to its new address. */
export function ProfileForm() {
  const { organization } = useCurrentOrganization();
  const navigate = useNavigate();
  const form = useProfileForm({
    name: organization.name,
    slug: organization.slug,
    logo: organization.logo ?? "",
  });
  const slugCheck = useSlugAvailability(form.values.slug, organization.slug);
  const save = useUpdateProfile(organization.id, async (values) => {
    form.resetDirty(values);
    if (values.slug !== organization.slug) {
      await navigate({ to: "/org/$slug/settings", params: { slug: values.slug }, replace: true });
    }
  });

  return (
    <ProfileFormFrame form={form} slugCheck={slugCheck} onSave={save.mutate} error={save.error}>
      <ProfileFields
        form={form}
        slugCheck={slugCheck}
        slugNote={
          form.values.slug !== organization.slug ? (
            <Text size="xs" c="dimmed">
              {t("organizations.settings.slugChangeNote", { slug: organization.slug })}
            </Text>
          ) : null
        }
      />
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={() => form.reset()} disabled={!form.isDirty()}>
          {t("organizations.settings.discard")}
        </Button>
        <Button
          type="submit"
          loading={save.isPending}
          disabled={!form.isDirty() || slugCheck.state === "taken"}
        >
          {t("organizations.settings.save")}
        </Button>
      </Group>
    </ProfileFormFrame>
  );
}
