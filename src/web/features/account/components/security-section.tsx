import { Stack } from "@mantine/core";
import type { Session } from "#web/lib/auth-client.ts";
import { PasskeysCard } from "./passkeys-card.tsx";
import { TrustedDevicesCard } from "./trusted-devices-card.tsx";
import { TwoFactorCard } from "./two-factor-card.tsx";

/** Account → Security: how sign-in is protected, one card per way (two-factor first). */
export function SecuritySection({ user }: { user: Session["user"] }) {
  const twoFactor = Boolean((user as { twoFactorEnabled?: boolean | null }).twoFactorEnabled);
  return (
    <Stack gap="lg">
      <TwoFactorCard user={user} />
      {twoFactor ? <TrustedDevicesCard /> : null}
      <PasskeysCard />
    </Stack>
  );
}
