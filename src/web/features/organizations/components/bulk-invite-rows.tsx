import { Badge, Group, Stack, Table, Text } from "@mantine/core";
import type { BulkInviteResult, BulkInviteRow, BulkRowProblem } from "#shared/contracts/bulk-invitations.ts";
import { TableRegion } from "#web/components/table-region.tsx";
import { t } from "#web/i18n/i18n.ts";
import type { MessageId } from "#web/i18n/message-id.ts";
import { RoleBadges } from "./role-badges.tsx";

type Problems = BulkInviteRow["problems"];

/**
 * A row's problem in words, by its code (the row's role and team are in their own columns). REFUSED keeps the
 * server's message: it is the invitation path's own reason, whose code the row does not carry.
 */
const PROBLEM_TEXT: Partial<Record<BulkRowProblem, MessageId>> = {
  INVALID_EMAIL: "integrations.bulk.problem.invalidEmail",
  DUPLICATE_ROW: "integrations.bulk.problem.duplicateRow",
  ALREADY_MEMBER: "integrations.bulk.problem.alreadyMember",
  ALREADY_INVITED: "integrations.bulk.problem.alreadyInvited",
  ROLE_NOT_ALLOWED: "integrations.bulk.problem.roleNotAllowed",
  UNKNOWN_ROLE: "integrations.bulk.problem.unknownRole",
  UNKNOWN_TEAM: "integrations.bulk.problem.unknownTeam",
  OVER_MEMBERSHIP_LIMIT: "integrations.bulk.problem.overMembershipLimit",
  RATE_LIMITED: "integrations.bulk.problem.rateLimited",
};

/** A row's problem in the current language (the server's message where it has no words of its own). */
export function problemText(problem: Problems[number]): string {
  const id = PROBLEM_TEXT[problem.code];
  return id ? t(id) : problem.message;
}

/** A row's state: ready (or sent) in green, else each problem in words. */
function RowState({ problems, sent }: { problems: Problems; sent?: boolean }) {
  if (problems.length === 0) {
    return (
      <Badge color="teal" variant="light" tt="none">
        {sent ? t("integrations.bulk.rows.sent") : t("integrations.bulk.rows.ready")}
      </Badge>
    );
  }
  return (
    <Stack gap={2}>
      {problems.map((p) => (
        <Text key={p.code} size="sm" c="var(--mantine-color-error)" data-problem={p.code}>
          {problemText(p)}
        </Text>
      ))}
    </Stack>
  );
}

/** The preview: each row of the list as the server read it, with its problems. */
export function BulkPreviewTable({ rows }: { rows: BulkInviteRow[] }) {
  return (
    <TableRegion label={t("integrations.bulk.rows.previewLabel")}>
      <Table striped highlightOnHover verticalSpacing="xs" miw={560}>
        <Table.Caption>{t("integrations.bulk.rows.previewCaption")}</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{t("integrations.bulk.rows.line")}</Table.Th>
            <Table.Th scope="col">{t("integrations.bulk.rows.email")}</Table.Th>
            <Table.Th scope="col">{t("integrations.bulk.rows.roles")}</Table.Th>
            <Table.Th scope="col">{t("integrations.bulk.rows.team")}</Table.Th>
            <Table.Th scope="col">{t("integrations.bulk.rows.state")}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={row.line} data-line={row.line}>
              <Table.Td>{row.line}</Table.Td>
              <Table.Td style={{ wordBreak: "break-all" }}>{row.email || "—"}</Table.Td>
              <Table.Td>
                <RoleBadges role={row.roles.join(",")} size="xs" />
              </Table.Td>
              <Table.Td>{row.team ?? "—"}</Table.Td>
              <Table.Td>
                <RowState problems={row.problems} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </TableRegion>
  );
}

/** The summary's rows that were not sent, with why. */
export function BulkSkippedTable({ rows }: { rows: BulkInviteResult[] }) {
  const skipped = rows.filter((row) => row.status === "skipped");
  if (skipped.length === 0) return null;
  return (
    <TableRegion label={t("integrations.bulk.rows.skippedLabel")}>
      <Table verticalSpacing="xs" miw={420}>
        <Table.Caption>{t("integrations.bulk.rows.skippedCaption")}</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{t("integrations.bulk.rows.line")}</Table.Th>
            <Table.Th scope="col">{t("integrations.bulk.rows.email")}</Table.Th>
            <Table.Th scope="col">{t("integrations.bulk.rows.why")}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {skipped.map((row) => (
            <Table.Tr key={row.line} data-line={row.line}>
              <Table.Td>{row.line}</Table.Td>
              <Table.Td style={{ wordBreak: "break-all" }}>{row.email || "—"}</Table.Td>
              <Table.Td>
                <Group gap={4}>
                  <RowState problems={row.problems} />
                </Group>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </TableRegion>
  );
}
