import { Text } from "@mantine/core";

/** An email address inside a sentence ("we sent it to …"): in bold, wrapping anywhere on a phone. */
export function EmailAddress({ email }: { email: string }) {
  return (
    <Text component="strong" fw={600} c="var(--mantine-color-text)" style={{ overflowWrap: "anywhere" }}>
      {email}
    </Text>
  );
}
