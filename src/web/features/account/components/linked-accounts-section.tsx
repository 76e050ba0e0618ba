import { Badge, Box, Button, Group, Paper, Skeleton, Stack, Text, ThemeIcon, Tooltip } from "@mantine/core";
import { IconInfoCircle, IconLinkOff } from "@tabler/icons-react";
import { getRouteApi } from "@tanstack/react-router";
import { useState } from "react";
import { ConfirmDialog } from "#web/components/confirm-dialog.tsx";
import { LoadError } from "#web/components/error-alert.tsx";
import { SectionCard } from "#web/components/section-card.tsx";
import { t } from "#web/i18n/i18n.ts";
import { useAppConfig } from "#web/lib/app-config.ts";
import { formatDate } from "#web/lib/format.ts";
import { CREDENTIAL_PROVIDER, socialProviderInfo } from "#web/lib/social-providers.ts";
import {
  type LinkedAccount,
  useLinkAccount,
  useLinkedAccounts,
  useUnlinkAccount,
} from "../api/use-linked-accounts.ts";
import { usePasskeys } from "../api/use-passkeys.ts";
import { RedirectErrorAlert } from "./account-alerts.tsx";
import { ProviderButton } from "./provider-button.tsx";

const route = getRouteApi("/_signed-in/account");

/** Sign-in methods: list (GET /list-accounts), link (POST /link-social), unlink (POST /unlink-account). */
export function LinkedAccountsSection() {
  const search = route.useSearch();
  const config = useAppConfig();
  const accounts = useLinkedAccounts();
  const labelOf = (providerId: string) => socialProviderInfo(providerId, config.socialProviderNames).label;
  // Kept after the dialog closes, for the notification that follows the unlinking.
  const [target, setTarget] = useState<LinkedAccount | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [linking, setLinking] = useState<string | null>(null);
  const targetLabel = target ? labelOf(target.providerId) : "";
  const unlink = useUnlinkAccount(targetLabel);
  const link = useLinkAccount(linking ? labelOf(linking) : "");
  const [returnError, setReturnError] = useState<string | null>(
    search.linked ? (search.error ?? null) : null,
  );

  const passkeys = usePasskeys();
  const list = accounts.data ?? [];
  // Passkeys are a way to sign in too: with one, the last account may go.
  const onlyOne = list.length <= 1 && !passkeys.data?.length;
  const linkedProviders = new Set(list.map((account) => account.providerId));
  const linkable = config.socialProviders.filter((id) => !linkedProviders.has(id));
  // Once the provider accepted, the browser is leaving: the buttons stay busy.
  const leaving = link.isPending || link.isSuccess;

  function startLink(provider: string) {
    setLinking(provider);
    link.mutate(provider);
  }

  function unlinkConfirmed() {
    if (!target) return;
    // Closed first: the re-authentication dialog may need the screen.
    setConfirming(false);
    unlink.mutate(target);
  }

  return (
    <SectionCard id="linked" title={t("account.linked.title")} description={t("account.linked.description")}>
      <Stack gap="md">
        <RedirectErrorAlert code={returnError} onClose={() => setReturnError(null)} />

        {accounts.isPending ? (
          <Stack gap="sm" aria-hidden>
            <Skeleton h={64} />
            <Skeleton h={64} />
          </Stack>
        ) : accounts.isError ? (
          <LoadError
            title={t("account.linked.loadFailed")}
            error={accounts.error}
            onRetry={() => accounts.refetch()}
          />
        ) : (
          <Stack gap="sm" component="ul" style={{ listStyle: "none", padding: 0, margin: 0 }}>
            {list.map((account) => (
              <LinkedAccountRow
                key={account.id}
                account={account}
                onlyOne={onlyOne}
                busy={unlink.isPending}
                unlinking={unlink.isPending && unlink.variables?.id === account.id}
                onUnlink={() => {
                  setTarget(account);
                  setConfirming(true);
                }}
              />
            ))}
          </Stack>
        )}

        {accounts.isSuccess && onlyOne ? (
          <Text size="sm" c="dimmed" id="last-method-reason">
            <IconInfoCircle size={14} aria-hidden style={{ verticalAlign: "-2px", marginInlineEnd: 4 }} />
            {t("account.linked.lastMethod")}
          </Text>
        ) : null}

        <Box>
          <Text fw={600} size="sm" mb="xs">
            {t("account.linked.linkAnother")}
          </Text>
          {linkable.length === 0 ? (
            <Text size="sm" c="dimmed">
              {config.socialProviders.length === 0
                ? t("account.linked.noProviders")
                : t("account.linked.allLinked")}
            </Text>
          ) : (
            <Group gap="sm">
              {linkable.map((id) => (
                <ProviderButton
                  key={id}
                  id={id}
                  linking
                  busy={leaving ? linking : null}
                  onClick={() => startLink(id)}
                />
              ))}
            </Group>
          )}
        </Box>
      </Stack>
      <ConfirmDialog
        opened={confirming}
        title={t("account.linked.unlinkTitle", { provider: targetLabel })}
        confirmLabel={t("account.linked.unlink")}
        onConfirm={unlinkConfirmed}
        onClose={() => setConfirming(false)}
      >
        {target?.providerId === CREDENTIAL_PROVIDER
          ? t("account.linked.unlinkPasswordText")
          : t("account.linked.unlinkText", { provider: targetLabel })}
      </ConfirmDialog>
    </SectionCard>
  );
}

function LinkedAccountRow({
  account,
  onlyOne,
  busy,
  unlinking,
  onUnlink,
}: {
  account: LinkedAccount;
  onlyOne: boolean;
  busy: boolean;
  unlinking: boolean;
  onUnlink: () => void;
}) {
  const config = useAppConfig();
  const { label, icon: Icon } = socialProviderInfo(account.providerId, config.socialProviderNames);
  const button = (
    <Button
      size="xs"
      variant="default"
      leftSection={<IconLinkOff size={14} aria-hidden />}
      disabled={onlyOne || busy}
      loading={unlinking}
      onClick={onUnlink}
      aria-label={t("account.linked.unlinkLabel", { provider: label })}
      aria-describedby={onlyOne ? "last-method-reason" : undefined}
    >
      {t("account.linked.unlink")}
    </Button>
  );
  return (
    <Paper component="li" withBorder radius="md" p="sm">
      <Group justify="space-between" wrap="nowrap" gap="sm">
        <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
          <ThemeIcon variant="default" size={38} radius="md" aria-hidden>
            <Icon size={20} stroke={1.6} />
          </ThemeIcon>
          <Box style={{ minWidth: 0 }}>
            <Group gap={6}>
              <Text fw={600} size="sm">
                {label}
              </Text>
              {onlyOne ? (
                <Badge size="xs" variant="light" color="gray">
                  {t("account.linked.onlyMethod")}
                </Badge>
              ) : null}
            </Group>
            <Text size="xs" c="dimmed">
              {t("account.linked.linkedOn", { date: formatDate(account.createdAt) })}
            </Text>
          </Box>
        </Group>
        {onlyOne ? (
          <Tooltip label={t("account.linked.lastMethod")} multiline w={260} withArrow>
            <span>{button}</span>
          </Tooltip>
        ) : (
          button
        )}
      </Group>
    </Paper>
  );
}
