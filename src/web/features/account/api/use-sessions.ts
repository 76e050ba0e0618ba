import { useQuery } from "@tanstack/react-query";
import { authCall } from "#web/lib/api/call.ts";
import { authClient } from "#web/lib/auth-client.ts";
import { useFreshMutation } from "./use-fresh-mutation.ts";

/** Device details the accounts plugin adds to every listed session. */
export interface SessionDevice {
  browser: string | null;
  os: string | null;
  type: "desktop" | "mobile" | "tablet" | "other";
  label: string;
}

/** One row of GET /list-sessions as Gatehouse answers it. */
export interface DeviceSession {
  id: string;
  token: string;
  ipAddress?: string | null;
  userAgent?: string | null;
  createdAt: Date | string;
  updatedAt: Date | string;
  expiresAt: Date | string;
  device?: SessionDevice;
  lastActiveAt?: Date | string;
  current?: boolean;
}

export const sessionsKey = ["account", "sessions"] as const;

export function deviceLabel(session: DeviceSession): string {
  return session.device?.label ?? "Unknown device";
}

/** GET /api/auth/list-sessions (fresh session only): the current one first. */
export function useSessions() {
  return useQuery({
    queryKey: sessionsKey,
    queryFn: async () =>
      (await authCall((o) => authClient.listSessions(undefined, o))) as unknown as DeviceSession[],
  });
}

/** POST /api/auth/revoke-session { token }. */
export function useRevokeSession() {
  return useFreshMutation({
    mutationFn: (session: DeviceSession) =>
      authCall((o) => authClient.revokeSession({ token: session.token }, o)),
    invalidate: sessionsKey,
    success: (session) => ({
      title: "Session signed out",
      message: `${deviceLabel(session)} is no longer signed in.`,
    }),
    failureTitle: "Could not sign out that session",
  });
}

/** POST /api/auth/revoke-other-sessions. */
export function useRevokeOtherSessions() {
  return useFreshMutation({
    mutationFn: () => authCall((o) => authClient.revokeOtherSessions(undefined, o)),
    invalidate: sessionsKey,
    success: () => ({ title: "Other sessions signed out", message: "Only this device is still signed in." }),
    failureTitle: "Could not sign out the other sessions",
  });
}
