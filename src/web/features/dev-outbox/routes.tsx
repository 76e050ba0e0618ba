import { createRoute } from "@tanstack/react-router";
import { rootRoute } from "#web/lib/layout-routes.tsx";
import { lazyLoad } from "#web/lib/lazy-load.ts";

const OutboxPage = lazyLoad(() => import("./components/outbox-page.tsx").then((m) => m.OutboxPage));

const outboxRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: "/dev/outbox",
  component: OutboxPage,
});

export const outboxRoutes = [outboxRoute];
