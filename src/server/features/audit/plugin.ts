import { tryGetCurrentAuthEndpointContext } from "@better-auth/core/context";
import type { BetterAuthPlugin } from "better-auth";
import { createAuthMiddleware } from "better-auth/api";
import { type ActingSession, eventSourceOf } from "#server/auth/event-source.ts";
import type { HookContext, OverrideObserver } from "#server/auth/overrides.ts";
import type { Logger } from "#server/boot/logger.ts";
import type { Db } from "#server/db/tables.ts";
import { currentTransaction } from "#server/db/transaction-scope.ts";
import { recordEvent } from "#server/events/record.ts";
import { auditDatabaseHooks, type RecordFor } from "./database-hooks.ts";
import type { AuditRule, HookSession, RuleEvent } from "./rule.ts";
import { outcomeOf } from "./rule.ts";
import { accountRules } from "./rules-account.ts";
import { adminRules } from "./rules-admin.ts";
import { invitationEvent, organizationRules } from "./rules-organization.ts";
import { roleRules } from "./rules-roles.ts";
import { signInRules } from "./sign-in.ts";

/**
 * The one table of what the audit log records on better-auth's paths (issue 17, decision 30). The rest is
 * recorded by the database hooks (database-hooks.ts) and, where the change is Gatehouse's own transaction,
 * inside it: organization deletion, invitation cancelling and resending (features/organizations), an app's access revoked
 * (features/applications), the admin's two-factor reset (features/admin).
 */
export const AUDIT_RULES: readonly AuditRule[] = [
  ...signInRules,
  ...accountRules,
  ...organizationRules,
  ...roleRules,
  ...adminRules,
];

const matches = (rule: AuditRule, path: string) =>
  typeof rule.path === "string" ? rule.path === path : rule.path.test(path);

/** The rules of a path, looked up once per path (every request passes through the after-hook's matcher). */
function rulesByPath(rules: readonly AuditRule[]) {
  const known = new Map<string, AuditRule[]>();
  return (path: string | undefined): AuditRule[] => {
    if (!path) return [];
    let found = known.get(path);
    if (!found) {
      found = rules.filter((rule) => matches(rule, path));
      // Paths are route patterns (/callback/:id), a bounded set.
      known.set(path, found);
    }
    return found;
  };
}

export interface AuditPluginDeps {
  db: Db;
  logger: Logger;
  rules?: readonly AuditRule[];
}

/**
 * The audit plugin: after-hooks on the paths of AUDIT_RULES, before-hooks for the rules that read what
 * the endpoint is about to change, database hooks, and `onOverrideAnswer` for the overrides that answer a
 * path themselves (better-auth runs no after-hook then). Recording happens after better-auth committed; a
 * failure to record is logged, never turned into an error for a change that is already made.
 */
