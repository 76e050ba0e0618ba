import { z } from "zod";
import { optionalText } from "#shared/fields.ts";
import { rootRoute, screenRoute, signedInRoute } from "#web/lib/layout-routes.tsx";
import { lazyLoad } from "#web/lib/lazy-load.ts";
import { searchParams } from "#web/lib/search-params.ts";
import { parseAccountSearch } from "./lib/account-search.ts";

const AccountPage = lazyLoad(() => import("./components/account-page.tsx").then((m) => m.AccountPage));
const AccountDeletedPage = lazyLoad(() =>
  import("./components/account-deleted-page.tsx").then((m) => m.AccountDeletedPage),
);

const accountRoute = screenRoute(signedInRoute, "/account", AccountPage, parseAccountSearch);

// Open to anyone: whoever just deleted their account is signed out by then.
const accountDeletedRoute = screenRoute(
  rootRoute,
  "/account/deleted",
  AccountDeletedPage,
  searchParams(z.object({ outcome: optionalText })),
);

// Where both email-change links land, signed in or out (issue 20): open to anyone.
const EmailChangePage = lazyLoad(() =>
  import("./components/email-change-page.tsx").then((m) => m.EmailChangePage),
);
const emailChangeRoute = screenRoute(
  rootRoute,
  "/email-change",
  EmailChangePage,
  searchParams(z.object({ outcome: optionalText, error: optionalText })),
);

export const signedInAccountRoutes = [accountRoute];
export const publicAccountRoutes = [accountDeletedRoute, emailChangeRoute];
