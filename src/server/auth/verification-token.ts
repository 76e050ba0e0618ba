/**
 * True for a /verify-email token that belongs to an email change (better-auth's signed tokens carry
 * `updateTo` then). Read without checking the signature: it only picks the wording of a mail or the screen a
 * link lands on, never what the link may do.
 */
export function isEmailChangeToken(token: string): boolean {
  try {
    const claims = JSON.parse(Buffer.from(token.split(".")[1] ?? "", "base64url").toString("utf8"));
    return typeof claims?.updateTo === "string";
  } catch {
    return false;
  }
}
