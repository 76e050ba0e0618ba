import { z } from "zod";

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

export const PENDING_EMAIL_KEY = "gatehouse-pending-email-change";
/** The links in both mails are valid for 1 hour (SPEC §9). */
const LIFETIME_MS = 60 * 60 * 1000;

const storedChange = z.object({
  from: z.string(),
  to: z.string(),
  twoStep: z.boolean(),
  approved: z.boolean(),
  requestedAt: z.number(),
});

function sameAddress(a: string, b: string): boolean {
  return a.toLowerCase() === b.toLowerCase();
}

/** The stored JSON as a change; null when it is missing, damaged or of another shape. */
export function parseEmailChange(raw: string | null): PendingEmailChange | null {
  if (!raw) return null;
  try {
    const parsed = storedChange.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/**
 * The change still waiting for this account, or null for another account's change, an old
 * request whose links have expired, or a change that already happened.
 */
export function pendingFor(
  change: PendingEmailChange | null,
  currentEmail: string,
  now = Date.now(),
): PendingEmailChange | null {
  if (!change || !sameAddress(change.from, currentEmail)) return null;
  return now - change.requestedAt > LIFETIME_MS ? null : change;
}

/** What coming back from an email-change link did to the stored change. */
export type ReturnOutcome =
  | { kind: "changed" }
  | { kind: "approved"; change: PendingEmailChange }
  | { kind: "unchanged" };

/**
 * Back from a link, with the account's address as the server has it now: the new address
 * verified (done), or the old one approved (step 1 of 2). A link that failed changes nothing.
 */
export function outcomeOfReturn(
  stored: PendingEmailChange | null,
  email: string,
  linkError: string | undefined,
): ReturnOutcome {
  if (linkError || !stored) return { kind: "unchanged" };
  if (sameAddress(stored.to, email)) return { kind: "changed" };
  if (sameAddress(stored.from, email)) return { kind: "approved", change: { ...stored, approved: true } };
  return { kind: "unchanged" };
}

/** The stored change as it is, whichever address the account has now. */
export function readStoredEmailChange(): PendingEmailChange | null {
  try {
    return parseEmailChange(window.localStorage.getItem(PENDING_EMAIL_KEY));
  } catch {
    return null;
  }
}

export function readPendingEmailChange(currentEmail: string): PendingEmailChange | null {
  return pendingFor(readStoredEmailChange(), currentEmail);
}

export function savePendingEmailChange(value: PendingEmailChange | null): void {
  try {
    if (value) window.localStorage.setItem(PENDING_EMAIL_KEY, JSON.stringify(value));
    else window.localStorage.removeItem(PENDING_EMAIL_KEY);
  } catch {
    // Private mode without storage: the pending state lasts until reload only.
  }
}
