/** A deletion link asked for in this browser, so the danger zone can say it is pending. */
export const DELETION_REQUEST_KEY = "gatehouse-deletion-requested";
/** The mailed link works for 24 hours (SPEC §9). */
const LINK_LIFETIME_MS = 24 * 60 * 60 * 1000;

/** When this account's link was asked for, from the stored JSON; null for another account or an expired link. */
export function requestedAtFor(raw: string | null, email: string, now = Date.now()): number | null {
  try {
    const value = JSON.parse(raw ?? "null") as { email?: unknown; at?: unknown } | null;
    if (!value || value.email !== email || typeof value.at !== "number") return null;
    return now - value.at < LINK_LIFETIME_MS ? value.at : null;
  } catch {
    return null;
  }
}

export function readDeletionRequest(email: string): number | null {
  try {
    return requestedAtFor(window.localStorage.getItem(DELETION_REQUEST_KEY), email);
  } catch {
    return null;
  }
}

export function saveDeletionRequest(email: string, at: number): void {
  try {
    window.localStorage.setItem(DELETION_REQUEST_KEY, JSON.stringify({ email, at }));
  } catch {
    // Without storage the notice lasts until reload.
  }
}
