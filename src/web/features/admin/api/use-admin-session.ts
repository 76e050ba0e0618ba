import { isAdmin } from "#web/lib/admin-role.ts";
import { authClient } from "#web/lib/auth-client.ts";

/**
 * Who is signed in, as the admin screens need it: an admin or not, their id, this browser's session, and whom
 * an admin is acting as while impersonating (their name or address; null otherwise).
 */
export function useAdminSession() {
  const { data, isPending } = authClient.useSession();
  return {
    isPending,
    isAdmin: isAdmin(data?.user),
    userId: data?.user.id,
    sessionToken: data?.session.token,
    impersonating: data?.session.impersonatedBy ? data.user.name || data.user.email : null,
  };
}
