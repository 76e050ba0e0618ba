import type { createAuthMiddleware } from "better-auth/api";

/** The context a better-auth hook handler receives. */
export type AuthMiddlewareContext = Parameters<Parameters<typeof createAuthMiddleware>[0]>[0];
