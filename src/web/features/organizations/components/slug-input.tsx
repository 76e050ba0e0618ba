import { Button, Loader, Text, TextInput } from "@mantine/core";
import { IconCircleCheck, IconCircleX } from "@tabler/icons-react";
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
        {"Free instead: "}
        <Button
          variant="light"
          size="compact-xs"
          onClick={() => onChange(suggestion)}
          aria-label={`Use ${suggestion} instead`}
        >
          {suggestion}
        </Button>
      </Text>
    ) : null
  ) : state === "checking" ? (
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
      error={problem || (taken ? `${value} is taken. Choose another slug.` : undefined)}
      description={<span aria-live="polite">{problem ? null : feedback}</span>}
    />
  );
}
