import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { authClient } from "#web/lib/auth-client.ts";
import { unwrap } from "../lib/auth-call.ts";
import { useFreshAction } from "../lib/fresh-action.tsx";
import { retryUnlessRefused } from "../lib/query-retry.ts";

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

/** GET /api/auth/list-sessions (fresh session only): the current one first. */
export function useSessions() {
  return useQuery({
    queryKey: sessionsKey,
    queryFn: async () => (await unwrap(authClient.listSessions())) as unknown as DeviceSession[],
    retry: retryUnlessRefused,
  });
}

/** POST /api/auth/revoke-session { token }. */
export function useRevokeSession() {
  const queryClient = useQueryClient();
  const fresh = useFreshAction();
  return useMutation({
    mutationFn: (token: string) => fresh.run(() => unwrap(authClient.revokeSession({ token }))),
    onSettled: () => queryClient.invalidateQueries({ queryKey: sessionsKey }),
  });
}

/** POST /api/auth/revoke-other-sessions. */
export function useRevokeOtherSessions() {
  const queryClient = useQueryClient();
  const fresh = useFreshAction();
  return useMutation({
    mutationFn: () => fresh.run(() => unwrap(authClient.revokeOtherSessions())),
    onSettled: () => queryClient.invalidateQueries({ queryKey: sessionsKey }),
  });
}
