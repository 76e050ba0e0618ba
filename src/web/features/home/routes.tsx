import { createRoute } from "@tanstack/react-router";
import { signedInRoute } from "#web/lib/layout-routes.tsx";
import { lazyLoad } from "#web/lib/lazy-load.ts";

const HomePage = lazyLoad(() => import("./components/home-page.tsx").then((m) => m.HomePage));

const homeRoute = createRoute({ getParentRoute: () => signedInRoute, path: "/", component: HomePage });

export const homeRoutes = [homeRoute];
