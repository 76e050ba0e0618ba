import { createRoute, redirect } from "@tanstack/react-router";
import { pageNumber } from "#shared/fields.ts";
import { parseAuditSearch } from "#web/lib/audit-search.ts";
import { screenRoute, signedInRoute } from "#web/lib/layout-routes.tsx";
import { lazyLoad } from "#web/lib/lazy-load.ts";
import { parseUsersSearch } from "./lib/users-search.ts";

const ApplicationsPage = lazyLoad(() =>
  import("./components/applications-page.tsx").then((m) => m.ApplicationsPage),
);
const ApplicationPage = lazyLoad(() =>
  import("./components/application-page.tsx").then((m) => m.ApplicationPage),
);
const AuditLogPage = lazyLoad(() => import("./components/audit-log-page.tsx").then((m) => m.AuditLogPage));
const AdminWebhooksPage = lazyLoad(() =>
  import("./components/webhooks-page.tsx").then((m) => m.AdminWebhooksPage),
);
const AdminUserPage = lazyLoad(() => import("./components/admin-user-page.tsx").then((m) => m.AdminUserPage));
const AdminUsersPage = lazyLoad(() =>
  import("./components/admin-users-page.tsx").then((m) => m.AdminUsersPage),
);

// Signed-in admins only; anyone else gets the not-found screen, so the area is not advertised.
const adminRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: "/admin",
  // Loaded on demand with the rest of the admin area: no visitor of the sign-in page needs it.
  component: lazyLoad(() => import("./components/admin-area.tsx").then((m) => m.AdminArea)),
});

const adminIndexRoute = createRoute({
  getParentRoute: () => adminRoute,
  path: "/",
  beforeLoad: () => {
    throw redirect({ to: "/admin/users", replace: true });
  },
});

const adminUsersRoute = screenRoute(adminRoute, "/users", AdminUsersPage, parseUsersSearch);

const adminUserRoute = screenRoute(adminRoute, "/users/$id", AdminUserPage);

const applicationsRoute = screenRoute(
  adminRoute,
  "/applications",
  ApplicationsPage,
  // Page 1 stays out of the URL.
  (search): { page?: number } => {
    const page = pageNumber.parse(search.page);
    return page > 1 ? { page } : {};
  },
);

const applicationRoute = screenRoute(adminRoute, "/applications/$clientId", ApplicationPage);

const auditRoute = screenRoute(adminRoute, "/audit", AuditLogPage, parseAuditSearch);

const webhooksRoute = screenRoute(adminRoute, "/webhooks", AdminWebhooksPage);

export const adminRoutes = [
  adminRoute.addChildren([
    adminIndexRoute,
    adminUsersRoute,
    adminUserRoute,
    applicationsRoute,
    applicationRoute,
    auditRoute,
    webhooksRoute,
  ]),
];
