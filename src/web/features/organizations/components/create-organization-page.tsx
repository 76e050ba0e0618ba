import { Button, Group, Paper, Stack } from "@mantine/core";
import { useState } from "react";
import { ButtonLink } from "#web/components/button-link.tsx";
import { PageHeading } from "#web/components/page-states.tsx";
import { t } from "#web/i18n/i18n.ts";
import { usePageTitle } from "#web/lib/use-page-title.ts";
import { useCreateOrganization } from "../api/use-organization-mutations.ts";
import { useSlugAvailability } from "../api/use-slug-availability.ts";
import { slugify } from "../lib/slug.ts";
import { ProfileFields, ProfileFormFrame, useProfileForm } from "./profile-fields.tsx";

/** `/organizations/new`: name, slug derived from it and checked live, optional logo. */
export function CreateOrganizationPage() {
  usePageTitle(t("organizations.create.title"));
  // The slug follows the name until the person edits the slug themselves.
  const [slugEdited, setSlugEdited] = useState(false);
  const form = useProfileForm({ name: "", slug: "", logo: "" });
  const slugCheck = useSlugAvailability(form.values.slug);
  const create = useCreateOrganization();

  return (
    <Stack gap="lg" maw={580} mx="auto" py={{ base: "md", sm: 40 }}>
      <PageHeading
        title={t("organizations.create.title")}
        description={t("organizations.create.description")}
      />
      <Paper withBorder shadow="sm" p={{ base: "lg", sm: "xl" }}>
        <ProfileFormFrame form={form} slugCheck={slugCheck} onSave={create.mutate} error={create.error}>
          <ProfileFields
            form={form}
            slugCheck={slugCheck}
            nameProps={{
              placeholder: t("organizations.create.namePlaceholder"),
              required: true,
              autoComplete: "organization",
              onChange: (name) => {
                if (!slugEdited) form.setFieldValue("slug", slugify(name));
              },
            }}
            onSlugChange={() => setSlugEdited(true)}
          />
          <Group justify="flex-end" gap="sm" mt="xs">
            <ButtonLink to="/organizations" variant="default">
              {t("organizations.create.cancel")}
            </ButtonLink>
            <Button type="submit" loading={create.isPending} disabled={slugCheck.state === "taken"}>
              {t("organizations.create.title")}
            </Button>
          </Group>
        </ProfileFormFrame>
      </Paper>
    </Stack>
  );
}
