import { rootRoute, screenRoute, signedInRoute } from "#web/lib/layout-routes.tsx";
import { lazyLoad } from "#web/lib/lazy-load.ts";
import { parseAccountSearch } from "./lib/account-search.ts";

const AccountPage = lazyLoad(() => import("./components/account-page.tsx").then((m) => m.AccountPage));
const AccountDeletedPage = lazyLoad(() =>
  import("./components/account-deleted-page.tsx").then((m) => m.AccountDeletedPage),
);

const accountRoute = screenRoute(signedInRoute, "/account", AccountPage, parseAccountSearch);

// Open to anyone: whoever just deleted their account is signed out by then.
const accountDeletedRoute = screenRoute(rootRoute, "/account/deleted", AccountDeletedPage);

export const signedInAccountRoutes = [accountRoute];
export const publicAccountRoutes = [accountDeletedRoute];
