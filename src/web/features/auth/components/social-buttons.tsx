import { Button, Divider, Stack } from "@mantine/core";
import { useState } from "react";
import { useAppConfig } from "#web/lib/app-config.ts";
import { authClient } from "#web/lib/auth-client.ts";
import { authErrorMessage } from "#web/lib/auth-errors.ts";
import { socialProviderInfo } from "#web/lib/social-providers.ts";

type SocialProvider = Parameters<typeof authClient.signIn.social>[0]["provider"];

/** "Continue with …" buttons for the social providers the server has enabled. */
export function SocialButtons({
  providers,
  callbackURL,
  onError,
}: {
  providers: string[];
  callbackURL: string;
  onError: (message: string) => void;
}) {
  const { socialProviderNames } = useAppConfig();
  const [pending, setPending] = useState<string | null>(null);
  if (providers.length === 0) return null;

  async function start(provider: string) {
    setPending(provider);
    // Failures come back as /error?error=<code>; success is a full page load, which reads the new session.
    const { error } = await authClient.signIn.social({
      provider: provider as SocialProvider,
      callbackURL,
      errorCallbackURL: "/error",
    });
    // On success the browser is already leaving for the provider.
    if (error) {
      setPending(null);
      onError(authErrorMessage(error));
    }
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
            {`Continue with ${label}`}
          </Button>
        );
      })}
      <Divider label="or" labelPosition="center" />
    </Stack>
  );
}
