import {
  Alert,
  Badge,
  Button,
  Card,
  Center,
  Grid,
  Group,
  Loader,
  ScrollArea,
  SegmentedControl,
  Stack,
  Text,
  Title,
  UnstyledButton,
} from "@mantine/core";
import { IconAlertTriangle, IconInbox, IconMail, IconRefresh } from "@tabler/icons-react";
import { useState } from "react";
import { LoadError } from "#web/components/error-alert.tsx";
import { TextLink } from "#web/components/text-link.tsx";
import { t } from "#web/i18n/i18n.ts";
import { isNotFound } from "#web/lib/api/api-error.ts";
import { useAppConfig } from "#web/lib/app-config.ts";
import { formatDateTime } from "#web/lib/format.ts";
import { usePageTitle } from "#web/lib/use-page-title.ts";
import { type OutboxMail, useOutbox } from "../api/use-outbox.ts";
import { linkify } from "../lib/linkify.tsx";

function MailListItem({
  mail,
  selected,
  onSelect,
}: {
  mail: OutboxMail;
  selected: boolean;
  onSelect: () => void;
}) {
  return (
    <UnstyledButton
      onClick={onSelect}
      aria-current={selected ? "true" : undefined}
      p="sm"
      w="100%"
      style={{
        borderRadius: "var(--mantine-radius-md)",
        background: selected ? "var(--mantine-primary-color-light)" : undefined,
        border: "1px solid var(--mantine-color-default-border)",
      }}
    >
      <Text size="sm" fw={600} lineClamp={2}>
        {mail.subject || t("outbox.noSubject")}
      </Text>
      <Text size="xs" c="dimmed" truncate>
        {t("outbox.to", { to: mail.to })}
      </Text>
      <Text size="xs" c="dimmed">
        {formatDateTime(mail.createdAt, { seconds: true })}
      </Text>
    </UnstyledButton>
  );
}

function MailView({ mail }: { mail: OutboxMail }) {
  const [view, setView] = useState<"text" | "html">("text");
  return (
    <Card withBorder radius="lg" padding="lg">
      <Stack gap="sm">
        <Title order={2} fz="lg" style={{ overflowWrap: "anywhere" }}>
          {mail.subject || t("outbox.noSubject")}
        </Title>
        <Group gap="xs" wrap="wrap">
          <Text size="sm" c="dimmed" style={{ overflowWrap: "anywhere" }}>
            {t("outbox.to", { to: mail.to })}
          </Text>
          <Text size="sm" c="dimmed">
            ·
          </Text>
          <Text size="sm" c="dimmed">
            {formatDateTime(mail.createdAt, { seconds: true })}
          </Text>
        </Group>
        {mail.html ? (
          <SegmentedControl
            size="xs"
            w="fit-content"
            value={view}
            onChange={(value) => setView(value === "html" ? "html" : "text")}
            data={[
              { label: t("outbox.format.text"), value: "text" },
              { label: t("outbox.format.html"), value: "html" },
            ]}
            aria-label={t("outbox.format.label")}
          />
        ) : null}
        {view === "html" && mail.html ? (
          // An empty sandbox: no scripts, no forms, no navigation of this page.
          <iframe
            title={t("outbox.htmlPreviewOf", { subject: mail.subject })}
            sandbox=""
            srcDoc={mail.html}
            style={{
              width: "100%",
              minHeight: 420,
              border: "1px solid var(--mantine-color-default-border)",
              borderRadius: "var(--mantine-radius-md)",
              background: "white",
            }}
          />
        ) : (
          <div className="gh-mail-text" data-testid="outbox-mail-text">
            {linkify(mail.text)}
          </div>
        )}
      </Stack>
    </Card>
  );
}

/** Development outbox: the mails the server would have sent, with their links usable. */
export function OutboxPage() {
  usePageTitle(t("common.shell.devOutbox"));
  const config = useAppConfig();
  const enabled = config.isLoaded && config.outbox;
  const outbox = useOutbox(enabled);
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const mails = outbox.data?.mails ?? [];
  const selected = mails.find((mail) => mail.id === selectedId) ?? mails[0];
  const disabled = (config.isLoaded && !config.outbox) || isNotFound(outbox.error);

  return (
    <Stack gap="lg" py={{ base: "md", sm: 32 }}>
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <div>
          <Title order={1} fz={{ base: 26, sm: 30 }} c="var(--mantine-color-bright)">
            {t("outbox.title")}
          </Title>
          <Text c="dimmed" size="sm">
            {t("outbox.description")}
          </Text>
        </div>
        {enabled ? (
          <Button
            variant="default"
            leftSection={<IconRefresh size={16} aria-hidden />}
            onClick={() => void outbox.refetch()}
            loading={outbox.isFetching && !outbox.isPending}
          >
            {t("outbox.refresh")}
          </Button>
        ) : null}
      </Group>

      <Alert color="yellow" variant="light" icon={<IconAlertTriangle size={18} aria-hidden />}>
        {t("outbox.notDelivered")}
      </Alert>

      {disabled ? (
        <Card withBorder radius="lg" padding="xl">
          <Stack align="center" gap="xs" ta="center">
            <IconInbox size={36} stroke={1.4} aria-hidden />
            <Text fw={600}>{t("outbox.off.title")}</Text>
            <Text c="dimmed" size="sm">
              {t("outbox.off.text")}
            </Text>
            <TextLink to="/">{t("common.nav.home")}</TextLink>
          </Stack>
        </Card>
      ) : !config.isLoaded || outbox.isPending ? (
        <Center py="xl" role="status">
          <Loader />
        </Center>
      ) : outbox.error ? (
        <LoadError error={outbox.error} onRetry={() => void outbox.refetch()} title={t("outbox.loadError")} />
      ) : mails.length === 0 ? (
        <Card withBorder radius="lg" padding="xl">
          <Stack align="center" gap="xs" ta="center">
            <IconMail size={36} stroke={1.4} aria-hidden />
            <Text fw={600}>{t("outbox.empty.title")}</Text>
            <Text c="dimmed" size="sm">
              {t("outbox.empty.text")}
            </Text>
          </Stack>
        </Card>
      ) : (
        <Grid gap="lg">
          <Grid.Col span={{ base: 12, md: 4 }}>
            <Group justify="space-between" mb="xs">
              <Text size="sm" fw={600} id="outbox-list-label">
                {t("outbox.messages")}
              </Text>
              <Badge variant="light">{mails.length}</Badge>
            </Group>
            <ScrollArea.Autosize mah={{ base: 260, md: 640 }} type="auto">
              <Stack gap="xs" component="nav" aria-labelledby="outbox-list-label">
                {mails.map((mail) => (
                  <MailListItem
                    key={mail.id}
                    mail={mail}
                    selected={mail.id === selected?.id}
                    onSelect={() => setSelectedId(mail.id)}
                  />
                ))}
              </Stack>
            </ScrollArea.Autosize>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 8 }}>
            {selected ? <MailView key={selected.id} mail={selected} /> : null}
          </Grid.Col>
        </Grid>
      )}
    </Stack>
  );
}
