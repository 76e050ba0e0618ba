import { getSessionFromCtx } from "better-auth/api";
import { notMeIdentifier } from "#server/auth/security-mails.ts";
import { passkeyData, userData } from "./data.ts";
import type { AuditRule, HookSession, RuleInput } from "./rule.ts";
import { userActor } from "./rule.ts";

/** The caller's own account as the target of an event about it. */
const self = ({ session }: RuleInput) =>
  session ? { type: "user" as const, id: session.user.id, label: session.user.email } : null;

/** The account a mailed token (reset, "this wasn't me") belongs to, read before the endpoint spends it. */
const tokenOwner = (identifier: (token: string) => string) => async (ctx: RuleInput["ctx"]) => {
  const token = (ctx.body as { token?: unknown } | undefined)?.token;
  if (typeof token !== "string") return null;
  const row = await ctx.context.internalAdapter.findVerificationValue(identifier(token));
  return row ? await ctx.context.internalAdapter.findUserById(row.value) : null;
};

/**
 * An account's own changes, on the stock and Gatehouse paths that make them. Account creation and deletion,
 * linking, email changes and verification, and two-factor on/off are recorded by database hooks
 * (database-hooks.ts), wherever they happen.
 */
export const accountRules: AuditRule[] = [
  {
    path: "/update-user",
    event: async (input) => {
      const changed = Object.keys(input.body).filter((k) => k !== "callbackURL");
      if (!input.session || changed.length === 0) return null;
      const user = await input.ctx.context.internalAdapter.findUserById(input.session.user.id);
      return { action: "user.updated", target: self(input), details: { changed }, data: userData(user) };
    },
  },
  {
    // Signing out ends the session before the answer: read it first.
    path: "/sign-out",
    before: (ctx) => getSessionFromCtx(ctx),
    event: ({ captured }: { captured: HookSession | null }) =>
      captured && {
        action: "user.signed_out",
        actor: captured,
        target: { type: "session", id: captured.session.id },
        details: {},
      },
  },
  {
    path: "/revoke-session",
    before: async (ctx) => {
      const token = (ctx.body as { token?: unknown } | undefined)?.token;
      return typeof token === "string" ? ctx.context.internalAdapter.findSession(token) : null;
    },
    event: ({ captured, session }) =>
      captured && session && captured.session.userId === session.user.id
        ? {
            action: "session.revoked",
            target: { type: "session", id: captured.session.id },
            details: { scope: "one" },
          }
        : null,
  },
  ...(["/revoke-sessions", "/revoke-other-sessions"] as const).map(
    (path): AuditRule => ({
      path,
      event: (input) => ({
        action: "session.revoked",
        target: self(input),
        details: { scope: path === "/revoke-sessions" ? "all" : "others" },
      }),
    }),
  ),
  {
    // "This wasn't me": the mail's holder ends every session of the account.
    path: "/security/not-me",
    before: tokenOwner(notMeIdentifier),
    event: ({ captured }) =>
      captured && {
        action: "session.revoked",
        actor: userActor(captured.id),
        target: { type: "user", id: captured.id, label: captured.email },
        details: { scope: "all", via: "not-me" },
      },
  },
  {
    path: "/change-password",
    event: (input) => ({
      action: "user.password_changed",
      target: self(input),
      details: { revokedOtherSessions: input.body.revokeOtherSessions === true },
    }),
  },
  {
    path: "/set-password",
    event: (input) => ({ action: "user.password_changed", target: self(input), details: { first: true } }),
  },
  {
    path: "/reset-password",
    before: tokenOwner((token) => `reset-password:${token}`),
    event: ({ captured }) =>
      captured && {
        action: "user.password_reset",
        actor: userActor(captured.id),
        target: { type: "user", id: captured.id, label: captured.email },
        details: {},
      },
  },
  {
    // Also when the address is taken: the accounts guard answers that case itself (the override observer
    // brings it here), so the requester's log reads alike either way.
    path: "/change-email",
    event: (input) => ({
      action: "user.email_change_requested",
      target: self(input),
      details: { newEmail: String(input.body.newEmail ?? "").toLowerCase() },
    }),
  },
  {
    path: "/two-factor/generate-backup-codes",
    event: (input) => ({ action: "user.backup_codes_regenerated", target: self(input), details: {} }),
  },
  {
    path: "/passkey/verify-registration",
    event: ({ returned }) =>
      returned?.id
        ? {
            action: "user.passkey_added",
            target: { type: "passkey", id: returned.id, label: returned.name ?? null },
            details: {},
            data: passkeyData(returned),
          }
        : null,
  },
  {
    path: "/passkey/update-passkey",
    event: ({ returned }) =>
      returned?.passkey && {
        action: "user.passkey_renamed",
        target: { type: "passkey", id: returned.passkey.id, label: returned.passkey.name ?? null },
        details: { name: returned.passkey.name ?? null },
        data: passkeyData(returned.passkey),
      },
  },
  {
    path: "/passkey/delete-passkey",
    before: (ctx) => {
      const id = (ctx.body as { id?: unknown } | undefined)?.id;
      return typeof id === "string"
        ? ctx.context.adapter.findOne({ model: "passkey", where: [{ field: "id", value: id }] })
        : Promise.resolve(null);
    },
    event: ({ captured }) =>
      captured && {
        action: "user.passkey_removed",
        target: { type: "passkey", id: captured.id, label: captured.name ?? null },
        details: {},
        data: passkeyData(captured),
      },
  },
  {
    // The accounts guard turns the SPEC's providerId + accountId into the row id before better-auth
    // deletes it: the account list read first names the row's provider afterwards.
    path: "/unlink-account",
    before: async (ctx) => {
      const session = await getSessionFromCtx(ctx);
      return session ? ctx.context.internalAdapter.findAccounts(session.user.id) : [];
    },
    event: ({ body, captured }) => {
      const accounts = captured as { id: string; providerId: string; accountId: string }[];
      const gone = accounts.find((a) => a.id === body.accountId);
      return gone
        ? {
            action: "user.account_unlinked",
            target: { type: "account", id: gone.id, label: gone.providerId },
            details: { providerId: gone.providerId },
          }
        : null;
    },
  },
];
