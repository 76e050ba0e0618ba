import { useQueryClient } from "@tanstack/react-query";
import { t } from "#web/i18n/i18n.ts";
import { authCall } from "#web/lib/api/call.ts";
import type { Notice } from "#web/lib/api/notify.ts";
import { useApiMutation } from "#web/lib/api/use-api-mutation.ts";
import { authClient } from "#web/lib/auth-client.ts";
import { adminWording } from "../lib/admin-wording.ts";
import { ADMIN_KEY, type AdminSession, type AdminUser, userKey, usersListKey } from "./admin-users.ts";

/** What follows a change made from a dialog: closing it, opening another page. */
interface Then<TData = unknown> {
  onDone?: (data: TData) => unknown;
}

const displayName = (user: Pick<AdminUser, "name" | "email">) => user.name || user.email;

export type AdminRole = "user" | "admin";

export interface CreateUserInput {
  name: string;
  email: string;
  password: string;
  role: AdminRole;
  emailVerified: boolean;
}

// Mutations whose failure shows in their dialog leave `failureTitle` out; the one-click actions
// (unban, revoke, impersonate) have no place on screen for it and notify instead.

/** A one-click action on a user: done, everything admin is refreshed and the success told. */
function useOneClick(action: () => Promise<unknown>, success: Notice, failureTitle: string) {
  return useApiMutation({
    mutationFn: action,
    invalidate: [ADMIN_KEY],
    success: () => success,
    failureTitle,
    wording: adminWording(),
  });
}

export function useCreateUser({ onDone }: Then<AdminUser> = {}) {
  return useApiMutation({
    mutationFn: async ({ emailVerified, ...input }: CreateUserInput) => {
      const data = await authCall((o) =>
        authClient.admin.createUser({ ...input, data: { emailVerified } }, o),
      );
      return data.user as AdminUser;
    },
    invalidate: [ADMIN_KEY],
    success: (_input, user) => ({
      title: t("admin.notice.created"),
      message: t("admin.notice.createdMessage", { name: user.name }),
    }),
    onDone: (_input, user) => onDone?.(user),
  });
}

export function useSetRole(user: AdminUser, { onDone }: Then = {}) {
  return useApiMutation({
    mutationFn: (role: AdminRole) => authCall((o) => authClient.admin.setRole({ userId: user.id, role }, o)),
    invalidate: [ADMIN_KEY],
    success: (role) => ({
      title: t("admin.notice.roleChanged"),
      message:
        role === "admin"
          ? t("admin.notice.nowAdmin", { name: displayName(user) })
          : t("admin.notice.nowUser", { name: displayName(user) }),
    }),
    onDone: () => onDone?.(undefined),
  });
}

export function useBanUser(user: AdminUser, { onDone }: Then = {}) {
  return useApiMutation({
    mutationFn: (input: { banReason: string; banExpiresIn?: number }) =>
      authCall((o) => authClient.admin.banUser({ userId: user.id, ...input }, o)),
    invalidate: [ADMIN_KEY],
    success: () => ({
      title: t("admin.notice.banned"),
      message: t("admin.notice.bannedMessage", { name: displayName(user) }),
    }),
    onDone: () => onDone?.(undefined),
  });
}

export function useUnbanUser(user: AdminUser) {
  return useOneClick(
    () => authCall((o) => authClient.admin.unbanUser({ userId: user.id }, o)),
    {
      title: t("admin.notice.unbanned"),
      message: t("admin.notice.unbannedMessage", { name: displayName(user) }),
    },
    t("admin.notice.unbanFailed"),
  );
}

/** `device`: the session's device as its row names it (describeDevice), for the notice. */
export function useRevokeSession(session: AdminSession, device: string) {
  return useOneClick(
    () => authCall((o) => authClient.admin.revokeUserSession({ sessionToken: session.token }, o)),
    {
      title: t("admin.notice.sessionRevoked"),
      message: t("admin.notice.sessionRevokedMessage", { device }),
    },
    t("admin.notice.sessionRevokeFailed"),
  );
}

export function useRevokeAllSessions(user: AdminUser) {
  return useOneClick(
    () => authCall((o) => authClient.admin.revokeUserSessions({ userId: user.id }, o)),
    {
      title: t("admin.notice.sessionsRevoked"),
      message: t("admin.notice.sessionsRevokedMessage", { name: displayName(user) }),
    },
    t("admin.notice.sessionsRevokeFailed"),
  );
}

/** Deletes the user; their cached page is dropped only once `onDone` has left it. */
export function useRemoveUser(user: AdminUser, { onDone }: Then = {}) {
  const queryClient = useQueryClient();
  return useApiMutation({
    mutationFn: () => authCall((o) => authClient.admin.removeUser({ userId: user.id }, o)),
    invalidate: [usersListKey],
    success: () => ({
      title: t("admin.notice.deleted"),
      message: t("admin.notice.deletedMessage", { name: displayName(user) }),
    }),
    onDone: async () => {
      await onDone?.(undefined);
      queryClient.removeQueries({ queryKey: userKey(user.id) });
    },
  });
}

/**
 * Starts acting as the user. The session cookie changes, so the page is
 * reloaded rather than patched: every cached query belonged to the admin.
 */
export function useImpersonate(user: AdminUser) {
  return useApiMutation({
    mutationFn: () => authCall((o) => authClient.admin.impersonateUser({ userId: user.id }, o)),
    onDone: () => window.location.assign("/"),
    // The confirmation dialog shows a failure in place.
    wording: adminWording(),
  });
}
