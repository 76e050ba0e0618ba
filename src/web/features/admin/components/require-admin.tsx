import type { ReactNode } from "react";
import { NotFound } from "#web/components/not-found.tsx";
import { PageLoader } from "#web/components/page-loader.tsx";
import { isAdmin } from "#web/lib/admin-role.ts";
import { authClient } from "#web/lib/auth-client.ts";

/**
 * Renders the admin area only for admins. Anyone else sees the not-found
 * screen, so the area's existence is not advertised; the server refuses every
 * admin call on its own (403).
 */
export function RequireAdmin({ children }: { children: ReactNode }) {
  const { data, isPending } = authClient.useSession();
  if (isPending) return <PageLoader label="Checking your session" />;
  if (!isAdmin(data?.user)) return <NotFound />;
  return <>{children}</>;
}
