import { Alert, Button, Card, FileInput, Group, Stack, Text, Textarea, Title } from "@mantine/core";
import { IconCircleCheck, IconFileTypeCsv, IconListCheck, IconSend } from "@tabler/icons-react";
import { useState } from "react";
import { BULK_INVITE_MAX_ROWS } from "#shared/contracts/bulk-invitations.ts";
import { ErrorAlert } from "#web/components/error-alert.tsx";
import { plural } from "#web/lib/format.ts";
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
        Invite many people
      </Title>
      <Text size="sm" c="dimmed" mb="md">
        Paste addresses, one a line, or upload a CSV with the columns email, roles and team (header optional;
        several roles separated by “;”). Up to {BULK_INVITE_MAX_ROWS} rows and 1 MB. You see each row’s
        problems before anything is sent.
      </Text>
      {summary ? (
        <Stack gap="md">
          <Alert
            color={summary.sent > 0 ? "teal" : "yellow"}
            variant="light"
            icon={<IconCircleCheck size={18} aria-hidden />}
            title={`${plural(summary.sent, "invitation")} sent`}
            role="status"
          >
            {summary.skipped > 0
              ? `${plural(summary.skipped, "row")} not sent: see why below.`
              : "Every row was sent."}
          </Alert>
          <BulkSkippedTable rows={summary.rows} />
          <Group justify="flex-end">
            <Button variant="default" onClick={startOver}>
              Invite another list
            </Button>
          </Group>
        </Stack>
      ) : checked ? (
        <Stack gap="md">
          <Text size="sm" role="status">
            {plural(checked.ready, "row")} ready to send
            {checked.rows.length > checked.ready
              ? `, ${plural(checked.rows.length - checked.ready, "row")} with problems (not sent)`
              : ""}
            .
          </Text>
          <BulkPreviewTable rows={checked.rows} />
          <ErrorAlert error={send.error} />
          <Group justify="flex-end">
            <Button variant="default" onClick={() => preview.reset()}>
              Edit the list
            </Button>
            <Button
              leftSection={<IconSend size={16} aria-hidden />}
              disabled={checked.ready === 0}
              loading={send.isPending}
              onClick={() => send.mutate(text)}
            >
              Send {plural(checked.ready, "invitation")}
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
              label="Addresses or CSV"
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
              label="Or upload a CSV file"
              placeholder="Choose a .csv file"
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
                Check the list
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Card>
  );
}
