import { createHash } from "node:crypto";
import type { BetterAuthPlugin } from "better-auth";
import { createAuthEndpoint, createAuthMiddleware, getSessionFromCtx } from "better-auth/api";
import { type BannedUser, banMessage, isBanned } from "#server/auth/ban-message.ts";
import { BAN_NOTICE_COOKIE } from "#shared/error-codes.ts";
import { hasRole } from "#shared/roles.ts";

/** Long enough for the open tab to reach the sign-in page; the cookie is read by script and holds no secret. */
const NOTICE_SECONDS = 10 * 60;
const PREFIX = "ban-notice-";

const noticeId = (sessionToken: string) => createHash("sha256").update(sessionToken).digest("base64url");

type Ctx = Parameters<Parameters<typeof createAuthMiddleware>[0]>[0];

/**
 * A ban deletes the person's sessions, so their open tab is sent to sign-in knowing nothing. Before the ban,
 * each of their sessions leaves a note (a verification value named by its token's hash, living as long as the
 * session would have); when that session's cookie next finds no session, get-session sets BAN_NOTICE_COOKIE to
 * the note's name, and GET /ban-notice answers with the ban's message while the ban lasts. Only the browser
 * that held the session can name the note: nothing tells anyone else whether an address is banned.
 */
export function banNotice() {
  return {
    id: "gatehouse-ban-notice",
    hooks: {
      before: [
        {
          matcher: (ctx) => ctx.path === "/admin/ban-user",
          handler: createAuthMiddleware(async (ctx) => {
            const caller = await getSessionFromCtx(ctx);
            const userId = (ctx.body as { userId?: unknown } | undefined)?.userId;
            // better-auth's endpoint refuses everyone else; they leave no notes.
            if (!caller || !hasRole((caller.user as { role?: string | null }).role, "admin")) return;
            if (typeof userId !== "string" || userId === caller.user.id) return;
            const adapter = ctx.context.internalAdapter;
            for (const session of await adapter.listSessions(userId)) {
              await adapter.createVerificationValue({
                identifier: `${PREFIX}${noticeId(session.token)}`,
                value: userId,
                expiresAt: new Date(session.expiresAt),
              });
            }
          }),
        },
      ],
      after: [
        {
          matcher: (ctx) => ctx.path === "/get-session",
          handler: createAuthMiddleware(async (ctx) => {
            if (ctx.context.returned !== null) return;
            const cookie = ctx.context.authCookies.sessionToken;
            const token = await ctx.getSignedCookie(cookie.name, ctx.context.secret);
            if (!token) return;
            const id = noticeId(token);
            if (!(await bannedUserOfNotice(ctx, id))) return;
            ctx.setCookie(BAN_NOTICE_COOKIE, id, {
              path: "/",
              sameSite: "lax",
              secure: cookie.attributes.secure,
              maxAge: NOTICE_SECONDS,
            });
          }),
        },
        {
          // A new sign-in in this browser (the ban lifted, or someone else) ends the note's cookie.
          matcher: () => true,
          handler: createAuthMiddleware(async (ctx) => {
            if (!ctx.context.newSession || !ctx.getCookie(BAN_NOTICE_COOKIE)) return;
            ctx.setCookie(BAN_NOTICE_COOKIE, "", { path: "/", maxAge: 0 });
          }),
        },
      ],
    },
    endpoints: {
      banNotice: createAuthEndpoint("/ban-notice", { method: "GET" }, async (ctx) => {
        const id = ctx.getCookie(BAN_NOTICE_COOKIE);
        const user = id ? await bannedUserOfNotice(ctx, id) : null;
        return ctx.json(user ? { message: banMessage(user) } : null);
      }),
    },
  } satisfies BetterAuthPlugin;
}

/** The user a note names, while they are banned. */
async function bannedUserOfNotice(ctx: Ctx, id: string) {
  const adapter = ctx.context.internalAdapter;
  const note = await adapter.findVerificationValue(`${PREFIX}${id}`);
  if (!note || new Date(note.expiresAt).getTime() <= Date.now()) return null;
  const user = (await adapter.findUserById(note.value)) as (BannedUser & { banned?: boolean | null }) | null;
  return user && isBanned(user) ? user : null;
}
