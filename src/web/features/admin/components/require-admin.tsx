import type { ReactNode } from "react";
import { NotFound } from "#web/components/not-found.tsx";
import { PageLoader } from "#web/components/page-loader.tsx";
import { useAdminSession } from "../api/use-admin-session.ts";

/**
 * Renders the admin area only for admins. Anyone else sees the not-found
 * screen, so the area's existence is not advertised; the server refuses every
 * admin call on its own (403).
 */
export function RequireAdmin({ children }: { children: ReactNode }) {
  const { isPending, isAdmin } = useAdminSession();
  if (isPending) return <PageLoader label="Checking your session" />;
  if (!isAdmin) return <NotFound />;
  return <>{children}</>;
}
