import { Divider, Stack } from "@mantine/core";
import { IconLink, IconMail } from "@tabler/icons-react";
import { ButtonLink } from "#web/components/button-link.tsx";
import { t } from "#web/i18n/i18n.ts";
import type { MessageId } from "#web/i18n/message-id.ts";
import { useAppConfig } from "#web/lib/app-config.ts";

const OPTIONS = [
  { setting: "emailCodeSignIn", to: "/sign-in/code", Icon: IconMail, label: "auth.signIn.emailCode" },
  { setting: "magicLinkSignIn", to: "/sign-in/email-link", Icon: IconLink, label: "auth.signIn.emailLink" },
] as const satisfies readonly { setting: string; to: string; Icon: unknown; label: MessageId }[];

/**
 * "Email me a sign-in code" / "Email me a sign-in link" under the password form, each only when the
 * server offers it (EMAIL_CODE_SIGN_IN, MAGIC_LINK_SIGN_IN). The address typed so far and the redirect
 * target go along.
 */
export function EmailSignInOptions({
  email,
  redirect,
  divider = true,
}: {
  email: string;
  redirect?: string;
  /** Off when the passkey button above already opened the "without a password" group. */
  divider?: boolean;
}) {
  const config = useAppConfig();
  if (!config.emailCodeSignIn && !config.magicLinkSignIn) return null;
  const search = { ...(email ? { email } : {}), ...(redirect ? { redirect } : {}) };
  return (
    <Stack gap="sm">
      {divider ? <Divider label={t("auth.orWithoutPassword")} labelPosition="center" /> : null}
      {OPTIONS.filter((option) => config[option.setting]).map(({ to, Icon, label }) => (
        <ButtonLink
          key={to}
          to={to}
          search={search}
          variant="default"
          fullWidth
          leftSection={<Icon size={18} aria-hidden />}
        >
          {t(label)}
        </ButtonLink>
      ))}
    </Stack>
  );
}
