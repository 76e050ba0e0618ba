import type { ReactNode } from "react";
import { screenRoute, signedInRoute } from "#web/lib/layout-routes.tsx";
import { lazyLoad } from "#web/lib/lazy-load.ts";

const HomePage = lazyLoad(() => import("./components/home-page.tsx").then((m) => m.HomePage));

/**
 * The home screen, with what other features show on it passed in by router.tsx (features do not import each
 * other): the signed-in user's pending invitations (issue 18).
 */
export function homeRoutes({ invitations }: { invitations: ReactNode }) {
  const homeRoute = screenRoute(signedInRoute, "/", () => <HomePage invitations={invitations} />);
  return [homeRoute];
}
