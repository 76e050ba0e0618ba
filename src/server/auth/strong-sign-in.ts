import type { BetterAuthPlugin } from "better-auth";
import { twoFactor } from "better-auth/plugins";
import { passkeyPlugins } from "#server/auth/passkeys.ts";

/** Five wrong second-step codes lock the account's second step for 15 minutes, whatever the client (issue 16). */
export const TWO_FACTOR_LOCKOUT = { maxFailedAttempts: 5, durationSeconds: 15 * 60 };
/** "Trust this device for 30 days". */
export const TRUSTED_DEVICE_SECONDS = 30 * 24 * 60 * 60;

/** The twoFactor plugin's options: one place, so every instance (email-sign-in.ts's too) asks alike. */
export const twoFactorOptions = (appName: string) =>
  ({
    issuer: appName,
    accountLockout: { enabled: true, ...TWO_FACTOR_LOCKOUT },
    trustDeviceMaxAge: TRUSTED_DEVICE_SECONDS,
    backupCodeOptions: { amount: 10 },
    // An account without a password (social or passkey only) enrols too; Gatehouse then wants a fresh
    // session instead of the password (features/accounts/two-factor.ts).
    allowPasswordless: true,
  }) satisfies Parameters<typeof twoFactor>[0];

/**
 * Strong sign-in: an authenticator app (TOTP) with backup codes and trusted devices as a second step, and
 * passkeys (WebAuthn) whose relying party is the public URL's host.
 */
export function strongSignInPlugins(options: { appName: string; baseURL: string }): BetterAuthPlugin[] {
  return [twoFactor(twoFactorOptions(options.appName)), ...passkeyPlugins(options)];
}
