import { Alert, Badge, Group, Loader, SimpleGrid, Stack, Table, Text } from "@mantine/core";
import { IconAlertTriangle, IconCircleCheck } from "@tabler/icons-react";
import type { SsoTestResult } from "#shared/contracts/sso.ts";
import { TableRegion } from "#web/components/table-region.tsx";
import { describeRedirectError } from "#web/lib/redirect-errors.ts";
import { roleLabel } from "../lib/roles.ts";

/** What a test sign-in brought back (or why it failed), shown on the SSO tab and on the tab it lands in. */
export function SsoTestResultView({ result, timedOut }: { result: SsoTestResult; timedOut?: boolean }) {
  if (result.status === "waiting") {
    return timedOut ? (
      <Alert
        color="yellow"
        variant="light"
        icon={<IconAlertTriangle size={18} aria-hidden />}
        title="No answer yet"
      >
        Nothing came back within 10 minutes. Close the other tab and start a new test sign-in.
      </Alert>
    ) : (
      <Group gap="sm" role="status" aria-live="polite">
        <Loader size="sm" />
        <Text size="sm">Waiting for the sign-in in the other tab…</Text>
      </Group>
    );
  }
  if (result.status === "failed") return <TestFailure result={result} />;
  return (
    <Stack gap="md" data-testid="sso-test-result">
      <Alert
        color="teal"
        variant="light"
        icon={<IconCircleCheck size={18} aria-hidden />}
        title="The identity provider answered"
        role="status"
      >
        Sign-in through this connection works. Nobody was signed in by the test.
      </Alert>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <Value
          label="Email"
          value={result.email ?? "None: check the email attribute"}
          testId="sso-test-email"
        />
        <Value label="Name" value={result.name ?? "None"} testId="sso-test-name" />
        <Value
          label="Role it would grant"
          value={result.role ? roleLabel(result.role) : "None"}
          testId="sso-test-role"
        />
        <div>
          <Text size="xs" c="dimmed" fw={600}>
            Teams it would join
          </Text>
          <Badges values={result.teams} none="None" />
        </div>
        <div>
          <Text size="xs" c="dimmed" fw={600}>
            Groups
          </Text>
          <Badges values={result.groups} none="None sent" />
        </div>
      </SimpleGrid>
      <AttributesTable attributes={result.attributes} />
    </Stack>
  );
}

function TestFailure({ result }: { result: SsoTestResult }) {
  const known = result.error ? describeRedirectError(result.error.code) : null;
  return (
    <Alert
      color="red"
      variant="light"
      icon={<IconAlertTriangle size={18} aria-hidden />}
      title={known?.known ? known.title : "The test sign-in failed"}
      role="alert"
    >
      <Stack gap={4}>
        {result.error?.message ? <Text size="sm">{result.error.message}</Text> : null}
        {known?.known ? <Text size="sm">{known.description}</Text> : null}
        {result.error ? <Text size="xs" c="dimmed">{`Error code: ${result.error.code}`}</Text> : null}
      </Stack>
    </Alert>
  );
}

function Value({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <div style={{ minWidth: 0 }}>
      <Text size="xs" c="dimmed" fw={600}>
        {label}
      </Text>
      <Text size="sm" data-testid={testId} style={{ overflowWrap: "anywhere" }}>
        {value}
      </Text>
    </div>
  );
}

function Badges({ values, none }: { values: string[]; none: string }) {
  if (values.length === 0) return <Text size="sm">{none}</Text>;
  return (
    <Group gap={4} mt={2}>
      {values.map((value) => (
        <Badge key={value} variant="light" color="gray" tt="none">
          {value}
        </Badge>
      ))}
    </Group>
  );
}

/** Every attribute or claim as it arrived, to check the mapping against. */
function AttributesTable({ attributes }: { attributes: Record<string, string[]> }) {
  const entries = Object.entries(attributes);
  if (entries.length === 0) return null;
  return (
    <TableRegion label="Attributes received">
      <Table verticalSpacing="xs" striped>
        <Table.Caption style={{ captionSide: "top", textAlign: "left" }}>
          Everything the IdP sent
        </Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Attribute</Table.Th>
            <Table.Th>Value</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {entries.map(([name, values]) => (
            <Table.Tr key={name}>
              <Table.Td
                style={{
                  overflowWrap: "anywhere",
                  fontFamily: "var(--mantine-font-family-monospace)",
                  fontSize: 12,
                }}
              >
                {name}
              </Table.Td>
              <Table.Td style={{ overflowWrap: "anywhere" }}>{values.join(", ")}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </TableRegion>
  );
}
