import { screenRoute, signedInRoute } from "#web/lib/layout-routes.tsx";
import { lazyLoad } from "#web/lib/lazy-load.ts";

const HomePage = lazyLoad(() => import("./components/home-page.tsx").then((m) => m.HomePage));

const homeRoute = screenRoute(signedInRoute, "/", HomePage);

export const homeRoutes = [homeRoute];
