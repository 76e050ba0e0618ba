import { createHmac } from "node:crypto";

/**
 * What only the invitation mail carries: the inviter and every admin of the organization can read the
 * invitation's id, so the id alone proves nothing about who reads the mailbox (else anyone could make an
 * organization, invite someone's address and sign it up verified with a password of their own).
 */
export function invitationProof(secret: string, invitationId: string, email: string): string {
  return createHmac("sha256", secret)
    .update(`invitation-proof:${invitationId}:${email.toLowerCase()}`)
    .digest("base64url");
}
