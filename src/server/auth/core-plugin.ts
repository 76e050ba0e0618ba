import type { BetterAuthPlugin } from "better-auth";
import { createAuthMiddleware } from "better-auth/api";
import { checkInputLimits, hasInputLimits } from "#server/auth/input-limits.ts";
import { checkJsonBody, checkSomethingToUpdate, hasUpdateRule } from "#server/auth/json-guard.ts";
import { overrideHooks } from "#server/auth/overrides.ts";
import type { Prehash } from "#server/auth/prehash.ts";
import { LIMITS } from "#shared/limits.ts";

export interface CorePluginDeps {
  prehashing: Prehash;
  /** Refuses deleting a user who must not go yet (an organization's only owner); see AuthFeatures. */
  assertUserCanBeDeleted: (userId: string) => Promise<void>;
}

/**
 * Checks that only some paths need: input limits, a sign-up's password hashed before its transaction, and
 * the only-owner rule on an admin's user removal. Each hook has a matcher, so other requests (get-session,
 * /ok…) do not pay for a middleware context they would not use.
 */
export function corePlugin({ prehashing, assertUserCanBeDeleted }: CorePluginDeps) {
  return {
    id: "gatehouse-core",
    hooks: {
      before: [
        // Every JSON body: no hostile nesting, sizes or prototype keys reach an endpoint (json-guard.ts).
        {
          matcher: (ctx) => ctx.body !== null && typeof ctx.body === "object",
          handler: createAuthMiddleware(async (ctx) => checkJsonBody(ctx.body)),
        },
        {
          matcher: (ctx) => hasUpdateRule(ctx.path ?? ""),
          handler: createAuthMiddleware(async (ctx) => checkSomethingToUpdate(ctx.path, ctx.body)),
        },
        {
          matcher: (ctx) => hasInputLimits(ctx.path ?? ""),
          handler: createAuthMiddleware(async (ctx) => checkInputLimits(ctx.path, ctx.body)),
        },
        {
          matcher: (ctx) => ctx.path === "/sign-up/email",
          handler: createAuthMiddleware(async (ctx) => {
            const password = (ctx.body as { password?: unknown } | undefined)?.password;
            if (typeof password === "string" && password.length <= LIMITS.passwordMax)
              await prehashing.prehash(password);
          }),
        },
        // An admin cannot remove an organization's only owner either.
        ...overrideHooks([
          {
            path: "/admin/remove-user",
            mode: "guard",
            handler: async (ctx) => {
              const target = (ctx.body as { userId?: unknown } | undefined)?.userId;
              if (typeof target === "string") await assertUserCanBeDeleted(target);
            },
          },
        ]),
      ],
      after: [
        {
          matcher: (ctx) => ctx.path === "/sign-up/email",
          handler: createAuthMiddleware(async (ctx) => {
            const password = (ctx.body as { password?: unknown } | undefined)?.password;
            if (typeof password === "string") prehashing.forget(password);
          }),
        },
      ],
    },
  } satisfies BetterAuthPlugin;
}
