import { Alert, Button, Card, FileInput, Group, Stack, Text, Textarea, Title } from "@mantine/core";
import { IconCircleCheck, IconFileTypeCsv, IconListCheck, IconSend } from "@tabler/icons-react";
import { useState } from "react";
import { BULK_INVITE_MAX_ROWS } from "#shared/contracts/bulk-invitations.ts";
import { ErrorAlert } from "#web/components/error-alert.tsx";
import { t } from "#web/i18n/i18n.ts";
import { useBulkInvitePreview, useBulkInviteSend } from "../api/use-bulk-invitations.ts";
import { BulkPreviewTable, BulkSkippedTable } from "./bulk-invite-rows.tsx";
import { useCurrentOrganization } from "./organization-context.tsx";

/**
 * Invite many at once: paste addresses or upload a CSV (email, roles, team), check the list (each row's
 * problems, nothing sent), then send the ready rows and read what was sent and what was skipped.
 */
export function BulkInviteCard() {
  const { organization } = useCurrentOrganization();
  const [text, setText] = useState("");
  const [file, setFile] = useState<File | null>(null);
  const preview = useBulkInvitePreview(organization.id);
  const send = useBulkInviteSend(organization.id);
  const checked = preview.data;
  const summary = send.data;

  function edit(next: string) {
    setText(next);
    preview.reset();
    send.reset();
  }

  async function choose(chosen: File | null) {
    setFile(chosen);
    edit(chosen ? await chosen.text() : "");
  }

  function startOver() {
    setFile(null);
    edit("");
  }

  return (
    <Card withBorder padding="lg" radius="lg" shadow="xs" component="section" aria-labelledby="bulk-invite">
      <Title order={3} fz="md" mb={4} id="bulk-invite">
        {t("integrations.bulk.title")}
      </Title>
      <Text size="sm" c="dimmed" mb="md">
        {t("integrations.bulk.description", { max: BULK_INVITE_MAX_ROWS })}
      </Text>
      {summary ? (
        <Stack gap="md">
          <Alert
            color={summary.sent > 0 ? "teal" : "yellow"}
            variant="light"
            icon={<IconCircleCheck size={18} aria-hidden />}
            title={t("integrations.bulk.sent", { count: summary.sent })}
            role="status"
          >
            {summary.skipped > 0
              ? t("integrations.bulk.skipped", { count: summary.skipped })
              : t("integrations.bulk.allSent")}
          </Alert>
          <BulkSkippedTable rows={summary.rows} />
          <Group justify="flex-end">
            <Button variant="default" onClick={startOver}>
              {t("integrations.bulk.again")}
            </Button>
          </Group>
        </Stack>
      ) : checked ? (
        <Stack gap="md">
          <Text size="sm" role="status">
            {checked.rows.length > checked.ready
              ? t("integrations.bulk.readyWithProblems", {
                  count: checked.ready,
                  problems: checked.rows.length - checked.ready,
                })
              : t("integrations.bulk.ready", { count: checked.ready })}
          </Text>
          <BulkPreviewTable rows={checked.rows} />
          <ErrorAlert error={send.error} />
          <Group justify="flex-end">
            <Button variant="default" onClick={() => preview.reset()}>
              {t("integrations.bulk.edit")}
            </Button>
            <Button
              leftSection={<IconSend size={16} aria-hidden />}
              disabled={checked.ready === 0}
              loading={send.isPending}
              onClick={() => send.mutate(text)}
            >
              {t("integrations.bulk.send", { count: checked.ready })}
            </Button>
          </Group>
        </Stack>
      ) : (
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            if (text.trim()) preview.mutate(text);
          }}
        >
          <Stack gap="md">
            <ErrorAlert error={preview.error} />
            <Textarea
              label={t("integrations.bulk.input")}
              placeholder={"ana@example.com\nemail,roles,team\nbo@example.com,admin,Design"}
              autosize
              minRows={4}
              maxRows={12}
              value={text}
              onChange={(event) => {
                setFile(null);
                edit(event.currentTarget.value);
              }}
              styles={{ input: { fontFamily: "var(--mantine-font-family-monospace)" } }}
            />
            <FileInput
              label={t("integrations.bulk.upload")}
              placeholder={t("integrations.bulk.choose")}
              accept=".csv,text/csv,text/plain"
              clearable
              value={file}
              onChange={(chosen) => void choose(chosen)}
              leftSection={<IconFileTypeCsv size={16} aria-hidden />}
            />
            <Group justify="flex-end">
              <Button
                type="submit"
                variant="light"
                disabled={!text.trim()}
                loading={preview.isPending}
                leftSection={<IconListCheck size={16} aria-hidden />}
              >
                {t("integrations.bulk.check")}
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Card>
  );
}
