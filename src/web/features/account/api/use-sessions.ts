import { useQuery } from "@tanstack/react-query";
import type { SessionDetails } from "#shared/contracts/sessions.ts";
import { t } from "#web/i18n/i18n.ts";
import { authCall } from "#web/lib/api/call.ts";
import { authClient } from "#web/lib/auth-client.ts";
import { useFreshMutation } from "./use-fresh-mutation.ts";

/**
 * One row of GET /list-sessions as Gatehouse answers it: better-auth's session and, from the accounts
 * plugin's after hook, the fields of SessionDetails (optional here, as better-auth's own type lacks them).
 */
export interface DeviceSession {
  id: string;
  token: string;
  ipAddress?: string | null;
  userAgent?: string | null;
  createdAt: Date | string;
  updatedAt: Date | string;
  expiresAt: Date | string;
  device?: SessionDetails["device"];
  lastActiveAt?: SessionDetails["lastActiveAt"] | Date;
  current?: SessionDetails["current"];
}

export const sessionsKey = ["account", "sessions"] as const;

export function deviceLabel(session: DeviceSession): string {
  return session.device?.label ?? t("account.sessions.unknownDevice");
}

/** GET /api/auth/list-sessions (fresh session only): the current one first. */
export function useSessions() {
  return useQuery({
    queryKey: sessionsKey,
    // The after-hook's fields are optional in DeviceSession, so better-auth's inferred rows fit it as they are.
    queryFn: (): Promise<DeviceSession[]> => authCall((o) => authClient.listSessions(undefined, o)),
  });
}

/** POST /api/auth/revoke-session { token }. */
export function useRevokeSession() {
  return useFreshMutation({
    mutationFn: (session: DeviceSession) =>
      authCall((o) => authClient.revokeSession({ token: session.token }, o)),
    invalidate: sessionsKey,
    success: (session) => ({
      title: t("account.sessions.revokedTitle"),
      message: t("account.sessions.revokedMessage", { device: deviceLabel(session) }),
    }),
    failureTitle: t("account.sessions.revokeFailed"),
  });
}

/** POST /api/auth/revoke-other-sessions. */
export function useRevokeOtherSessions() {
  return useFreshMutation({
    mutationFn: () => authCall((o) => authClient.revokeOtherSessions(undefined, o)),
    invalidate: sessionsKey,
    success: () => ({
      title: t("account.sessions.othersRevokedTitle"),
      message: t("account.sessions.othersRevokedMessage"),
    }),
    failureTitle: t("account.sessions.othersRevokeFailed"),
  });
}
