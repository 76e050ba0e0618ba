import { Alert, Button, Center, Code, Group, Stack, Text, Title } from "@mantine/core";
import { IconAlertTriangle, IconRefresh } from "@tabler/icons-react";
import { type ErrorComponentProps, Link, useRouter } from "@tanstack/react-router";

/** Shown when a route throws while loading or rendering. */
export function RouteError({ error, reset }: ErrorComponentProps) {
  const router = useRouter();
  const message = error instanceof Error ? error.message : String(error);

  return (
    <Center py={64}>
      <Stack gap="md" maw={520} w="100%">
        <Title order={1} fz={28} ta="center">
          Something went wrong
        </Title>
        <Text c="dimmed" ta="center">
          An unexpected error stopped this page from loading. Try again, or go back home.
        </Text>
        <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} aria-hidden />} title="Details">
          <Code block>{message || "Unknown error"}</Code>
        </Alert>
        <Group justify="center">
          <Button
            leftSection={<IconRefresh size={16} aria-hidden />}
            onClick={() => {
              reset();
              void router.invalidate();
            }}
          >
            Try again
          </Button>
          <Button component={Link} to="/" variant="default">
            Home
          </Button>
        </Group>
      </Stack>
    </Center>
  );
}
