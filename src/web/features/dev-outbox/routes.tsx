import { rootRoute, screenRoute } from "#web/lib/layout-routes.tsx";
import { lazyLoad } from "#web/lib/lazy-load.ts";

const OutboxPage = lazyLoad(() => import("./components/outbox-page.tsx").then((m) => m.OutboxPage));

const outboxRoute = screenRoute(rootRoute, "/dev/outbox", OutboxPage);

export const outboxRoutes = [outboxRoute];
