import { Stack, TextInput } from "@mantine/core";
import { useForm } from "@mantine/form";
import type { ReactNode } from "react";
import { organizationNameSchema } from "#shared/fields.ts";
import { LIMITS } from "#shared/limits.ts";
import { ErrorAlert } from "#web/components/error-alert.tsx";
import { t } from "#web/i18n/i18n.ts";
import { fieldProblem } from "#web/lib/field-problem.ts";
import type { OrganizationFields } from "../api/use-organization-mutations.ts";
import type { SlugCheck } from "../api/use-slug-availability.ts";
import { validateLogoUrl } from "../lib/logo.ts";
import { slugFieldProblem } from "../lib/slug.ts";
import { LogoInput } from "./logo-input.tsx";
import { SlugInput } from "./slug-input.tsx";

/** What is wrong with an organization's name by the shared rules, in the current language. */
export function organizationNameProblem(name: string): string | null {
  return fieldProblem(organizationNameSchema(), name);
}

/** The form of an organization's name, slug and logo, for creating one and for its settings. */
export function useProfileForm(initialValues: OrganizationFields) {
  return useForm<OrganizationFields>({
    mode: "controlled",
    initialValues,
    // The shared schemas' rules (the server's), said in the current language when the check runs.
    validate: { name: organizationNameProblem, slug: slugFieldProblem, logo: validateLogoUrl },
    validateInputOnBlur: true,
  });
}

type ProfileForm = ReturnType<typeof useProfileForm>;

interface ProfileFormFrameProps {
  form: ProfileForm;
  slugCheck: SlugCheck;
  /** Runs with valid values, unless the slug is known to be taken. */
  onSave: (values: OrganizationFields) => void;
  /** Why the last save failed. */
  error: unknown;
  /** The fields and the buttons. */
  children: ReactNode;
}

/** The form element around the profile fields: validates, then saves; a failure shows on top. */
export function ProfileFormFrame({ form, slugCheck, onSave, error, children }: ProfileFormFrameProps) {
  return (
    <form
      noValidate
      onSubmit={form.onSubmit((values) => {
        if (slugCheck.state !== "taken") onSave(values);
      })}
    >
      <Stack gap="md">
        <ErrorAlert error={error} />
        {children}
      </Stack>
    </form>
  );
}

interface ProfileFieldsProps {
  form: ProfileForm;
  slugCheck: SlugCheck;
  /** Extra input props of the name field (a placeholder, or a slug that follows the name). */
  nameProps?: {
    placeholder?: string;
    required?: boolean;
    autoComplete?: string;
    onChange?: (name: string) => void;
  };
  onSlugChange?: (slug: string) => void;
  /** Under the slug, e.g. what changing it breaks. */
  slugNote?: ReactNode;
}

/** Name, slug (checked live) and logo. */
export function ProfileFields({
  form,
  slugCheck,
  nameProps = {},
  onSlugChange,
  slugNote,
}: ProfileFieldsProps) {
  const { onChange: onNameChange, ...nameInput } = nameProps;
  const name = form.getInputProps("name");
  return (
    <>
      <TextInput
        label={t("organizations.profile.name")}
        maxLength={LIMITS.organizationName}
        {...nameInput}
        {...name}
        onChange={(event) => {
          name.onChange(event);
          onNameChange?.(event.currentTarget.value);
        }}
      />
      <SlugInput
        value={form.values.slug}
        check={slugCheck}
        error={form.errors.slug as string | undefined}
        onChange={(slug) => {
          form.setFieldValue("slug", slug);
          onSlugChange?.(slug);
        }}
        onBlur={() => form.validateField("slug")}
      />
      {slugNote}
      <LogoInput
        name={form.values.name}
        value={form.values.logo}
        onChange={(logo) => form.setFieldValue("logo", logo)}
        error={form.errors.logo as string | undefined}
      />
    </>
  );
}
