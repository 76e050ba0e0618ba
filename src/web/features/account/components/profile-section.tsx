import { Button, Divider, Stack, TextInput } from "@mantine/core";
import { schemaResolver, useForm } from "@mantine/form";
import { useEffect } from "react";
import { z } from "zod";
import { nameSchema } from "#shared/fields.ts";
import { LIMITS } from "#shared/limits.ts";
import { ErrorAlert } from "#web/components/error-alert.tsx";
import { SectionCard } from "#web/components/section-card.tsx";
import { t } from "#web/i18n/i18n.ts";
import { LanguagePreference } from "#web/i18n/language-preference.tsx";
import type { Session } from "#web/lib/auth-client.ts";
import { useUpdateName } from "../api/use-profile.ts";
import { AvatarEditor } from "./avatar-editor.tsx";

/** Name and picture, through POST /api/auth/update-user. */
export function ProfileSection({ user }: { user: Session["user"] }) {
  const updateName = useUpdateName();
  const form = useForm({
    mode: "controlled",
    initialValues: { name: user.name ?? "" },
    validateInputOnBlur: true,
    validate: schemaResolver(z.object({ name: nameSchema(t("account.profile.nameMissing")) }), {
      sync: true,
    }),
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
      title={t("account.profile.title")}
      description={t("account.profile.description")}
      footer={
        <>
          <Button variant="default" onClick={() => form.reset()} disabled={!form.isDirty()}>
            {t("account.profile.cancel")}
          </Button>
          <Button type="submit" form="profile-form" loading={updateName.isPending} disabled={!form.isDirty()}>
            {t("account.profile.save")}
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
            <ErrorAlert error={updateName.error} title={t("account.profile.saveFailed")} />
            <TextInput
              label={t("account.profile.nameLabel")}
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
