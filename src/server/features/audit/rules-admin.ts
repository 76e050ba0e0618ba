import { getSessionFromCtx } from "better-auth/api";
import { rolesText, userData } from "./data.ts";
import type { AuditRule, HookSession, RuleInput } from "./rule.ts";
import { userActor } from "./rule.ts";

type Row = Record<string, unknown> & { id: string; email?: string };

/** The account an admin path acts on (body.userId), read before the change when the event needs the old state. */
const targetUser = (ctx: RuleInput["ctx"]) => {
  const userId = (ctx.body as { userId?: unknown } | undefined)?.userId;
  return typeof userId === "string"
    ? ctx.context.internalAdapter.findUserById(userId)
    : Promise.resolve(null);
};

const userTarget = (user: Row) => ({ type: "user" as const, id: user.id, label: user.email ?? null });

/**
 * What Gatehouse admins do to accounts (better-auth's admin plugin). Creating and removing accounts are
 * recorded by the database hooks, as every other creation and deletion; the two-factor reset is
 * features/admin's own transaction and records itself there.
 */
export const adminRules: AuditRule[] = [
  {
    path: "/admin/ban-user",
    event: ({ returned, body }) =>
      returned?.user && {
        action: "user.banned",
        target: userTarget(returned.user),
        details: { reason: body.banReason ?? null, expiresIn: body.banExpiresIn ?? null },
        data: userData(returned.user),
      },
  },
  {
    path: "/admin/unban-user",
    event: ({ returned }) =>
      returned?.user && {
        action: "user.unbanned",
        target: userTarget(returned.user),
        details: {},
        data: userData(returned.user),
      },
  },
  {
    path: "/admin/set-role",
    before: targetUser,
    event: ({ returned, captured }) =>
      returned?.user && {
        action: "user.role_changed",
        target: userTarget(returned.user),
        details: { from: rolesText(captured?.role), to: rolesText(returned.user.role) },
        data: userData(returned.user),
      },
  },
  {
    path: "/admin/update-user",
    event: ({ returned, body }) =>
      returned?.id && {
        action: "user.updated",
        target: userTarget(returned),
        details: { changed: Object.keys(body.data ?? {}) },
        data: userData(returned),
      },
  },
  {
    path: "/admin/set-user-password",
    before: targetUser,
    event: ({ captured }) =>
      captured && {
        action: "user.password_changed",
        target: userTarget(captured),
        details: { byAdmin: true },
      },
  },
  ...(["/admin/revoke-user-session", "/admin/revoke-user-sessions"] as const).map(
    (path): AuditRule => ({
      path,
      before: async (ctx) => {
        const token = (ctx.body as { sessionToken?: unknown } | undefined)?.sessionToken;
        if (typeof token === "string")
          return (await ctx.context.internalAdapter.findSession(token))?.user ?? null;
        return targetUser(ctx);
      },
      event: ({ captured }) =>
        captured && {
          action: "session.revoked",
          target: userTarget(captured),
          details: { scope: path === "/admin/revoke-user-session" ? "one" : "all", byAdmin: true },
        },
    }),
  ),
  {
    path: "/admin/impersonate-user",
    before: targetUser,
    event: ({ captured, returned }) =>
      captured && returned?.session
        ? {
            action: "impersonation.started",
            target: userTarget(captured),
            details: { sessionId: returned.session.id ?? null },
          }
        : null,
  },
  {
    // The impersonation session is ended by the call: read it (and its admin) first.
    path: "/admin/stop-impersonating",
    before: (ctx) => getSessionFromCtx(ctx),
    event: ({ captured }: { captured: HookSession | null }) =>
      captured?.session.impersonatedBy
        ? {
            action: "impersonation.stopped",
            actor: userActor(captured.session.impersonatedBy),
            target: { type: "user", id: captured.user.id, label: captured.user.email },
            details: { sessionId: captured.session.id },
          }
        : null,
  },
];
