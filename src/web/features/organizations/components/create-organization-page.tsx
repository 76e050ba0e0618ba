import { Button, Group, Paper, Stack, TextInput } from "@mantine/core";
import { useForm } from "@mantine/form";
import { useNavigate } from "@tanstack/react-router";
import { useState } from "react";
import { LIMITS } from "#shared/limits.ts";
import { ButtonLink } from "#web/components/button-link.tsx";
import { authClient } from "#web/lib/auth-client.ts";
import { usePageTitle } from "#web/lib/use-page-title.ts";
import { unwrap } from "../api/org-request.ts";
import { ORG_KEY } from "../api/queries.ts";
import { useOrgMutation } from "../api/use-org-mutation.ts";
import { useSlugAvailability } from "../api/use-slug-availability.ts";
import { validateLogoUrl } from "../lib/logo.ts";
import { slugify, validateOrganizationName, validateSlug } from "../lib/slug.ts";
import { LogoInput } from "./logo-input.tsx";
import { ActionError, PageHeading } from "./page-states.tsx";
import { SlugInput } from "./slug-input.tsx";

/** `/organizations/new`: name, slug derived from it and checked live, optional logo. */
export function CreateOrganizationPage() {
  usePageTitle("Create organization");
  const navigate = useNavigate();
  // The slug follows the name until the person edits the slug themselves.
  const [slugEdited, setSlugEdited] = useState(false);

  const form = useForm({
    mode: "controlled",
    initialValues: { name: "", slug: "", logo: "" },
    validate: {
      name: validateOrganizationName,
      slug: validateSlug,
      logo: validateLogoUrl,
    },
  });
  const slugState = useSlugAvailability(form.values.slug);

  const create = useOrgMutation({
    mutationFn: (values: typeof form.values) =>
      unwrap(
        authClient.organization.create({
          name: values.name.trim(),
          slug: values.slug,
          logo: values.logo || undefined,
        }),
      ),
    invalidate: [ORG_KEY],
    success: (_values, organization) => ({
      title: "Organization created",
      message: `${organization?.name ?? "Your organization"} is ready. Invite your teammates next.`,
    }),
    onDone: (_values, organization) =>
      navigate({ to: "/org/$slug", params: { slug: organization?.slug ?? form.values.slug } }),
  });

  return (
    <Stack gap="lg" maw={580} mx="auto" py={{ base: "md", sm: 40 }}>
      <PageHeading
        title="Create organization"
        description="An organization groups people: invite them, give them roles and sort them into teams. You will be its owner."
      />
      <Paper withBorder shadow="sm" p={{ base: "lg", sm: "xl" }}>
        <form
          noValidate
          onSubmit={form.onSubmit((values) => {
            if (slugState === "taken") return;
            create.mutate(values);
          })}
        >
          <Stack gap="md">
            <ActionError error={create.error} />
            <TextInput
              label="Name"
              placeholder="Acme Inc."
              required
              maxLength={LIMITS.organizationName}
              autoComplete="organization"
              {...form.getInputProps("name")}
              onChange={(event) => {
                const name = event.currentTarget.value;
                form.setFieldValue("name", name);
                if (!slugEdited) form.setFieldValue("slug", slugify(name));
              }}
            />
            <SlugInput
              value={form.values.slug}
              state={slugState}
              error={form.errors.slug as string | undefined}
              onChange={(slug) => {
                setSlugEdited(true);
                form.setFieldValue("slug", slug);
              }}
              onBlur={() => form.validateField("slug")}
            />
            <LogoInput
              name={form.values.name}
              value={form.values.logo}
              onChange={(logo) => form.setFieldValue("logo", logo)}
              error={form.errors.logo as string | undefined}
            />
            <Group justify="flex-end" gap="sm" mt="xs">
              <ButtonLink to="/organizations" variant="default">
                Cancel
              </ButtonLink>
              <Button type="submit" loading={create.isPending} disabled={slugState === "taken"}>
                Create organization
              </Button>
            </Group>
          </Stack>
        </form>
      </Paper>
    </Stack>
  );
}
