import { Button, Divider, Stack, TextInput } from "@mantine/core";
import { useForm } from "@mantine/form";
import { useEffect } from "react";
import { LIMITS } from "#shared/limits.ts";
import { authClient, type Session } from "#web/lib/auth-client.ts";
import { unwrap } from "../lib/auth-call.ts";
import { notifyError, notifySuccess } from "../lib/notify.ts";
import { validateName } from "../lib/password-rules.ts";
import { AvatarEditor } from "./avatar-editor.tsx";
import { SectionCard } from "./section-card.tsx";

/** Name and picture, through POST /api/auth/update-user. */
export function ProfileSection({ user }: { user: Session["user"] }) {
  const form = useForm({
    mode: "controlled",
    initialValues: { name: user.name ?? "" },
    validate: { name: validateName },
  });

  // Follow the saved name (another tab, or this form after saving).
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset only when the stored name changes
  useEffect(() => {
    form.setInitialValues({ name: user.name ?? "" });
    form.reset();
  }, [user.name]);

  async function submit(values: typeof form.values) {
    try {
      await unwrap(authClient.updateUser({ name: values.name.trim() }));
      notifySuccess("Profile updated", "Your name has been saved.");
    } catch (error) {
      notifyError("Could not save your name", error);
    }
  }

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
          <Button type="submit" form="profile-form" loading={form.submitting} disabled={!form.isDirty()}>
            Save changes
          </Button>
        </>
      }
    >
      <Stack gap="lg">
        <AvatarEditor user={user} />
        <Divider />
        <form id="profile-form" onSubmit={form.onSubmit(submit)} noValidate>
          <TextInput
            label="Name"
            autoComplete="name"
            maxLength={LIMITS.name}
            maw={420}
            {...form.getInputProps("name")}
          />
        </form>
      </Stack>
    </SectionCard>
  );
}
