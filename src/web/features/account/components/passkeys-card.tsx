import {
  ActionIcon,
  Badge,
  Box,
  Button,
  Group,
  Paper,
  Skeleton,
  Stack,
  Text,
  ThemeIcon,
  Tooltip,
} from "@mantine/core";
import {
  IconFingerprint,
  IconInfoCircle,
  IconKey,
  IconPencil,
  IconPlus,
  IconTrash,
} from "@tabler/icons-react";
import { useState } from "react";
import { ConfirmDialog } from "#web/components/confirm-dialog.tsx";
import { LoadError } from "#web/components/error-alert.tsx";
import { SectionCard } from "#web/components/section-card.tsx";
import { t } from "#web/i18n/i18n.ts";
import { formatDate, formatRelative } from "#web/lib/format.ts";
import { passkeySupport } from "#web/lib/passkey-support.ts";
import { useLinkedAccounts } from "../api/use-linked-accounts.ts";
import { type Passkey, useAddPasskey, usePasskeys, useRemovePasskey } from "../api/use-passkeys.ts";
import { isSyncedPasskey, passkeyKind, passkeyLabel, suggestedPasskeyName } from "../lib/passkey-label.ts";
import { PasskeyNameDialog } from "./passkey-name-dialog.tsx";

/**
 * Passkeys (WebAuthn): list (GET /passkey/list-user-passkeys), add (the browser's prompt, then a name),
 * rename, remove (fresh session; never the last way to sign in).
 */
export function PasskeysCard() {
  const passkeys = usePasskeys();
  const accounts = useLinkedAccounts();
  const add = useAddPasskey();
  const remove = useRemovePasskey();
  const [naming, setNaming] = useState<{ id: string; name: string; mode: "created" | "rename" } | null>(null);
  // Kept while the dialog fades out, so its words do not change.
  const [target, setTarget] = useState<Passkey | null>(null);
  const [confirming, setConfirming] = useState(false);
  const support = passkeySupport();
  const supported = support === "ok";

  const list = passkeys.data ?? [];
  const lastMethod = accounts.data?.length === 0 && list.length === 1;

  function startAdd() {
    add.mutate(suggestedPasskeyName(), {
      onSuccess: (created) => setNaming({ id: created.id, name: created.name ?? "", mode: "created" }),
    });
  }

  function removeConfirmed() {
    if (!target) return;
    // Closed first: the re-authentication dialog may need the screen.
    setConfirming(false);
    remove.mutate({ id: target.id, label: passkeyLabel(target) });
  }

  return (
    <SectionCard
      id="passkeys"
      title={t("account.passkeys.title")}
      description={
        supported
          ? t("account.passkeys.descriptionHost", { host: window.location.hostname })
          : t("account.passkeys.description")
      }
      actions={
        <Button
          leftSection={<IconPlus size={16} aria-hidden />}
          onClick={startAdd}
          loading={add.isPending}
          disabled={!supported}
        >
          {t("account.passkeys.add")}
        </Button>
      }
    >
      <Stack gap="md">
        {support === "no-browser-support" ? (
          <Text size="sm" c="dimmed">
            {t("account.passkeys.noBrowserSupport")}
          </Text>
        ) : support === "ip-address" ? (
          <Text size="sm" c="dimmed">
            {t("account.passkeys.ipAddress")}
          </Text>
        ) : null}
        {passkeys.isPending ? (
          <Stack gap="sm" aria-hidden>
            <Skeleton h={64} />
          </Stack>
        ) : passkeys.isError ? (
          <LoadError
            title={t("account.passkeys.loadFailed")}
            error={passkeys.error}
            onRetry={() => passkeys.refetch()}
          />
        ) : list.length === 0 ? (
          <Group gap="sm" wrap="nowrap">
            <ThemeIcon variant="light" size={38} radius="md" aria-hidden>
              <IconFingerprint size={20} stroke={1.6} />
            </ThemeIcon>
            <Text size="sm" c="dimmed">
              {t("account.passkeys.empty")}
            </Text>
          </Group>
        ) : (
          <Stack
            gap="sm"
            component="ul"
            aria-label={t("account.passkeys.listLabel")}
            style={{ listStyle: "none", padding: 0, margin: 0 }}
          >
            {list.map((passkey) => (
              <PasskeyRow
                key={passkey.id}
                passkey={passkey}
                lastMethod={lastMethod}
                busy={remove.isPending}
                onRename={() => setNaming({ id: passkey.id, name: passkey.name ?? "", mode: "rename" })}
                onRemove={() => {
                  setTarget(passkey);
                  setConfirming(true);
                }}
              />
            ))}
          </Stack>
        )}
        {lastMethod ? (
          <Text size="sm" c="dimmed" id="last-passkey-reason">
            <IconInfoCircle size={14} aria-hidden style={{ verticalAlign: "-2px", marginInlineEnd: 4 }} />
            {t("account.passkeys.lastMethod")}
          </Text>
        ) : null}
      </Stack>
      <PasskeyNameDialog target={naming} mode={naming?.mode ?? "rename"} onClose={() => setNaming(null)} />
      <ConfirmDialog
        opened={confirming}
        title={t("account.passkeys.removeTitle", { name: target ? passkeyLabel(target) : "" })}
        confirmLabel={t("account.passkeys.removeConfirm")}
        onConfirm={removeConfirmed}
        onClose={() => setConfirming(false)}
      >
        {t("account.passkeys.removeText")}
      </ConfirmDialog>
    </SectionCard>
  );
}

