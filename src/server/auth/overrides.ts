import type { BetterAuthPlugin } from "better-auth";
import { APIError, createAuthMiddleware, isAPIError } from "better-auth/api";
import type { z } from "zod";

/** The context a better-auth hook handler receives. */
export type HookContext = Parameters<Parameters<typeof createAuthMiddleware>[0]>[0];

/**
 * One stock better-auth path that Gatehouse serves differently, declared where its resource's other
 * overrides are (features/<name>/overrides/). Every override runs as a before-hook on its exact path:
 * - `replace`: the handler answers every request that reaches it (or refuses it); better-auth's own
 *   endpoint never runs. Answering nothing is a bug and fails loudly.
 * - `guard`: the handler checks, refuses, adjusts or answers some requests; returning nothing hands the
 *   request on to better-auth's endpoint unchanged.
 * `query` and `body`, when given, are parsed before the handler runs; a value they refuse is a 400
 * naming the field (code INVALID_FIELD), and the handler receives the parsed values.
 */
export interface Override<Q = unknown, B = unknown> {
  path: string;
  mode: "replace" | "guard";
  query?: z.ZodType<Q>;
  body?: z.ZodType<B>;
  handler(ctx: HookContext, input: { query: Q; body: B }): Promise<unknown>;
}

/** Declares one override, inferring the parsed query and body types from its schemas. */
export function defineOverride<Q = unknown, B = unknown>(override: Override<Q, B>): Override<Q, B> {
  return override;
}

function parse<T>(schema: z.ZodType<T> | undefined, value: unknown): T {
  if (!schema) return value as T;
  const parsed = schema.safeParse(value ?? {});
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  throw APIError.from("BAD_REQUEST", {
    code: "INVALID_FIELD",
    message: issue?.message ?? "Invalid request",
  });
}

type BeforeHooks = NonNullable<NonNullable<BetterAuthPlugin["hooks"]>["before"]>;

/** The override a before-hook serves, kept on the hook for the API reference (`replacedBodies`). */
const SERVES = Symbol("gatehouse.override");

/**
 * Told of every answer an override gives itself, a success or a redirect (better-auth runs no after-hook
 * for a path a before-hook answered): the audit log reads them like the after-hooks' answers.
 */
export type OverrideObserver = (ctx: HookContext, answer: unknown) => Promise<void>;

/** The better-auth before-hooks that serve a list of overrides, in their order. */
export function overrideHooks(overrides: readonly Override[], observer?: OverrideObserver): BeforeHooks {
  return overrides.map(({ path, mode, query, body, handler }) => ({
    [SERVES]: { path, mode, body },
    matcher: (ctx: { path?: string }) => ctx.path === path,
    handler: createAuthMiddleware(async (ctx) => {
      const input = { query: parse(query, ctx.query), body: parse(body, ctx.body) };
      let answer: unknown;
      try {
        answer = await handler(ctx, input);
      } catch (err) {
        // A redirect is thrown; it is an answer all the same.
        if (observer && isAPIError(err) && err.statusCode < 400) await observer(ctx, err);
        throw err;
      }
      if (mode === "replace" && answer === undefined) {
        throw new Error(`the override of ${path} replaces better-auth's endpoint but answered nothing`);
      }
      if (observer && answer !== undefined) await observer(ctx, answer);
      return answer;
    }),
  }));
}

/**
 * The request body each endpoint Gatehouse replaces reads, by path, from the overrides installed in these
 * plugins: the API reference documents them in place of better-auth's (whose bodies list fields the
 * replacement refuses, such as api-key/create's server-only ones). Guards leave better-auth's body as it is.
 */
export function replacedBodies(plugins: readonly BetterAuthPlugin[]): Record<string, z.ZodType> {
  const bodies: Record<string, z.ZodType> = {};
  for (const plugin of plugins) {
    for (const hook of plugin.hooks?.before ?? []) {
      const served = (hook as { [SERVES]?: Pick<Override, "path" | "mode" | "body"> })[SERVES];
      if (served?.mode === "replace" && served.body) bodies[served.path] = served.body;
    }
  }
  return bodies;
}
