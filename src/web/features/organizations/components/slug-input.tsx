import { Loader, Text, TextInput } from "@mantine/core";
import { IconCircleCheck, IconCircleX } from "@tabler/icons-react";
import type { SlugState } from "../api/use-slug-availability.ts";

interface SlugInputProps {
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  state: SlugState;
  /** A shape error from the form (pattern, length). */
  error?: string | null;
}

/** The slug field with live "available" / "taken" feedback announced to screen readers. */
export function SlugInput({ value, onChange, onBlur, state, error }: SlugInputProps) {
  const taken = state === "taken";
  const feedback =
    state === "checking" ? (
      <Text span size="xs" c="dimmed">
        Checking availability…
      </Text>
    ) : state === "available" ? (
      <Text span size="xs" c="var(--mantine-color-teal-light-color)" fw={500}>
        {`${value} is available`}
      </Text>
    ) : state === "unchanged" ? (
      <Text span size="xs" c="dimmed">
        This is the current slug.
      </Text>
    ) : state === "error" ? (
      <Text span size="xs" c="dimmed">
        Availability couldn't be checked; it will be checked when you save.
      </Text>
    ) : (
      <Text span size="xs" c="dimmed">
        Lowercase letters, digits and dashes; 2 to 48 characters.
      </Text>
    );

  return (
    <TextInput
      label="Slug"
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
      error={error || (taken ? `${value} is taken. Choose another slug.` : undefined)}
      description={<span aria-live="polite">{error || taken ? null : feedback}</span>}
    />
  );
}