function PasskeyRow({
  passkey,
  lastMethod,
  busy,
  onRename,
  onRemove,
}: {
  passkey: Passkey;
  lastMethod: boolean;
  busy: boolean;
  onRename: () => void;
  onRemove: () => void;
}) {
  const label = passkeyLabel(passkey);
  const added = formatDate(passkey.createdAt);
  const dates = passkey.lastUsedAt
    ? t("account.passkeys.addedUsed", { added, used: formatRelative(passkey.lastUsedAt) })
    : t("account.passkeys.addedNotUsed", { added });
  const removeButton = (
    <ActionIcon
      variant="default"
      size="lg"
      aria-label={t("account.passkeys.removeLabel", { name: label })}
      aria-describedby={lastMethod ? "last-passkey-reason" : undefined}
      disabled={lastMethod || busy}
      onClick={onRemove}
    >
      <IconTrash size={16} aria-hidden />
    </ActionIcon>
  );
  return (
    <Paper component="li" withBorder radius="md" p="sm" data-passkey={passkey.id}>
      <Group justify="space-between" wrap="nowrap" gap="sm">
        <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
          <ThemeIcon variant="default" size={38} radius="md" aria-hidden>
            <IconKey size={20} stroke={1.6} />
          </ThemeIcon>
          <Box style={{ minWidth: 0 }}>
            <Group gap={6}>
              <Text fw={600} size="sm" style={{ overflowWrap: "anywhere" }}>
                {label}
              </Text>
              <Badge size="xs" variant="light" color={isSyncedPasskey(passkey) ? "teal" : "gray"}>
                {passkeyKind(passkey)}
              </Badge>
            </Group>
            <Text size="xs" c="dimmed">
              {dates}
            </Text>
          </Box>
        </Group>
        <Group gap="xs" wrap="nowrap">
          <Tooltip label={t("account.passkeys.rename")} withArrow>
            <ActionIcon
              variant="default"
              size="lg"
              aria-label={t("account.passkeys.renameLabel", { name: label })}
              onClick={onRename}
            >
              <IconPencil size={16} aria-hidden />
            </ActionIcon>
          </Tooltip>
          {lastMethod ? (
            <Tooltip label={t("account.passkeys.lastMethod")} multiline w={260} withArrow>
              <span>{removeButton}</span>
            </Tooltip>
          ) : (
            <Tooltip label={t("account.passkeys.remove")} withArrow>
              {removeButton}
            </Tooltip>
          )}
        </Group>
      </Group>
    </Paper>
  );
}
