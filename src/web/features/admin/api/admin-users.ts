import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiFetch } from "#web/lib/api.ts";
import { authClient } from "#web/lib/auth-client.ts";
import { unwrap } from "../lib/admin-errors.ts";
import { toListUsersQuery, type UsersSearch } from "../lib/users-search.ts";

/** A user as the admin API returns it (better-auth's user plus the admin plugin's fields). */
export interface AdminUser {
  id: string;
  name: string;
  email: string;
  emailVerified: boolean;
  image?: string | null;
  createdAt: Date | string;
  updatedAt: Date | string;
  role?: string | null;
  banned?: boolean | null;
  banReason?: string | null;
  banExpires?: Date | string | null;
}

export interface AdminSession {
  id: string;
  token: string;
  userId: string;
  createdAt: Date | string;
  updatedAt: Date | string;
  expiresAt: Date | string;
  ipAddress?: string | null;
  userAgent?: string | null;
  impersonatedBy?: string | null;
}

/** Every admin query key starts here, so one invalidation refreshes them all. */
export const ADMIN_KEY = "admin" as const;

export function usersListQuery(search: UsersSearch) {
  const query = toListUsersQuery(search);
  return queryOptions({
    queryKey: [ADMIN_KEY, "users", "list", query],
    queryFn: async () => {
      const data = await unwrap(authClient.admin.listUsers({ query }));
      return { users: data.users as AdminUser[], total: data.total };
    },
    placeholderData: keepPreviousData,
  });
}

export function useUsersList(search: UsersSearch) {
  return useQuery(usersListQuery(search));
}

export function userQuery(userId: string) {
  return queryOptions({
    queryKey: [ADMIN_KEY, "users", userId],
    queryFn: async () => (await unwrap(authClient.admin.getUser({ query: { id: userId } }))) as AdminUser,
  });
}

export function useAdminUser(userId: string) {
  return useQuery(userQuery(userId));
}

export function useUserSessions(userId: string, enabled = true) {
  return useQuery({
    queryKey: [ADMIN_KEY, "users", userId, "sessions"],
    queryFn: async () => {
      const data = await unwrap(authClient.admin.listUserSessions({ userId }));
      const sessions = data.sessions as AdminSession[];
      // Newest first: the session an admin is usually asked about is the latest one.
      return [...sessions].sort((a, b) => new Date(b.createdAt).getTime() - new Date(a.createdAt).getTime());
    },
    enabled,
  });
}

/** Refreshes every admin list and page after a change. */
function useInvalidateAdmin() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: [ADMIN_KEY] });
}

export interface CreateUserInput {
  name: string;
  email: string;
  password: string;
  role: "user" | "admin";
  emailVerified: boolean;
}

export function useCreateUser() {
  const invalidate = useInvalidateAdmin();
  return useMutation({
    mutationFn: async ({ emailVerified, ...input }: CreateUserInput) => {
      const data = await unwrap(authClient.admin.createUser({ ...input, data: { emailVerified } }));
      return data.user as AdminUser;
    },
    onSuccess: invalidate,
  });
}

export function useSetRole() {
  const invalidate = useInvalidateAdmin();
  return useMutation({
    mutationFn: (input: { userId: string; role: "user" | "admin" }) =>
      unwrap(authClient.admin.setRole(input)),
    onSuccess: invalidate,
  });
}

export function useBanUser() {
  const invalidate = useInvalidateAdmin();
  return useMutation({
    mutationFn: (input: { userId: string; banReason: string; banExpiresIn?: number }) =>
      unwrap(authClient.admin.banUser(input)),
    onSuccess: invalidate,
  });
}

export function useUnbanUser() {
  const invalidate = useInvalidateAdmin();
  return useMutation({
    mutationFn: (userId: string) => unwrap(authClient.admin.unbanUser({ userId })),
    onSuccess: invalidate,
  });
}

export function useRevokeSession() {
  const invalidate = useInvalidateAdmin();
  return useMutation({
    mutationFn: (sessionToken: string) => unwrap(authClient.admin.revokeUserSession({ sessionToken })),
    onSuccess: invalidate,
  });
}

export function useRevokeAllSessions() {
  const invalidate = useInvalidateAdmin();
  return useMutation({
    mutationFn: (userId: string) => unwrap(authClient.admin.revokeUserSessions({ userId })),
    onSuccess: invalidate,
  });
}

export function useRemoveUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userId: string) => unwrap(authClient.admin.removeUser({ userId })),
    onSuccess: (_data, userId) => {
      queryClient.removeQueries({ queryKey: [ADMIN_KEY, "users", userId] });
      return queryClient.invalidateQueries({ queryKey: [ADMIN_KEY, "users", "list"] });
    },
  });
}

/**
 * Starts acting as the user. The session cookie changes, so the page is
 * reloaded rather than patched: every cached query belonged to the admin.
 */
export function useImpersonate() {
  return useMutation({
    mutationFn: (userId: string) => unwrap(authClient.admin.impersonateUser({ userId })),
    onSuccess: () => window.location.assign("/"),
  });
}

export interface AdminUserOverview {
  accounts: Array<{ id: string; providerId: string; accountId: string; createdAt: string }>;
  organizations: Array<{ id: string; name: string; slug: string; roles: string[]; createdAt: string }>;
}

/** Linked accounts and organizations of one user (GET /api/admin/users/:id/overview). */
export function useUserOverview(userId: string) {
  return useQuery({
    queryKey: [ADMIN_KEY, "users", userId, "overview"],
    queryFn: () => apiFetch<AdminUserOverview>(`/admin/users/${encodeURIComponent(userId)}/overview`),
  });
}
