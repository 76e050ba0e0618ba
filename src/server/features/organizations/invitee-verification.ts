import { createHmac, timingSafeEqual } from "node:crypto";
import { createAuthMiddleware, isAPIError } from "better-auth/api";

/** The invitation a sign-up came from: the web's sign-up page asks to come back to its landing. */
const INVITATION_PATH = /^\/accept-invitation\/([^/?#]+)/;

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

function landingOf(callbackURL: unknown): { invitationId: string; proof: string } | null {
  if (typeof callbackURL !== "string") return null;
  const url = new URL(callbackURL, "http://relative.invalid");
  const match = INVITATION_PATH.exec(url.pathname);
  const proof = url.searchParams.get("proof");
  return match?.[1] && proof ? { invitationId: decodeURIComponent(match[1]), proof } : null;
}

function sameProof(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * A sign-up from an invitation's mailed link, with the address the invitation was mailed to, proves that
 * address: the link's proof (invitationProof) only reached that mailbox. The new account is marked verified
 * when the proof matches and the invitation is pending, unexpired and for exactly that address. The answer stays better-auth's own, alike for a new and an
 * existing address (a taken address gets a synthetic user that is not in the database, so nothing changes).
 */
export const verifyInviteeOnSignUp = {
  matcher: (ctx: { path?: string }) => ctx.path === "/sign-up/email",
  handler: createAuthMiddleware(async (ctx) => {
    const returned = ctx.context.returned as { user?: { id?: unknown } } | undefined;
    if (!returned || isAPIError(returned) || typeof returned.user?.id !== "string") return;
    const body = (ctx.body ?? {}) as { email?: unknown; callbackURL?: unknown };
    const landing = landingOf(body.callbackURL);
    if (!landing || typeof body.email !== "string") return;
    const { invitationId, proof } = landing;

    const { adapter, internalAdapter } = ctx.context;
    const user = await internalAdapter.findUserById(returned.user.id);
    if (!user || user.emailVerified) return;
    if (!sameProof(proof, invitationProof(ctx.context.secret, invitationId, user.email))) return;
    const invitation = await adapter.findOne<{ email: string; status: string; expiresAt: Date }>({
      model: "invitation",
      where: [{ field: "id", value: invitationId }],
    });
    if (
      invitation?.status !== "pending" ||
      new Date(invitation.expiresAt).getTime() <= Date.now() ||
      invitation.email.toLowerCase() !== user.email.toLowerCase()
    ) {
      return;
    }
    await internalAdapter.updateUser(user.id, { emailVerified: true });
  }),
};
