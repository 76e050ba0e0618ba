import { Button, Divider, Stack } from "@mantine/core";
import {
  IconBrandDiscord,
  IconBrandGithub,
  IconBrandGitlab,
  IconBrandGoogle,
  IconBrandWindows,
  IconKey,
} from "@tabler/icons-react";
import { useState } from "react";
import { authClient } from "#web/lib/auth-client.ts";
import { authErrorMessage } from "#web/lib/auth-errors.ts";

const PROVIDERS: Record<string, { label: string; icon: typeof IconKey }> = {
  github: { label: "GitHub", icon: IconBrandGithub },
  google: { label: "Google", icon: IconBrandGoogle },
  gitlab: { label: "GitLab", icon: IconBrandGitlab },
  discord: { label: "Discord", icon: IconBrandDiscord },
  microsoft: { label: "Microsoft", icon: IconBrandWindows },
};

function providerInfo(id: string) {
  return PROVIDERS[id] ?? { label: id.charAt(0).toUpperCase() + id.slice(1), icon: IconKey };
}

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
  const [pending, setPending] = useState<string | null>(null);
  if (providers.length === 0) return null;

  async function start(provider: string) {
    setPending(provider);
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
        const { label, icon: Icon } = providerInfo(id);
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
          >
            {`Continue with ${label}`}
          </Button>
        );
      })}
      <Divider label="or" labelPosition="center" />
    </Stack>
  );
}
