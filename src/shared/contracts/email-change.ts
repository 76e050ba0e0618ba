/** GET /api/auth/pending-email-change: the account's change waiting for a mailed link. */
export interface PendingEmailChange {
  from: string;
  to: string;
  /** "approve": the current address's link first (verified accounts); "confirm": the new address's link. */
  step: "approve" | "confirm";
  /** ISO 8601: when the link it waits for expires, and the change with it. */
  expiresAt: string;
}

/** GET /api/auth/link-outcome?id=: what the mailed link that redirected to a success screen did. */
export interface LinkOutcome {
  kind: "email-change-approved" | "email-changed" | "account-deleted";
  /** The new address, for the email-change outcomes. */
  email?: string;
}
