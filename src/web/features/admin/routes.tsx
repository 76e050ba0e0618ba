import { createRoute, Outlet, redirect } from "@tanstack/react-router";
import { screenRoute, signedInRoute } from "#web/lib/layout-routes.tsx";
import { lazyLoad } from "#web/lib/lazy-load.ts";
import { RequireAdmin } from "./components/require-admin.tsx";
import { parseUsersSearch } from "./lib/users-search.ts";

const AdminUserPage = lazyLoad(() => import("./components/admin-user-page.tsx").then((m) => m.AdminUserPage));
const AdminUsersPage = lazyLoad(() =>
  import("./components/admin-users-page.tsx").then((m) => m.AdminUsersPage),
);

// Signed-in admins only; anyone else gets the not-found screen, so the area is not advertised.
const adminRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: "/admin",
  component: () => (
    <RequireAdmin>
      <Outlet />
    </RequireAdmin>
  ),
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

export const adminRoutes = [adminRoute.addChildren([adminIndexRoute, adminUsersRoute, adminUserRoute])];
