import { Alert, Stack, Text } from "@mantine/core";
import { IconShieldLock } from "@tabler/icons-react";
import { ButtonLink } from "#web/components/button-link.tsx";
import { t } from "#web/i18n/i18n.ts";
import { errorText } from "#web/lib/api/error-text.ts";

/**
 * A sign-in refused with SSO_REQUIRED: the domain signs in only through its identity provider. The server's
 * words, and "Continue with SSO" with the address already filled in.
 */
export function SsoRequiredAlert({
  error,
  email,
  redirect,
}: {
  error: unknown;
  email: string;
  redirect?: string;
}) {
  return (
    <Alert
      color="blue"
      variant="light"
      icon={<IconShieldLock size={18} aria-hidden />}
      title={t("auth.sso.requiredTitle")}
      role="alert"
      data-testid="sso-required"
    >
      <Stack gap="sm" align="flex-start">
        <Text size="sm">{errorText(error)}</Text>
        <ButtonLink
          to="/sign-in/sso"
          search={{ email, ...(redirect ? { redirect } : {}) }}
          size="sm"
          leftSection={<IconShieldLock size={16} aria-hidden />}
        >
          {t("auth.continueWithSso")}
        </ButtonLink>
      </Stack>
    </Alert>
  );
}
