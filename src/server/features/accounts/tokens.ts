import { createHash } from "node:crypto";
import type { AuthContext } from "better-auth";
import { APIError, BASE_ERROR_CODES } from "better-auth";

/**
 * The stored one-time tokens that act for an account without its password: a password reset and an
 * account deletion. better-auth keeps each as a verification row (and, with Redis, a copy there) whose
 * value is the user's id.
 */
const ACCOUNT_TOKEN_PREFIXES = ["reset-password:", "delete-account-"] as const;

/** Rows read per round while voiding; an account rarely has more than a few outstanding. */
const VOID_BATCH = 200;

/**
 * Voids every outstanding reset and delete-account token of a user: once the password or the email has
 * changed, a link mailed before (perhaps to the old address, perhaps read by someone else) must not act on
 * the account any more. Each token is deleted through better-auth, so the Redis copy goes with the row.
 * Relies on verification.storeInDatabase (auth.ts): with Redis alone, tokens cannot be found by user.
 */
export async function voidAccountTokens(context: AuthContext, userId: string): Promise<void> {
  for (const prefix of ACCOUNT_TOKEN_PREFIXES) {
    for (;;) {
      const rows = await context.adapter.findMany<{ identifier: string }>({
        model: "verification",
        where: [
          { field: "value", value: userId },
          { field: "identifier", operator: "starts_with", value: prefix },
        ],
        limit: VOID_BATCH,
      });
      for (const row of rows) await context.internalAdapter.deleteVerificationByIdentifier(row.identifier);
      if (rows.length < VOID_BATCH) break;
    }
  }
}

/**
 * Refuses a delete-account token that belongs to someone else, before better-auth consumes it: better-auth
 * spends the token first and compares its owner afterwards, so another account's click (or a guess) would
 * cost the owner their link. The answer is better-auth's own for a wrong token. An unknown token is left
 * to better-auth, which refuses it the same way.
 */
export async function assertDeleteTokenOwner(
  context: AuthContext,
  token: string,
  userId: string,
): Promise<void> {
  const row = await context.internalAdapter.findVerificationValue(`delete-account-${token}`);
  if (row && row.value !== userId) throw APIError.from("NOT_FOUND", BASE_ERROR_CODES.INVALID_TOKEN);
}

/**
 * Spends a signed (stateless) mailed link once: better-auth's verification and email-change links are
 * JWTs that stay valid until they expire, however often they are opened. The first caller reserves the
 * token's fingerprint until the token's own expiry (first writer wins, in the database, so concurrent
 * clicks on any instance agree); every later caller gets false. Call only after the owner checks pass,
 * so that a refused click does not spend the owner's link.
 */
export async function spendSignedLink(
  context: AuthContext,
  token: string,
  owner: string,
  expiresAtSeconds: number,
): Promise<boolean> {
  const fingerprint = createHash("sha256").update(token).digest("base64url");
  return context.internalAdapter.reserveVerificationValue({
    identifier: `spent-link:${fingerprint}`,
    value: owner,
    expiresAt: new Date(expiresAtSeconds * 1000),
  });
}
