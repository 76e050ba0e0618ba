import { Alert, Box, Button, Stack, Text } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { NotFound } from "#web/components/not-found.tsx";
import { PageLoader } from "#web/components/page-loader.tsx";
import { TwoFactorRequired } from "#web/components/two-factor-required.tsx";
import { t } from "#web/i18n/i18n.ts";
import { isTwoFactorRequired } from "#web/lib/api/api-error.ts";
import { authCall } from "#web/lib/api/call.ts";
import { authClient } from "#web/lib/auth-client.ts";
import { useStopImpersonating } from "#web/lib/session-actions.ts";
import { ADMIN_KEY } from "../api/admin-users.ts";
import { useAdminSession } from "../api/use-admin-session.ts";

/**
 * Renders the admin area only for admins. Anyone else sees the not-found
 * screen, so the area's existence is not advertised; the server refuses every
 * admin call on its own (403). With REQUIRE_2FA_FOR_ADMINS, an admin without two-factor or a passkey is
 * refused too: one small call finds out, and they are shown the way to enrol instead of failing pages.
 * While impersonating, the admin is told to stop first.
 */
export function RequireAdmin({ children }: { children: ReactNode }) {
  const { isPending, isAdmin, userId, impersonating } = useAdminSession();
  const gate = useQuery({
    queryKey: [ADMIN_KEY, "gate", userId],
    queryFn: () => authCall((o) => authClient.admin.listUsers({ query: { limit: 1 } }, o)),
    enabled: isAdmin,
    staleTime: 60_000,
  });
  if (isPending || (isAdmin && gate.isPending)) return <PageLoader label={t("admin.gate.checking")} />;
  // The admin behind an impersonation knows the area: tell them why it is closed, with the way back.
  if (impersonating) return <ClosedWhileImpersonating name={impersonating} />;
  if (!isAdmin) return <NotFound />;
  if (isTwoFactorRequired(gate.error)) {
    return (
      <Box maw={640} mx="auto" py={{ base: "md", sm: 48 }}>
        <TwoFactorRequired
          title={t("admin.gate.twoFactorTitle")}
          description={t("admin.gate.twoFactorDescription")}
        />
      </Box>
    );
  }
  return <>{children}</>;
}

function ClosedWhileImpersonating({ name }: { name: string }) {
  // Stopping swaps the session cookie back to the admin's: reload this screen as them.
  const stop = useStopImpersonating(() => window.location.reload());
  return (
    <Box maw={640} mx="auto" py={{ base: "md", sm: 48 }}>
      <Alert color="yellow" variant="light" title={t("admin.gate.impersonatingTitle")}>
        <Stack gap="sm" align="flex-start">
          <Text size="sm" style={{ overflowWrap: "anywhere" }}>
            {t("admin.gate.impersonatingBody", { name })}
          </Text>
          <Button onClick={() => stop.mutate()} loading={stop.isPending || stop.isSuccess}>
            {t("admin.gate.stopImpersonating")}
          </Button>
        </Stack>
      </Alert>
    </Box>
  );
}
