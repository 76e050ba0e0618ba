import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { apiCall, authCall, productApi } from "#web/lib/api/call.ts";
import { authClient } from "#web/lib/auth-client.ts";
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
export const usersListKey = [ADMIN_KEY, "users", "list"] as const;
export const userKey = (userId: string) => [ADMIN_KEY, "users", userId] as const;

export function usersListQuery(search: UsersSearch) {
  const query = toListUsersQuery(search);
  return queryOptions({
    queryKey: [...usersListKey, query],
    queryFn: async () => {
      const data = await authCall((o) => authClient.admin.listUsers({ query }, o));
      return { users: data.users as AdminUser[], total: data.total };
    },
    placeholderData: keepPreviousData,
  });
}

export function useUsersList(search: UsersSearch) {
  return useQuery(usersListQuery(search));
}

/** One user; a missing one is an ApiError 404 (USER_NOT_FOUND), which is never asked again. */
export function userQuery(userId: string) {
  return queryOptions({
    queryKey: userKey(userId),
    queryFn: async () =>
      (await authCall((o) => authClient.admin.getUser({ query: { id: userId } }, o))) as AdminUser,
  });
}

export function useAdminUser(userId: string) {
  return useQuery(userQuery(userId));
}

export function useUserSessions(userId: string) {
  return useQuery({
    queryKey: [...userKey(userId), "sessions"],
    queryFn: async () => {
      const data = await authCall((o) => authClient.admin.listUserSessions({ userId }, o));
      const sessions = data.sessions as AdminSession[];
      // Newest first: the session an admin is usually asked about is the latest one.
      return [...sessions].sort((a, b) => new Date(b.createdAt).getTime() - new Date(a.createdAt).getTime());
    },
  });
}

/** Linked accounts and organizations of one user (GET /api/admin/users/:id/overview). */
export function useUserOverview(userId: string) {
  return useQuery({
    queryKey: [...userKey(userId), "overview"],
    queryFn: () => apiCall(productApi.admin.users[":id"].overview.$get({ param: { id: userId } })),
  });
}
