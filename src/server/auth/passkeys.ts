import { createHash } from "node:crypto";
import { PASSKEY_ERROR_CODES, passkey } from "@better-auth/passkey";
import type { BetterAuthPlugin } from "better-auth";
import { APIError, createAuthMiddleware, getSessionFromCtx, isAPIError } from "better-auth/api";
import { type HookContext, overrideHooks } from "#server/auth/overrides.ts";
import { type Ceremony, readPasskeyAnswer } from "#server/auth/passkey-response.ts";

/** @better-auth/passkey's cookie naming the pending challenge (its default). */
const CHALLENGE_COOKIE = "better-auth-passkey";

/** Gatehouse's own answers to a passkey ceremony it refuses before the plugin verifies it (docs/errors.md). */
export const PASSKEY_REFUSALS = {
  INVALID_PASSKEY_RESPONSE: "The passkey answer is malformed",
  PASSKEY_ORIGIN_MISMATCH: "The passkey answer comes from another origin than this server's",
  PASSKEY_RP_ID_MISMATCH: "The passkey belongs to another site (relying party) than this server",
  PASSKEY_CHALLENGE_MISMATCH: "The passkey answer is for another challenge (replayed or stale)",
} as const;

type Refusal = keyof typeof PASSKEY_REFUSALS;

function refuse(code: Refusal): APIError {
  return APIError.from("BAD_REQUEST", { code, message: PASSKEY_REFUSALS[code] });
}

/** Passkey sign-ins per client: better-auth's sign-in limit (3 per 10 s). */
export const PASSKEY_SIGN_IN_LIMIT = { window: 10, max: 3 };
/** Sign-in challenges per client (each is a stored verification value). */
export const PASSKEY_CHALLENGE_LIMIT = { window: 60, max: 30 };

interface RelyingParty {
  /** The host passkeys are bound to: BETTER_AUTH_URL's hostname. */
  rpID: string;
  /** The only origin a ceremony may come from: BETTER_AUTH_URL's origin. */
  origin: string;
}

/**
 * Checks a registration or sign-in answer before the plugin does: the ceremony's type, the origin the
 * browser saw, the relying party the authenticator used, and the challenge it signed, each refused with
 * its own code. The plugin's own verification (signature, counters, flags) still runs afterwards; its
 * failures are 4xx too (`clientErrorsStayClientErrors`). A refused answer spends its challenge.
 */
function checkCeremony(ceremony: Ceremony, rp: RelyingParty) {
  const rpIdHash = createHash("sha256").update(rp.rpID).digest();
  const expectedType = ceremony === "registration" ? "webauthn.create" : "webauthn.get";
  return async (ctx: HookContext) => {
    const cookie = ctx.context.createAuthCookie(CHALLENGE_COOKIE);
    const token = await ctx.getSignedCookie(cookie.name, ctx.context.secret);
    const spend = async (code: Refusal) => {
      if (token) await ctx.context.internalAdapter.deleteVerificationByIdentifier(token);
      throw refuse(code);
    };
    const answer = readPasskeyAnswer((ctx.body as { response?: unknown } | undefined)?.response, ceremony);
    if (!answer || answer.clientData.type !== expectedType) return spend("INVALID_PASSKEY_RESPONSE");
    if (answer.clientData.origin !== rp.origin) return spend("PASSKEY_ORIGIN_MISMATCH");
    if (!rpIdHash.equals(answer.rpIdHash)) return spend("PASSKEY_RP_ID_MISMATCH");
    // No challenge (none asked for, expired, or already spent): the plugin answers CHALLENGE_NOT_FOUND.
    const pending = token ? await ctx.context.internalAdapter.findVerificationValue(token) : null;
    if (!pending) return;
    let expected: unknown;
    try {
      expected = (JSON.parse(pending.value) as { expectedChallenge?: unknown }).expectedChallenge;
    } catch {
      expected = undefined;
    }
    if (answer.clientData.challenge !== expected) return spend("PASSKEY_CHALLENGE_MISMATCH");
  };
}

