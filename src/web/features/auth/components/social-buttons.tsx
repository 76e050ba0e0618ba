import { Button, Divider, Stack } from "@mantine/core";
import type { ReactNode } from "react";
import { t } from "#web/i18n/i18n.ts";
import { useAppConfig } from "#web/lib/app-config.ts";
import { socialProviderInfo } from "#web/lib/social-providers.ts";
import { useSocialSignIn } from "../api/use-auth-mutations.ts";

/** "Continue with …" buttons for the social providers the server has enabled. */
export function SocialButtons({
  providers,
  callbackURL,
  onError,
  children,
}: {
  providers: string[];
  callbackURL: string;
  /** A refusal before leaving for the provider; later failures come back as /error?error=<code>. */
  onError: (error: unknown) => void;
  /** More ways in after the providers' buttons (sign-in: "Continue with SSO"). */
  children?: ReactNode;
}) {
  const { socialProviderNames } = useAppConfig();
  const signIn = useSocialSignIn();
  if (providers.length === 0 && !children) return null;
  // On success the browser is already leaving for the provider, so the button keeps spinning.
  const pending = signIn.isPending || signIn.isSuccess ? (signIn.variables?.provider ?? null) : null;

  function start(provider: string) {
    signIn.mutate({ provider, callbackURL }, { onError });
  }

  return (
    <Stack gap="sm">
      {providers.map((id) => {
        const { label, icon: Icon } = socialProviderInfo(id, socialProviderNames);
        return (
          <Button
            key={id}
            variant="default"
            fullWidth
            size="md"
            leftSection={<Icon size={18} aria-hidden />}
            loading={pending === id}
            disabled={pending !== null && pending !== id}
            onClick={() => start(id)}
            data-provider={id}
          >
            {t("auth.social.continueWith", { provider: label })}
          </Button>
        );
      })}
      {children}
      <Divider label={t("auth.social.or")} labelPosition="center" />
    </Stack>
  );
}
