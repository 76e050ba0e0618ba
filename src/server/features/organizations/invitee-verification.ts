import { timingSafeEqual } from "node:crypto";
import { createAuthMiddleware, isAPIError } from "better-auth/api";
import { invitationProof } from "#server/auth/invitation-proof.ts";

/** The invitation a sign-up came from: the web's sign-up page asks to come back to its landing. */
const INVITATION_PATH = /^\/accept-invitation\/([^/?#]+)/;

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
