import { Anchor, Button, Divider, Group, Paper, Skeleton, Stack, Text } from "@mantine/core";
import { IconArrowsExchange } from "@tabler/icons-react";
import { useMemo } from "react";
import { AppLogo } from "#web/components/app-logo.tsx";
import { AuthCard } from "#web/components/auth-card.tsx";
import { ErrorAlert } from "#web/components/error-alert.tsx";
import { TextLink } from "#web/components/text-link.tsx";
import { UserAvatar } from "#web/components/user-avatar.tsx";
import { t } from "#web/i18n/i18n.ts";
import { T } from "#web/i18n/locale-root.tsx";
import { isNotFound } from "#web/lib/api/api-error.ts";
import { useAppConfig } from "#web/lib/app-config.ts";
import { authClient } from "#web/lib/auth-client.ts";
import { signedQuery } from "#web/lib/oauth-authorization.ts";
import { scopeList } from "#web/lib/oauth-scopes.ts";
import { useSignOut } from "#web/lib/session-actions.ts";
import { usePageTitle } from "#web/lib/use-page-title.ts";
import { useConsentAnswer, usePublicClient } from "../api/use-consent.ts";
import { authorizationErrorText } from "../lib/oauth-errors.ts";
import { AuthorizationErrorCard } from "./oauth-error-page.tsx";
import { ScopeList } from "./scope-list.tsx";

/** The host an address points at, for "you'll return to …"; nothing for what does not parse. */
function hostOf(address: string | undefined | null): string | undefined {
  if (!address) return undefined;
  try {
    const url = new URL(address);
    return url.host || `${url.protocol}${url.pathname}`;
  } catch {
    return undefined;
  }
}

/** What the provider's signed request says, read from the address bar as it was signed. */
function useConsentRequest() {
  return useMemo(() => {
    const params = new URLSearchParams(window.location.search);
    return {
      clientId: params.get("client_id") ?? undefined,
      scopes: scopeList(params.get("scope")),
      redirectUri: params.get("redirect_uri"),
      oauthQuery: signedQuery(window.location.search),
    };
  }, []);
}

/**
 * /oauth/consent: an app asks to sign the person in and to see some of their account. Names the app, its
 * logo and address, each permission in plain words; Allow or Deny goes back to the app.
 */
export function ConsentPage() {
  const config = useAppConfig();
  const request = useConsentRequest();
  const client = usePublicClient(request.clientId);
  const answer = useConsentAnswer(request.oauthQuery);
  const { data: session } = authClient.useSession();
  // Another account: sign out, then sign in again with the same request (the sign-in page resumes it).
  const switchAccount = useSignOut(() => window.location.assign(`/sign-in${window.location.search}`));
  const name = client.data?.client_name?.trim() || t("oauth.consent.thisApp");
  usePageTitle(client.data ? t("oauth.consent.pageTitle", { name }) : t("oauth.consent.pageTitleLoading"));

  if (!request.clientId || !request.oauthQuery) {
    return <AuthorizationErrorCard code="invalid_request" />;
  }
  if (client.isError) {
    return <AuthorizationErrorCard code={isNotFound(client.error) ? "invalid_client" : "unavailable"} />;
  }
  const site = hostOf(client.data?.client_uri) ?? hostOf(request.redirectUri);
  const busy = answer.isPending || answer.isSuccess;

  return (
    <AuthCard
      width={460}
      title={
        client.data ? t("oauth.consent.title", { name, product: config.appName }) : t("oauth.consent.loading")
      }
      leading={
        <Group gap="sm" mb={4} aria-hidden>
          <AppLogo name={client.data?.client_name} logo={client.data?.logo_uri} size={56} />
          <IconArrowsExchange size={20} stroke={1.6} color="var(--mantine-color-dimmed)" />
          <UserAvatar
            name={session?.user.name}
            email={session?.user.email}
            image={session?.user.image}
            size={56}
            radius="xl"
          />
        </Group>
      }
      subtitle={
        site ? (
          <T
            id="oauth.consent.from"
            values={{ site }}
            components={{
              site: <Text span fw={600} c="var(--mantine-color-text)" data-testid="consent-site" />,
            }}
          />
        ) : undefined
      }
      footer={
        <Text size="sm" c="dimmed">
          <T
            id="oauth.consent.takeBack"
            components={{ link: <TextLink to="/account" search={{ section: "apps" }} /> }}
          />
        </Text>
      }
    >
      {client.isPending ? (
        <Stack gap="sm" aria-hidden>
          <Skeleton h={40} />
          <Skeleton h={40} />
        </Stack>
      ) : (
        <Stack gap="md">
          {session ? (
            <Paper withBorder radius="md" px="sm" py={8}>
              <Group justify="space-between" gap="xs" wrap="wrap">
                <Text size="sm" style={{ overflowWrap: "anywhere", minWidth: 0 }}>
                  <T
                    id="oauth.consent.signedInAs"
                    values={{ email: session.user.email }}
                    components={{ email: <Text span fw={600} /> }}
                  />
                </Text>
                <Button
                  variant="subtle"
                  size="compact-sm"
                  loading={switchAccount.isPending}
                  onClick={() => switchAccount.mutate()}
                >
                  {t("oauth.consent.switchAccount")}
                </Button>
              </Group>
            </Paper>
          ) : null}
          <Text size="sm" fw={600}>
            {t("oauth.consent.willBeAbleTo", { name })}
          </Text>
          <ScopeList scopes={request.scopes} />
          {client.data?.policy_uri || client.data?.tos_uri ? (
            <Text size="xs" c="dimmed">
              <T
                id={
                  client.data.policy_uri && client.data.tos_uri
                    ? "oauth.consent.readBoth"
                    : client.data.policy_uri
                      ? "oauth.consent.readPolicy"
                      : "oauth.consent.readTerms"
                }
                values={{ name }}
                components={{
                  policy: <Anchor href={client.data.policy_uri} target="_blank" rel="noopener noreferrer" />,
                  terms: <Anchor href={client.data.tos_uri} target="_blank" rel="noopener noreferrer" />,
                }}
              />
            </Text>
          ) : null}
          <ErrorAlert
            error={answer.error}
            wording={{
              // The consent's answer without its pending authorization (or its app) means the request is over.
              codes: {
                invalid_signature: authorizationErrorText("invalid_signature").description,
                invalid_request: authorizationErrorText("invalid_request_uri").description,
                invalid_client: authorizationErrorText("invalid_request_uri").description,
              },
            }}
          />
          <Divider />
          <Group grow gap="sm">
            <Button
              variant="default"
              size="md"
              disabled={busy && answer.variables !== false}
              loading={busy && answer.variables === false}
              onClick={() => answer.mutate(false)}
            >
              {t("oauth.consent.deny")}
            </Button>
            <Button
              size="md"
              disabled={busy && answer.variables !== true}
              loading={busy && answer.variables === true}
              onClick={() => answer.mutate(true)}
              data-autofocus
            >
              {t("oauth.consent.allow")}
            </Button>
          </Group>
        </Stack>
      )}
    </AuthCard>
  );
}
