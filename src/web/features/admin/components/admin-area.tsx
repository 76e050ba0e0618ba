import { Outlet } from "@tanstack/react-router";
import { AdminNav } from "./admin-nav.tsx";
import { RequireAdmin } from "./require-admin.tsx";

/** /admin: the admin area's navigation above the open screen, for admins only. */
export function AdminArea() {
  return (
    <RequireAdmin>
      <AdminNav />
      <Outlet />
    </RequireAdmin>
  );
}
