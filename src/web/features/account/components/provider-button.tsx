import { Button } from "@mantine/core";
import { IconPlus } from "@tabler/icons-react";
import { t } from "#web/i18n/i18n.ts";
import { useAppConfig } from "#web/lib/app-config.ts";
import { socialProviderInfo } from "#web/lib/social-providers.ts";

/**
 * A sign-in provider's button, with its icon and name: "Continue with …" to sign in again, or
 * the name with a plus to link it. While one provider is busy, the others wait.
 */
export function ProviderButton({
  id,
  busy,
  linking = false,
  onClick,
}: {
  id: string;
  /** The provider being used right now, if any. */
  busy: string | null;
  /** A small button to link a new provider, rather than a full-width one to sign in with it. */
  linking?: boolean;
  onClick: () => void;
}) {
  const config = useAppConfig();
  const { label, icon: Icon } = socialProviderInfo(id, config.socialProviderNames);
  return (
    <Button
      variant="default"
      size="sm"
      fullWidth={!linking}
      leftSection={<Icon size={linking ? 16 : 18} aria-hidden />}
      rightSection={linking ? <IconPlus size={14} aria-hidden /> : undefined}
      loading={busy === id}
      disabled={busy !== null && busy !== id}
      onClick={onClick}
    >
      {linking ? label : t("account.reauth.continueWith", { provider: label })}
    </Button>
  );
}
