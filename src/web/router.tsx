import { createRouter } from "@tanstack/react-router";
import { AppLayout } from "./components/app-layout.tsx";
import { NotFound } from "./components/not-found.tsx";
import { PageLoader } from "./components/page-loader.tsx";
import { RouteError } from "./components/route-error.tsx";
import { publicAccountRoutes, signedInAccountRoutes } from "./features/account/routes.tsx";
import { adminRoutes } from "./features/admin/routes.tsx";
import { guestRoutes, publicAuthRoutes } from "./features/auth/routes.tsx";
import { outboxRoutes } from "./features/dev-outbox/routes.tsx";
import { homeRoutes } from "./features/home/routes.tsx";
import { publicOAuthRoutes, signedInOAuthRoutes } from "./features/oauth/routes.tsx";
import { publicOrganizationRoutes, signedInOrganizationRoutes } from "./features/organizations/routes.tsx";
import { guestRoute, rootRoute, signedInRoute } from "./lib/layout-routes.tsx";
import { lazyLoad } from "./lib/lazy-load.ts";

// The assembly: each feature declares its routes; here they are hung on the shared layouts.
// The header's organization switcher appears only once signed in: it loads then, not with the sign-in page.
const OrganizationSwitcher = lazyLoad(() =>
  import("./features/organizations/components/organization-switcher.tsx").then((m) => m.OrganizationSwitcher),
);

// The home page shows what waits for the signed-in person (issue 18: organizations their verified address lets
// in, pending invitations), a piece of the organizations feature.
const WaitingOnHome = lazyLoad(() =>
  import("./features/organizations/components/pending-invitations.tsx").then((m) => m.WaitingOnHome),
);

rootRoute.update({
  component: () => <AppLayout switcher={<OrganizationSwitcher />} />,
  notFoundComponent: NotFound,
});

const routeTree = rootRoute.addChildren([
  guestRoute.addChildren(guestRoutes),
  signedInRoute.addChildren([
    ...homeRoutes({ invitations: <WaitingOnHome /> }),
    ...signedInAccountRoutes,
    ...signedInOrganizationRoutes,
    ...adminRoutes,
    ...signedInOAuthRoutes,
  ]),
  ...publicAuthRoutes,
  ...publicAccountRoutes,
  ...publicOrganizationRoutes,
  ...publicOAuthRoutes,
  ...outboxRoutes,
]);

export const router = createRouter({
  routeTree,
  defaultPreload: "intent",
  defaultErrorComponent: RouteError,
  defaultPendingComponent: () => <PageLoader />,
  defaultNotFoundComponent: NotFound,
  scrollRestoration: true,
});

declare module "@tanstack/react-router" {
  interface Register {
    router: typeof router;
  }
}
