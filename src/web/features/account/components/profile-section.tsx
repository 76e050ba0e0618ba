import { Button, Divider, Stack, TextInput } from "@mantine/core";
import { schemaResolver, useForm } from "@mantine/form";
import { useEffect } from "react";
import { z } from "zod";
import { nameSchema } from "#shared/fields.ts";
import { LIMITS } from "#shared/limits.ts";
import { ErrorAlert } from "#web/components/error-alert.tsx";
import { SectionCard } from "#web/components/section-card.tsx";
import { LanguagePreference } from "#web/i18n/language-preference.tsx";
import type { Session } from "#web/lib/auth-client.ts";
import { useUpdateName } from "../api/use-profile.ts";
import { AvatarEditor } from "./avatar-editor.tsx";

const profileSchema = z.object({ name: nameSchema("Enter your name") });

/** Name and picture, through POST /api/auth/update-user. */
export function ProfileSection({ user }: { user: Session["user"] }) {
  const updateName = useUpdateName();
  const form = useForm({
    mode: "controlled",
    initialValues: { name: user.name ?? "" },
    validateInputOnBlur: true,
    validate: schemaResolver(profileSchema, { sync: true }),
  });

  // Follow the saved name (another tab, or this form after saving).
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset only when the stored name changes
  useEffect(() => {
    form.setInitialValues({ name: user.name ?? "" });
    form.reset();
  }, [user.name]);

  return (
    <SectionCard
      id="profile"
      title="Profile"
      description="Your name and picture, as people in your organizations see them."
      footer={
        <>
          <Button variant="default" onClick={() => form.reset()} disabled={!form.isDirty()}>
            Cancel
          </Button>
          <Button type="submit" form="profile-form" loading={updateName.isPending} disabled={!form.isDirty()}>
            Save changes
          </Button>
        </>
      }
    >
      <Stack gap="lg">
        <AvatarEditor user={user} />
        <Divider />
        <form
          id="profile-form"
          onSubmit={form.onSubmit((values) => updateName.mutate(values.name.trim()))}
          noValidate
        >
          <Stack gap="md">
            <ErrorAlert error={updateName.error} title="Could not save your name" />
            <TextInput
              label="Name"
              autoComplete="name"
              maxLength={LIMITS.name}
              maw={420}
              {...form.getInputProps("name")}
            />
          </Stack>
        </form>
        <LanguagePreference />
      </Stack>
    </SectionCard>
  );
}
