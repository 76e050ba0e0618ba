import { isAPIError } from "better-auth/api";
import type { ActingSession } from "#server/auth/event-source.ts";
import type { HookContext } from "#server/auth/overrides.ts";
import type { AuditEventInput } from "#server/events/record.ts";

/** The session a hook reads: whose it is, with what the log shows of them. */
export type HookSession = ActingSession & {
  user: { id: string; email: string; name: string; twoFactorEnabled?: boolean | null };
  session: { id: string; token: string };
};

/** What a rule reads once its path has answered. */
export interface RuleInput {
  ctx: HookContext;
  /** The endpoint's answer: the JSON object it sent, or the error or redirect it ended with. */
  // biome-ignore lint/suspicious/noExplicitAny: answers are better-auth's, each rule knows its path's shape
  returned: any;
  // biome-ignore lint/suspicious/noExplicitAny: the body as the endpoint's own schema accepted it
  body: Record<string, any>;
  // biome-ignore lint/suspicious/noExplicitAny: whatever the rule's `before` read
  captured: any;
  /** The caller's session, when the path has one. */
  session: HookSession | null;
  /** A refused attempt's error code (only rules with `refusals` see those). */
  refused: string | null;
}

/** The event a rule describes; actor, IP and user agent come from the request. */
export interface RuleEvent extends Omit<AuditEventInput, "actor" | "ip" | "userAgent"> {
  /** Whose action it was when not the session's: a sign-in's new session, a mailed link's owner, nobody. */
  actor?: ActingSession | null;
}

/**
 * One row of the audit table: a better-auth path and what its success (or, with `refusals`, its refusal)
 * records. `before` reads what the endpoint is about to change or end (the old role, the session being
 * revoked); `event` answers null when nothing worth recording happened.
 */
export interface AuditRule {
  path: string | RegExp;
  before?(ctx: HookContext): Promise<unknown>;
  refusals?: boolean;
  event(input: RuleInput): Promise<RuleEvent | null> | RuleEvent | null;
}

/** An actor that is only a user (no impersonation): a link's owner, a new account. */
export const userActor = (id: string): ActingSession => ({ user: { id }, session: {} });

/**
 * Did the path do what it was asked? An answer or a redirect without `error=` is a success; an error, or a
 * redirect to an error page, is a refusal with its code.
 */
export function outcomeOf(returned: unknown): { ok: true } | { ok: false; code: string } {
  if (returned === undefined || returned === null) return { ok: false, code: "NO_ANSWER" };
  const redirect = (location: string | null | undefined) => {
    const error = location ? new URL(location, "http://relative.invalid").searchParams.get("error") : null;
    return error ? { ok: false as const, code: error.toUpperCase() } : { ok: true as const };
  };
  if (isAPIError(returned)) {
    if (returned.statusCode < 400) return redirect(new Headers(returned.headers).get("location"));
    const code = (returned.body as { code?: unknown } | undefined)?.code;
    return { ok: false, code: typeof code === "string" ? code : String(returned.status) };
  }
  if (returned instanceof Response) {
    if (returned.status < 400) return redirect(returned.headers.get("location"));
    return { ok: false, code: String(returned.status) };
  }
  if (returned instanceof Error) return { ok: false, code: "ERROR" };
  return { ok: true };
}
