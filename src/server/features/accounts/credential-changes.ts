import type { AuthContext } from "better-auth";
import { createAuthMiddleware, isAPIError } from "better-auth/api";
import { voidAccountTokens } from "#server/features/accounts/tokens.ts";

/**
 * Where a password or an email changes through a stock better-auth path, and whose. A reset link or a
 * deletion link mailed before the change must stop working after it (tokens.ts voidAccountTokens): the
 * change may be the owner taking the account back from whoever read those mails. Gatehouse's own paths
 * void directly: /set-password (endpoints.ts) and the completed email change (email-change.ts).
 */
const CHANGED_USER: Record<string, (body: Record<string, unknown>, returned: unknown) => unknown> = {
  "/change-password": (_body, returned) => (returned as { user?: { id?: unknown } }).user?.id,
  "/admin/set-user-password": (body) => body.userId,
  "/admin/update-user": (body) => {
    const data = body.data as Record<string, unknown> | undefined;
    return data && Object.hasOwn(data, "email") ? body.userId : undefined;
  },
};

/** After-hooks that void the account's outstanding tokens once one of those paths succeeded. */
export const voidTokensAfterCredentialChange = [
  {
    matcher: (ctx: { path?: string }) => ctx.path !== undefined && ctx.path in CHANGED_USER,
    handler: createAuthMiddleware(async (ctx) => {
      const returned = ctx.context.returned;
      if (returned === undefined || returned === null || isAPIError(returned) || returned instanceof Response)
        return;
      const userId = CHANGED_USER[ctx.path]?.((ctx.body ?? {}) as Record<string, unknown>, returned);
      if (typeof userId === "string") await voidAccountTokens(ctx.context, userId);
    }),
  },
];

/**
 * better-auth's onPasswordReset, called once a reset link has set a new password: the other reset
 * links and any deletion link of the account stop working. Given through the plugin's init, which
 * better-auth merges under auth.ts's options (auth.ts sets none).
 */
export const voidTokensOnPasswordReset = (context: AuthContext) => ({
  emailAndPassword: {
    enabled: true,
    async onPasswordReset({ user }: { user: { id: string } }) {
      await voidAccountTokens(context, user.id);
    },
  },
});
