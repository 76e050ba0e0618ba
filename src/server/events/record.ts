import { randomUUID } from "node:crypto";
import type { Db } from "#server/db/tables.ts";
import { outboxWritten } from "#server/events/outbox-signal.ts";
import type { AuditAction, AuditTargetType } from "#shared/audit.ts";

/** One audit event as the code that saw it describes it (issue 17). */
export interface AuditEventInput {
  action: AuditAction;
  outcome?: "success" | "refused";
  /** The error code of a refused action. */
  errorCode?: string | null;
  actor: {
    userId: string | null;
    impersonatorId?: string | null;
    apiKeyId?: string | null;
    connectionId?: string | null;
  };
  target?: { type: AuditTargetType; id: string; label?: string | null } | null;
  organizationId?: string | null;
  ip?: string | null;
  userAgent?: string | null;
  /** Small facts (old and new role, method); never secrets, hashes or tokens. */
  details?: Record<string, unknown>;
  /**
   * The object as the API returns it (a member, a user without secrets, an organization): a success's
   * webhook payload `data`. Without it the payload carries the target and details.
   */
  data?: unknown;
}

const USER_AGENT_MAX = 512;

/**
 * Writes one audit event and, for a success, its webhook outbox row (the delivery worker fans it out to the
 * matching endpoints). Pass the transaction of the change it records where the change is ours, so one never
 * stays without the other; after better-auth's own commits, the database. Returns the event id, which is
 * also the `webhook-id` every delivery of it carries.
 */
export async function recordEvent(db: Db, event: AuditEventInput): Promise<string> {
  // Outside a transaction the audit row and the outbox row still go together: a crash between two separate
  // commits would keep the event and lose its webhooks (and one commit costs less than two).
  if (!db.isTransaction && (event.outcome ?? "success") === "success") {
    const id = await db.transaction().execute((trx) => recordEvent(trx, event));
    outboxWritten(); // committed now: the worker finds the row at once, even on another connection
    return id;
  }
  const id = `evt_${randomUUID().replaceAll("-", "")}`;
  const createdAt = new Date().toISOString();
  const outcome = event.outcome ?? "success";
  const details = event.details ?? {};
  await db
    .insertInto("audit_event")
    .values({
      id,
      createdAt,
      action: event.action,
      outcome,
      errorCode: event.errorCode ?? null,
      actorId: event.actor.userId,
      impersonatorId: event.actor.impersonatorId ?? null,
      apiKeyId: event.actor.apiKeyId ?? null,
      connectionId: event.actor.connectionId ?? null,
      targetType: event.target?.type ?? null,
      targetId: event.target?.id ?? null,
      targetLabel: event.target?.label ?? null,
      organizationId: event.organizationId ?? null,
      ip: event.ip ?? null,
      userAgent: event.userAgent ? event.userAgent.slice(0, USER_AGENT_MAX) : null,
      details: JSON.stringify(details),
    })
    .execute();
  if (outcome === "success") {
    const data = event.data ?? { target: event.target ?? null, details };
    await db
      .insertInto("event_outbox")
      .values({
        id,
        type: event.action,
        organizationId: event.organizationId ?? null,
        payload: JSON.stringify({ type: event.action, timestamp: createdAt, data }),
        createdAt,
      })
      .execute();
    outboxWritten();
  }
  return id;
}
