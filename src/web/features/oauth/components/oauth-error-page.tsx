import { Code, Stack, Text } from "@mantine/core";
import { IconAlertTriangle } from "@tabler/icons-react";
import { getRouteApi } from "@tanstack/react-router";
import { AuthCard } from "#web/components/auth-card.tsx";
import { ButtonLink } from "#web/components/button-link.tsx";
import { t } from "#web/i18n/i18n.ts";
import { T } from "#web/i18n/locale-root.tsx";
import { sanitizeErrorCode } from "#web/lib/redirect-errors.ts";
import { usePageTitle } from "#web/lib/use-page-title.ts";
import { authorizationErrorText } from "../lib/oauth-errors.ts";

const route = getRouteApi("/oauth/error");

/** Why an app's sign-in request stopped here, and the code for whoever debugs it. */
export function AuthorizationErrorCard({ code, detail }: { code: string; detail?: string }) {
  const clean = sanitizeErrorCode(code);
  const text = authorizationErrorText(clean);
  usePageTitle(text.title);
  return (
    <AuthCard
      title={text.title}
      icon={<IconAlertTriangle size={26} stroke={1.6} />}
      iconColor="red"
      subtitle={text.description}
    >
      <Stack gap="md">
        <ButtonLink to="/" size="md" variant="default" fullWidth>
          {t("oauth.errorPage.toAccount")}
        </ButtonLink>
        {clean ? (
          <Text size="xs" c="dimmed" ta="center" style={{ overflowWrap: "anywhere" }}>
            <T
              id={detail ? "oauth.errorPage.forDeveloperDetail" : "oauth.errorPage.forDeveloper"}
              values={{ code: clean, detail }}
              components={{ code: <Code /> }}
            />
          </Text>
        ) : null}
      </Stack>
    </AuthCard>
  );
}

/**
 * /oauth/error: an authorization the provider could not send back to the app (unknown or disabled app,
 * unregistered redirect URI, malformed request). The app's redirect URI is never followed from here.
 */
export function OAuthErrorPage() {
  const { error, error_description: description } = route.useSearch();
  return <AuthorizationErrorCard code={error ?? ""} detail={description?.slice(0, 200)} />;
}
