import type { BetterAuthOptions } from "better-auth";
import type { ActingSession } from "#server/auth/event-source.ts";
import type { AuditEventInput } from "#server/events/record.ts";
import { userData } from "./data.ts";
import { userActor } from "./rule.ts";

type DatabaseHooks = NonNullable<BetterAuthOptions["databaseHooks"]>;
/** The endpoint context a database hook runs in (null for server-side calls outside any endpoint). */
type EndpointContext = { path?: string; context: { session?: unknown } } | null | undefined;
type UserRow = Record<string, unknown> & { id: string; email: string };

/** Writes one event for the endpoint a database change happened in (actor, IP, user agent from it). */
export type RecordFor = (
  endpoint: EndpointContext,
  actor: ActingSession | null,
  event: Omit<AuditEventInput, "actor" | "ip" | "userAgent">,
) => Promise<void>;

/** How an account came to be, from the path that made it: user.created's `details.method`. */
function creationMethod(path: string | undefined): string {
  if (!path) return "server";
  if (path.startsWith("/admin/")) return "admin";
  if (path.startsWith("/sign-up/")) return "password";
  if (path.startsWith("/sso/")) return "sso";
  if (path.startsWith("/scim/")) return "scim";
  if (path.includes("callback") || path === "/sign-in/social") return "social";
  if (path.startsWith("/sign-in/email-otp")) return "email-code";
  if (path.startsWith("/magic-link/")) return "magic-link";
  return path;
}

const sessionOf = (endpoint: EndpointContext) =>
  (endpoint?.context.session as ActingSession | null | undefined) ?? null;

/**
 * Changes that happen on many paths, recorded where better-auth writes them (after its transaction
 * commits): accounts created and deleted, social accounts linked, the address changed or verified, and
 * the authenticator app turned on or off.
 */
export function auditDatabaseHooks(recordFor: RecordFor): DatabaseHooks {
  // The users an endpoint created: their first linked account is part of the sign-up, not a link.
  const createdIn = new WeakMap<object, Set<string>>();
  // An update's fields, from its before-hook to its after-hook (both see the same endpoint context).
  const updates = new WeakMap<object, Record<string, unknown>>();
  const self = (user: UserRow) => ({ type: "user" as const, id: user.id, label: user.email });

  return {
    user: {
      create: {
        async after(user: UserRow, endpoint: EndpointContext) {
          if (endpoint) {
            const made = createdIn.get(endpoint) ?? new Set<string>();
            createdIn.set(endpoint, made.add(user.id));
          }
          const method = creationMethod(endpoint?.path);
          // An admin creating an account acts as themselves; anyone else signed themselves up.
          const actor = method === "admin" ? sessionOf(endpoint) : userActor(user.id);
          await recordFor(endpoint, actor, {
            action: "user.created",
            target: self(user),
            details: { method },
            data: userData(user),
          });
        },
      },
      update: {
        async before(data: Record<string, unknown>, endpoint: EndpointContext) {
          if (endpoint) updates.set(endpoint, data);
        },
        async after(user: UserRow, endpoint: EndpointContext) {
          const data = endpoint ? updates.get(endpoint) : undefined;
          if (!endpoint || !data) return;
          updates.delete(endpoint);
          const actor = sessionOf(endpoint) ?? userActor(user.id);
          const event = (action: AuditEventInput["action"], details: Record<string, unknown> = {}) =>
            recordFor(endpoint, actor, { action, target: self(user), details, data: userData(user) });
          if (typeof data.email === "string") await event("user.email_changed", { email: data.email });
          else if (data.emailVerified === true) await event("user.email_verified");
          if (data.twoFactorEnabled === true) await event("user.two_factor_enabled");
          if (data.twoFactorEnabled === false) await event("user.two_factor_disabled");
        },
      },
      delete: {
        async after(user: UserRow, endpoint: EndpointContext) {
          await recordFor(endpoint, sessionOf(endpoint) ?? userActor(user.id), {
            action: "user.deleted",
            target: self(user),
            details: {},
            data: userData(user),
          });
        },
      },
    },
    account: {
      create: {
        async after(
          account: Record<string, unknown> & { id: string; userId: string; providerId: string },
          endpoint,
        ) {
          const ctx = endpoint as EndpointContext;
          if (account.providerId === "credential" || !ctx) return;
          if (createdIn.get(ctx)?.has(account.userId)) return;
          await recordFor(ctx, userActor(account.userId), {
            action: "user.account_linked",
            target: { type: "account", id: account.id, label: account.providerId },
            details: { providerId: account.providerId },
            data: { id: account.id, userId: account.userId, providerId: account.providerId },
          });
        },
      },
    },
  } as DatabaseHooks;
}