export function auditPlugin({ db, logger, rules = AUDIT_RULES }: AuditPluginDeps) {
  // What each rule's `before` read, per request (the before- and after-hook contexts are copies; the
  // request, or for server calls the headers, is the same object in both).
  const captures = new WeakMap<object, Map<AuditRule, unknown>>();
  const keyOf = (ctx: HookContext): object | undefined => ctx.request ?? ctx.headers ?? undefined;
  const rulesOf = rulesByPath(rules);

  /** The change is made by now: a failure to record it is logged, not answered as an error. */
  async function guarded(what: string, work: () => Promise<void>) {
    try {
      await work();
    } catch (err) {
      logger.error({ err: (err as Error).message, what }, "audit event not recorded");
    }
  }

  async function write(
    ctx: Parameters<typeof eventSourceOf>[0] | null,
    actor: ActingSession | null | undefined,
    event: Omit<RuleEvent, "actor">,
  ) {
    const source = ctx
      ? eventSourceOf(ctx, actor)
      : { actor: { userId: actor?.user.id ?? null, impersonatorId: actor?.session.impersonatedBy ?? null } };
    await recordEvent(db, { ...source, ...event });
  }

  async function run(rule: AuditRule, ctx: HookContext, returned: unknown) {
    const outcome = outcomeOf(returned);
    if (!outcome.ok && !rule.refusals) return;
    const key = keyOf(ctx);
    const captured = key ? captures.get(key)?.get(rule) : undefined;
    await guarded(ctx.path ?? "", async () => {
      const described = await rule.event({
        ctx,
        returned,
        body: (ctx.body ?? {}) as Record<string, unknown>,
        captured: captured ?? null,
        session: (ctx.context.session as HookSession | null) ?? null,
        refused: outcome.ok ? null : outcome.code,
      });
      if (!described) return;
      const { actor, ...event } = described;
      await write(ctx, actor, event);
    });
  }

  /**
   * A new invitation's invitation.created, written in the transaction that writes the invitation and queues
   * its mail (the patched invite-member calls afterCreateInvitation there): the three commit together or not
   * at all, so a crash in a bulk send leaves whole invitations only. Not guarded: a failure rolls the
   * invitation back rather than leave it unrecorded.
   */
  async function invitationCreated(invitation: Record<string, unknown> & { id: string }) {
    const endpoint = tryGetCurrentAuthEndpointContext();
    const source = endpoint
      ? eventSourceOf(endpoint)
      : { actor: { userId: (invitation.inviterId as string | undefined) ?? null } };
    await recordEvent(currentTransaction() ?? db, {
      ...source,
      ...invitationEvent("invitation.created", invitation),
    });
  }

  /**
   * A resent invitation's invitation.resent, written in `trx`: the transaction in which the organizations
   * feature renews the invitation and queues its mail (overrides/invitations.ts). Not guarded either.
   */
  async function invitationResent(
    trx: Db,
    ctx: HookContext,
    session: ActingSession,
    invitation: Record<string, unknown> & { id: string },
  ) {
    await recordEvent(trx, {
      ...eventSourceOf(ctx, session),
      ...invitationEvent("invitation.resent", invitation),
    });
  }

  const recordFor: RecordFor = (endpoint, actor, event) =>
    guarded(event.action, () => write(endpoint as Parameters<typeof eventSourceOf>[0] | null, actor, event));

  /**
   * An override answered a path itself: its answer goes through the same table. A hook's `ctx.json()` of an
   * HTTP request is better-call's wrapper around the JSON; the rules read the JSON.
   */
  const onOverrideAnswer: OverrideObserver = async (ctx, answer) => {
    const wrapped = answer as { _flag?: unknown; body?: unknown } | null;
    const json = wrapped && typeof wrapped === "object" && wrapped._flag === "json" ? wrapped.body : answer;
    for (const rule of rulesOf(ctx.path)) await run(rule, ctx, json);
  };

  const plugin = {
    id: "gatehouse-audit",
    init: () => ({ options: { databaseHooks: auditDatabaseHooks(recordFor) } }),
    hooks: {
      before: rules
        .filter((rule) => rule.before)
        .map((rule) => ({
          matcher: (ctx: { path?: string }) => matches(rule, ctx.path ?? ""),
          handler: createAuthMiddleware(async (ctx) => {
            const key = keyOf(ctx);
            const before = rule.before;
            if (!key || !before) return;
            // A failed read costs its event, never the request.
            await guarded(ctx.path ?? "", async () => {
              const found = await before(ctx);
              const map = captures.get(key) ?? new Map<AuditRule, unknown>();
              captures.set(key, map.set(rule, found));
            });
          }),
        })),
      after: [
        {
          matcher: (ctx: { path?: string }) => rulesOf(ctx.path).length > 0,
          handler: createAuthMiddleware(async (ctx) => {
            for (const rule of rulesOf(ctx.path)) await run(rule, ctx, ctx.context.returned);
          }),
        },
      ],
    },
  } satisfies BetterAuthPlugin;

  return { plugin, onOverrideAnswer, invitationCreated, invitationResent };
}

export type AuditPlugin = ReturnType<typeof auditPlugin>;
