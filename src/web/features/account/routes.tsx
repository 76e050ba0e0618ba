import { createRoute } from "@tanstack/react-router";
import { rootRoute, signedInRoute } from "#web/lib/layout-routes.tsx";
import { lazyLoad } from "#web/lib/lazy-load.ts";
import { parseAccountSearch } from "./lib/account-search.ts";

const AccountPage = lazyLoad(() => import("./components/account-page.tsx").then((m) => m.AccountPage));
const AccountDeletedPage = lazyLoad(() =>
  import("./components/account-deleted-page.tsx").then((m) => m.AccountDeletedPage),
);

const accountRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: "/account",
  validateSearch: parseAccountSearch,
  component: AccountPage,
});

// Open to anyone: whoever just deleted their account is signed out by then.
const accountDeletedRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: "/account/deleted",
  component: AccountDeletedPage,
});

export const signedInAccountRoutes = [accountRoute];
export const publicAccountRoutes = [accountDeletedRoute];
