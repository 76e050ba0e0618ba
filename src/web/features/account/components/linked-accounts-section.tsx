import {
  Alert,
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
import { IconAlertCircle, IconInfoCircle, IconLinkOff, IconPlus } from "@tabler/icons-react";
import { getRouteApi } from "@tanstack/react-router";
import { useState } from "react";
import { useAppConfig } from "#web/lib/app-config.ts";
import { authClient } from "#web/lib/auth-client.ts";
import { formatDate } from "#web/lib/format.ts";
import { describeRedirectError } from "#web/lib/redirect-errors.ts";
import { CREDENTIAL_PROVIDER, socialProviderInfo } from "#web/lib/social-providers.ts";
import { type LinkedAccount, useLinkedAccounts } from "../api/use-linked-accounts.ts";
import { useUnlinkAccount } from "../api/use-unlink-account.ts";
import { unwrap } from "../lib/auth-call.ts";
import { notifyError, notifySuccess } from "../lib/notify.ts";

import { ConfirmDialog } from "./confirm-dialog.tsx";
import { LoadError } from "./load-error.tsx";
import { SectionCard } from "./section-card.tsx";

const route = getRouteApi("/account");

type SocialProvider = Parameters<typeof authClient.linkSocial>[0]["provider"];

const LAST_METHOD_REASON =
  "This is your only way to sign in. Link another account or set a password before you unlink it.";

/** Sign-in methods: list (GET /list-accounts), link (POST /link-social), unlink (POST /unlink-account). */
export function LinkedAccountsSection() {
  const search = route.useSearch();
  const config = useAppConfig();
  const accounts = useLinkedAccounts();
  const unlink = useUnlinkAccount();
  const [linking, setLinking] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<LinkedAccount | null>(null);
  const [returnError, setReturnError] = useState<string | null>(
    search.linked ? (search.error ?? null) : null,
  );

  const list = accounts.data ?? [];
  const onlyOne = list.length <= 1;
  const linkedProviders = new Set(list.map((account) => account.providerId));
  const linkable = config.socialProviders.filter((id) => !linkedProviders.has(id));

  async function link(provider: string) {
    setLinking(provider);
    try {
      await unwrap(
        authClient.linkSocial({
          provider: provider as SocialProvider,
          callbackURL: "/account?section=linked&linked=returned",
          errorCallbackURL: "/account?section=linked&linked=returned",
        }),
      );
      // The browser is leaving for the provider.
    } catch (error) {
      setLinking(null);
      notifyError(`Could not link ${socialProviderInfo(provider, config.socialProviderNames).label}`, error);
    }
  }

  function unlinkConfirmed() {
    const account = confirming;
    if (!account) return;
    const { label } = socialProviderInfo(account.providerId, config.socialProviderNames);
    // Closed first: the re-authentication dialog may need the screen.
    setConfirming(null);
    unlink.mutate(account, {
      onSuccess: () => notifySuccess(`${label} unlinked`, `You can no longer sign in with ${label}.`),
      onError: (error) => notifyError(`Could not unlink ${label}`, error),
    });
  }

  const confirmingLabel = confirming
    ? socialProviderInfo(confirming.providerId, config.socialProviderNames).label
    : "";

  const problem = returnError ? describeRedirectError(returnError) : null;

  return (
    <SectionCard
      id="linked"
      title="Linked accounts"
      description="The ways you can sign in. Keep at least one: you can't unlink your last sign-in method."
    >
      <Stack gap="md">
        {problem ? (
          <Alert
            color="red"
            variant="light"
            title={problem.title}
            icon={<IconAlertCircle size={18} aria-hidden />}
            withCloseButton
            closeButtonLabel="Dismiss"
            onClose={() => setReturnError(null)}
          >
            {problem.description}
          </Alert>
        ) : null}

        {accounts.isPending ? (
          <Stack gap="sm" aria-hidden>
            <Skeleton h={64} />
            <Skeleton h={64} />
          </Stack>
        ) : accounts.isError ? (
          <LoadError error={accounts.error} onRetry={() => accounts.refetch()} />
        ) : (
          <Stack gap="sm" component="ul" style={{ listStyle: "none", padding: 0, margin: 0 }}>
            {list.map((account) => {
              const { label, icon: Icon } = socialProviderInfo(
                account.providerId,
                config.socialProviderNames,
              );
              const busy = unlink.isPending && unlink.variables?.id === account.id;
              const button = (
                <Button
                  size="xs"
                  variant="default"
                  leftSection={<IconLinkOff size={14} aria-hidden />}
                  disabled={onlyOne || unlink.isPending}
                  loading={busy}
                  onClick={() => setConfirming(account)}
                  aria-label={`Unlink ${label}`}
                  aria-describedby={onlyOne ? "last-method-reason" : undefined}
                >
                  Unlink
                </Button>
              );
              return (
                <Paper key={account.id} component="li" withBorder radius="md" p="sm">
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
                              Only method
                            </Badge>
                          ) : null}
                        </Group>
                        <Text size="xs" c="dimmed">{`Linked ${formatDate(account.createdAt)}`}</Text>
                      </Box>
                    </Group>
                    {onlyOne ? (
                      <Tooltip label={LAST_METHOD_REASON} multiline w={260} withArrow>
                        <span>{button}</span>
                      </Tooltip>
                    ) : (
                      button
                    )}
                  </Group>
                </Paper>
              );
            })}
          </Stack>
        )}

        {accounts.isSuccess && onlyOne ? (
          <Text size="sm" c="dimmed" id="last-method-reason">
            <IconInfoCircle size={14} aria-hidden style={{ verticalAlign: "-2px", marginRight: 4 }} />
            {LAST_METHOD_REASON}
          </Text>
        ) : null}

        <Box>
          <Text fw={600} size="sm" mb="xs">
            Link another account
          </Text>
          {linkable.length === 0 ? (
            <Text size="sm" c="dimmed">
              {config.socialProviders.length === 0
                ? "No other sign-in providers are enabled on this server."
                : "Every provider enabled on this server is already linked."}
            </Text>
          ) : (
            <Group gap="sm">
              {linkable.map((id) => {
                const { label, icon: Icon } = socialProviderInfo(id, config.socialProviderNames);
                return (
                  <Button
                    key={id}
                    variant="default"
                    size="sm"
                    leftSection={<Icon size={16} aria-hidden />}
                    rightSection={<IconPlus size={14} aria-hidden />}
                    loading={linking === id}
                    disabled={linking !== null && linking !== id}
                    onClick={() => link(id)}
                  >
                    {label}
                  </Button>
                );
              })}
            </Group>
          )}
        </Box>
      </Stack>
      <ConfirmDialog
        opened={confirming !== null}
        title={`Unlink ${confirmingLabel}?`}
        confirmLabel="Unlink"
        color="red.9"
        onConfirm={unlinkConfirmed}
        onCancel={() => setConfirming(null)}
      >
        <Text size="sm">
          {confirming?.providerId === CREDENTIAL_PROVIDER
            ? "You will no longer be able to sign in with your email and password. You can set a password again later."
            : `You will no longer be able to sign in with ${confirmingLabel}. You can link it again later.`}
        </Text>
      </ConfirmDialog>
    </SectionCard>
  );
}
