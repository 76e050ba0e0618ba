/** An email change the user asked for in this browser; the server keeps no such record. */
export interface PendingEmailChange {
  from: string;
  to: string;
  /** Verified accounts approve from the old address first (SPEC §4). */
  twoStep: boolean;
  /** True once the old address approved it. */
  approved: boolean;
  requestedAt: number;
}

const KEY = "gatehouse-pending-email-change";
/** The links in both mails are valid for 1 hour (SPEC §9). */
const LIFETIME_MS = 60 * 60 * 1000;

export function readPendingEmailChange(currentEmail: string): PendingEmailChange | null {
  try {
    const raw = window.localStorage.getItem(KEY);
    if (!raw) return null;
    const value = JSON.parse(raw) as PendingEmailChange;
    if (typeof value?.to !== "string" || typeof value.from !== "string") return null;
    // Another account, an old request, or a change that already happened.
    if (value.from.toLowerCase() !== currentEmail.toLowerCase()) return null;
    if (Date.now() - value.requestedAt > LIFETIME_MS) return null;
    return value;
  } catch {
    return null;
  }
}

/** The stored change as it is, whichever address the account has now. */
export function readStoredEmailChange(): PendingEmailChange | null {
  try {
    const raw = window.localStorage.getItem(KEY);
    return raw ? (JSON.parse(raw) as PendingEmailChange) : null;
  } catch {
    return null;
  }
}

export function savePendingEmailChange(value: PendingEmailChange | null): void {
  try {
    if (value) window.localStorage.setItem(KEY, JSON.stringify(value));
    else window.localStorage.removeItem(KEY);
  } catch {
    // Private mode without storage: the pending state lasts until reload only.
  }
}
