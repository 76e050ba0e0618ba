import { useQuery } from "@tanstack/react-query";
import type { TrustedDevice } from "#shared/contracts/trusted-devices.ts";
import { t } from "#web/i18n/i18n.ts";
import { authCall, authRequest } from "#web/lib/api/call.ts";
import { useApiMutation } from "#web/lib/api/use-api-mutation.ts";
import { authClient } from "#web/lib/auth-client.ts";
import { isWrongPassword, useFreshMutation } from "./use-fresh-mutation.ts";

export const trustedDevicesKey = ["account", "trusted-devices"] as const;

/** What enrolment starts with: the authenticator's URI (QR code and secret) and the backup codes, shown once. */
export interface Enrolment {
  totpURI: string;
  backupCodes: string[];
}

/**
 * POST /two-factor/enable { password }: a new secret and backup codes; two-factor is not on until a first
 * code confirms it. A wrong password is said next to its field. An account without a password sends none
 * and needs a fresh session instead.
 */
export function useStartEnrolment() {
  return useFreshMutation({
    mutationFn: async (password: string): Promise<Enrolment> => {
      const answer = await authCall((o) => authClient.twoFactor.enable({ password }, o));
      if (!("totpURI" in answer) || !answer.totpURI || !answer.backupCodes) {
        throw new Error(t("account.twoFactor.noSecret"));
      }
      return { totpURI: answer.totpURI, backupCodes: answer.backupCodes };
    },
    silent: isWrongPassword,
  });
}

/** POST /two-factor/verify-totp { code } with the session: the first code turns two-factor on. */
export function useConfirmEnrolment() {
  return useApiMutation({
    mutationFn: (code: string) => authCall((o) => authClient.twoFactor.verifyTotp({ code }, o)),
  });
}

/** POST /two-factor/generate-backup-codes { password } (fresh session): new codes; the old ones stop working. */
export function useRegenerateBackupCodes() {
  return useFreshMutation({
    mutationFn: async (password: string) => {
      const answer = await authCall((o) => authClient.twoFactor.generateBackupCodes({ password }, o));
      return answer.backupCodes;
    },
    silent: isWrongPassword,
  });
}

/**
 * POST /two-factor/disable { password, code } (fresh session): Gatehouse wants a current code besides the
 * password. Trusted devices go with it.
 */
export function useDisableTwoFactor() {
  return useFreshMutation({
    mutationFn: (input: { password: string; code: string }) => {
      // The typed method names only the password; the code rides along in the same body.
      const body: { password: string } = input;
      return authCall((o) => authClient.twoFactor.disable(body, o));
    },
    invalidate: trustedDevicesKey,
    success: () => ({
      title: t("account.twoFactor.turnedOffTitle"),
      message: t("account.twoFactor.turnedOffMessage"),
    }),
  });
}

/** GET /list-trusted-devices: the devices that skip the second step, newest first. */
export function useTrustedDevices(enabled: boolean) {
  return useQuery({
    queryKey: trustedDevicesKey,
    queryFn: () => authRequest<TrustedDevice[]>("/list-trusted-devices"),
    enabled,
  });
}

/** POST /revoke-trusted-device { id }: that device asks for a code at its next sign-in. */
export function useRevokeTrustedDevice() {
  return useApiMutation({
    mutationFn: (device: TrustedDevice) =>
      authRequest("/revoke-trusted-device", { method: "POST", body: { id: device.id } }),
    invalidate: trustedDevicesKey,
    success: (device) => ({
      title: t("account.trustedDevices.removedTitle"),
      message: t("account.trustedDevices.removedMessage", { device: device.device.label }),
    }),
    failureTitle: t("account.trustedDevices.removeFailed"),
  });
}
