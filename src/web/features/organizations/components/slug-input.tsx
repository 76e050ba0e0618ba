import { Button, Loader, Text, TextInput } from "@mantine/core";
import { IconCircleCheck, IconCircleX } from "@tabler/icons-react";
import { t } from "#web/i18n/i18n.ts";
import { T } from "#web/i18n/locale-root.tsx";
import type { SlugCheck } from "../api/use-slug-availability.ts";
import { slugProblem } from "../lib/slug.ts";

interface SlugInputProps {
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  check: SlugCheck;
  /** A shape error from the form (pattern, length). */
  error?: string | null;
}

/**
 * The slug field with live feedback announced to screen readers: what is wrong with it as it is typed,
 * "available", or "taken" with a free slug one click away.
 */
export function SlugInput({ value, onChange, onBlur, check, error }: SlugInputProps) {
  const { state, suggestion } = check;
  const taken = state === "taken";
  // As typed, not only once the field is left; an empty field is the form's to judge.
  const problem = error || slugProblem(value);
  const feedback = taken ? (
    suggestion ? (
      <Text span size="xs">
        <T
          id="organizations.slug.freeInstead"
          values={{ slug: suggestion }}
          components={{
            button: (
              <Button
                variant="light"
                size="compact-xs"
                onClick={() => onChange(suggestion)}
                aria-label={t("organizations.slug.useInstead", { slug: suggestion })}
              />
            ),
          }}
        />
      </Text>
    ) : null
  ) : state === "checking" ? (
    <Text span size="xs" c="dimmed">
      {t("organizations.slug.checking")}
    </Text>
  ) : state === "available" ? (
    <Text span size="xs" c="var(--mantine-color-teal-light-color)" fw={500}>
      {t("organizations.slug.available", { slug: value })}
    </Text>
  ) : state === "unchanged" ? (
    <Text span size="xs" c="dimmed">
      {t("organizations.slug.current")}
    </Text>
  ) : state === "error" ? (
    <Text span size="xs" c="dimmed">
      {t("organizations.slug.checkFailed")}
    </Text>
  ) : (
    <Text span size="xs" c="dimmed">
      {t("organizations.slug.hint")}
    </Text>
  );

  return (
    <TextInput
      label={t("organizations.slug.label")}
      value={value}
      onChange={(event) => onChange(event.currentTarget.value.toLowerCase())}
      onBlur={onBlur}
      maxLength={48}
      autoComplete="off"
      spellCheck={false}
      leftSection={
        <Text size="sm" c="dimmed" aria-hidden>
          /org/
        </Text>
      }
      leftSectionWidth={52}
      inputWrapperOrder={["label", "input", "description", "error"]}
      rightSection={
        state === "checking" ? (
          <Loader size={16} aria-hidden />
        ) : state === "available" ? (
          <IconCircleCheck size={18} color="var(--mantine-color-teal-light-color)" aria-hidden />
        ) : taken ? (
          <IconCircleX size={18} color="var(--mantine-color-error)" aria-hidden />
        ) : null
      }
      error={problem || (taken ? t("organizations.slug.taken", { slug: value }) : undefined)}
      description={<span aria-live="polite">{problem ? null : feedback}</span>}
    />
  );
}
