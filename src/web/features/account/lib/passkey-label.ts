import { t } from "#web/i18n/i18n.ts";
import type { Passkey } from "../api/use-passkeys.ts";

const PLATFORMS: [RegExp, string][] = [
  [/iPhone/i, "iPhone"],
  [/iPad/i, "iPad"],
  [/Android/i, "Android"],
  [/CrOS/i, "ChromeOS"],
  [/Windows/i, "Windows"],
  [/Mac OS X|Macintosh/i, "Mac"],
  [/Linux/i, "Linux"],
];

/** A first name for a passkey just made on this device, e.g. "Passkey on Mac"; the person can change it. */
export function suggestedPasskeyName(userAgent = navigator.userAgent): string {
  const platform = PLATFORMS.find(([pattern]) => pattern.test(userAgent))?.[1];
  return platform
    ? t("account.passkeys.suggestedName", { platform })
    : t("account.passkeys.suggestedNameGeneric");
}

/** What the list calls a passkey: its name, or a stand-in for one never named. */
export function passkeyLabel(passkey: Pick<Passkey, "name">): string {
  return passkey.name?.trim() || t("account.passkeys.unnamed");
}

/** True when the passkey is synced between devices (a password manager, a platform account). */
export function isSyncedPasskey(passkey: Pick<Passkey, "deviceType" | "backedUp">): boolean {
  return passkey.deviceType === "multiDevice" || passkey.backedUp;
}

/** Where the passkey lives, in a person's words. */
export function passkeyKind(passkey: Pick<Passkey, "deviceType" | "backedUp">): string {
  return isSyncedPasskey(passkey) ? t("account.passkeys.synced") : t("account.passkeys.thisDeviceOnly");
}
