import { Alert, Badge, Group, Loader, SimpleGrid, Stack, Table, Text } from "@mantine/core";
import { IconAlertTriangle, IconCircleCheck } from "@tabler/icons-react";
import type { SsoTestResult } from "#shared/contracts/sso.ts";
import { TableRegion } from "#web/components/table-region.tsx";
import { t } from "#web/i18n/i18n.ts";
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
        title={t("integrations.sso.result.noAnswer")}
      >
        {t("integrations.sso.result.noAnswerBody")}
      </Alert>
    ) : (
      <Group gap="sm" role="status" aria-live="polite">
        <Loader size="sm" />
        <Text size="sm">{t("integrations.sso.result.waiting")}</Text>
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
        title={t("integrations.sso.result.answered")}
        role="status"
      >
        {t("integrations.sso.result.works")}
      </Alert>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <Value
          label={t("integrations.sso.result.email")}
          value={result.email ?? t("integrations.sso.result.noEmail")}
          testId="sso-test-email"
        />
        <Value
          label={t("integrations.sso.result.name")}
          value={result.name ?? t("integrations.sso.result.none")}
          testId="sso-test-name"
        />
        <Value
          label={t("integrations.sso.result.role")}
          value={result.role ? roleLabel(result.role) : t("integrations.sso.result.none")}
          testId="sso-test-role"
        />
        <div>
          <Text size="xs" c="dimmed" fw={600}>
            {t("integrations.sso.result.teams")}
          </Text>
          <Badges values={result.teams} none={t("integrations.sso.result.none")} />
        </div>
        <div>
          <Text size="xs" c="dimmed" fw={600}>
            {t("integrations.sso.result.groups")}
          </Text>
          <Badges values={result.groups} none={t("integrations.sso.result.noneSent")} />
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
      title={known?.known ? known.title : t("integrations.sso.result.failed")}
      role="alert"
    >
      <Stack gap={4}>
        {result.error?.message ? <Text size="sm">{result.error.message}</Text> : null}
        {known?.known ? <Text size="sm">{known.description}</Text> : null}
        {result.error ? (
          <Text size="xs" c="dimmed">
            {t("integrations.sso.result.errorCode", { code: result.error.code })}
          </Text>
        ) : null}
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
    <TableRegion label={t("integrations.sso.result.attributesReceived")}>
      <Table verticalSpacing="xs" striped>
        <Table.Caption style={{ captionSide: "top", textAlign: "left" }}>
          {t("integrations.sso.result.everything")}
        </Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t("integrations.sso.result.attribute")}</Table.Th>
            <Table.Th>{t("integrations.sso.result.value")}</Table.Th>
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