/**
 * Renaming or removing a passkey that is not the caller's reads exactly like an unknown one (404
 * PASSKEY_NOT_FOUND): the plugin would say 401, with an empty body on removal, and so tell that it exists.
 */
async function ownPasskeyOnly(ctx: HookContext): Promise<void> {
  const session = await getSessionFromCtx(ctx);
  // Without a session the plugin answers 401 itself.
  if (!session) return;
  const id = (ctx.body as { id?: unknown } | undefined)?.id;
  const row =
    typeof id === "string"
      ? await ctx.context.adapter.findOne<{ userId: string }>({
          model: "passkey",
          where: [{ field: "id", value: id }],
        })
      : null;
  if (row?.userId !== session.user.id) {
    throw APIError.from("NOT_FOUND", PASSKEY_ERROR_CODES.PASSKEY_NOT_FOUND);
  }
}

/**
 * The plugin answers 500 when SimpleWebAuthn rejects a registration (a signature or attestation it cannot
 * verify): a bad answer is the client's fault, so it becomes a 400 with the same code. A Response, because
 * an error thrown by an after-hook keeps the endpoint's status.
 */
const clientErrorsStayClientErrors = createAuthMiddleware(async (ctx) => {
  const returned = ctx.context.returned;
  if (!isAPIError(returned) || returned.statusCode < 500) return;
  const failed = PASSKEY_ERROR_CODES.FAILED_TO_VERIFY_REGISTRATION;
  if (returned.body?.code !== failed.code) return;
  return new Response(JSON.stringify({ code: failed.code, message: failed.message }), {
    status: 400,
    headers: { "content-type": "application/json" },
  });
});

/**
 * Passkeys (WebAuthn) through @better-auth/passkey, bound to BETTER_AUTH_URL: its hostname is the
 * relying-party id and its origin the only accepted origin, so passkeys made for one host never work on
 * another (decision 25). Gatehouse adds the checks above and records when each passkey was last used.
 */
export function passkeyPlugins(options: { appName: string; baseURL: string }): BetterAuthPlugin[] {
  const url = new URL(options.baseURL);
  const rp: RelyingParty = { rpID: url.hostname, origin: url.origin };
  return [
    passkey({
      rpID: rp.rpID,
      rpName: options.appName,
      origin: rp.origin,
      authentication: {
        async afterVerification({ ctx, clientData }) {
          await ctx.context.adapter.update({
            model: "passkey",
            where: [{ field: "credentialID", value: String(clientData.id) }],
            update: { lastUsedAt: new Date() },
          });
        },
      },
    }),
    {
      id: "gatehouse-passkeys",
      // On with better-auth's limiter (production), per client: a passkey sign-in like a password sign-in,
      // and the anonymous challenge (one verification row each) at most twice a second on average.
      rateLimit: [
        { ...PASSKEY_SIGN_IN_LIMIT, pathMatcher: (path) => path === "/passkey/verify-authentication" },
        {
          ...PASSKEY_CHALLENGE_LIMIT,
          pathMatcher: (path) => path === "/passkey/generate-authenticate-options",
        },
      ],
      // When a passkey last signed someone in, for the account's passkey list.
      schema: { passkey: { fields: { lastUsedAt: { type: "date", required: false } } } },
      hooks: {
        before: overrideHooks([
          { path: "/passkey/verify-registration", mode: "guard", handler: checkCeremony("registration", rp) },
          {
            path: "/passkey/verify-authentication",
            mode: "guard",
            handler: checkCeremony("authentication", rp),
          },
          { path: "/passkey/update-passkey", mode: "guard", handler: ownPasskeyOnly },
          { path: "/passkey/delete-passkey", mode: "guard", handler: ownPasskeyOnly },
        ]),
        after: [
          {
            matcher: (ctx) => ctx.path === "/passkey/verify-registration",
            handler: clientErrorsStayClientErrors,
          },
        ],
      },
    } satisfies BetterAuthPlugin,
  ];
}
