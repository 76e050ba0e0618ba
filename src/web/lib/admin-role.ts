/**
 * True when a user holds better-auth's admin role. The role column may list
 * several roles ("user,admin"), so each is checked. The server enforces every
 * admin call on its own; this only decides what the UI shows.
 */
export function isAdmin(user: { role?: string | null } | null | undefined): boolean {
  return (user?.role ?? "")
    .split(",")
    .map((role) => role.trim())
    .includes("admin");
}
