import type { BetterAuthOptions } from "better-auth";
import { getIP } from "better-auth/api";
import { API_KEY_SESSION_PREFIX, apiKeyGrantOf } from "#server/auth/api-key-access.ts";
import type { AuditEventInput } from "#server/events/record.ts";

/** A session as better-auth's hooks hold it: whose, and which admin acts through it. */
export interface ActingSession {
  user: { id: string };
  session: { impersonatedBy?: string | null; [field: string]: unknown };
}

/** Who did something and from where: the fields every audit event takes from its request. */
export type EventSource = Pick<AuditEventInput, "actor" | "ip" | "userAgent">;

/** What a better-auth hook or endpoint context offers (the subset read here). */
interface EndpointLike {
  request?: Request;
  headers?: Headers;
  context: { session?: unknown; options: BetterAuthOptions };
}

/**
 * The actor, client IP and user agent of a better-auth request: the session's user, the admin behind an
 * impersonation (`impersonatedBy`), the API key that authenticated it, and the IP the server set from the
 * socket (docs/ARCHITECTURE.md "Client IP"; better-auth's getIP reads that header). `session` overrides the
 * context's (a sign-in's new session, or one read before the endpoint ended it).
 */
export function eventSourceOf(ctx: EndpointLike, session?: ActingSession | null): EventSource {
  const acting = session === undefined ? (ctx.context.session as ActingSession | null | undefined) : session;
  // The grant is kept beside the session object of the request's before-hooks; later hooks see a copy of
  // that session, whose id still names the key.
  const sessionId = acting?.session.id;
  const apiKeyId =
    apiKeyGrantOf(ctx)?.keyId ??
    (typeof sessionId === "string" && sessionId.startsWith(API_KEY_SESSION_PREFIX)
      ? sessionId.slice(API_KEY_SESSION_PREFIX.length)
      : null);
  const from = ctx.request ?? ctx.headers;
  return {
    actor: {
      userId: acting?.user.id ?? null,
      impersonatorId: acting?.session.impersonatedBy ?? null,
      apiKeyId,
    },
    ip: from ? (getIP(from, ctx.context.options) ?? null) : null,
    userAgent: (ctx.request?.headers ?? ctx.headers)?.get("user-agent") ?? null,
  };
}
