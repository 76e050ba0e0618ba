import { randomUUID } from "node:crypto";
import { type Insertable, SqliteAdapter } from "kysely";
import type { Db, Tables } from "#server/db/tables.ts";
import { beforeCommit } from "#server/db/transaction-scope.ts";
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
/** Events committed together at most (16 columns each: far below either database's parameter limit). */
const BATCH_MAX = 100;

type AuditRow = Insertable<Tables["audit_event"]>;
type OutboxRow = Insertable<Tables["event_outbox"]>;
interface EventRows {
  id: string;
  audit: AuditRow;
  /** A success's webhook outbox row. */
  outbox: OutboxRow | null;
}

function rowsOf(event: AuditEventInput): EventRows {
  const id = `evt_${randomUUID().replaceAll("-", "")}`;
  const createdAt = new Date().toISOString();
  const outcome = event.outcome ?? "success";
  const details = event.details ?? {};
  const audit: AuditRow = {
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
  };
  const outbox: OutboxRow | null =
    outcome === "success"
      ? {
          id,
          type: event.action,
          organizationId: event.organizationId ?? null,
          payload: JSON.stringify({
            type: event.action,
            timestamp: createdAt,
            data: event.data ?? { target: event.target ?? null, details },
          }),
          createdAt,
        }
      : null;
  return { id, audit, outbox };
}

/**
 * Writes events' audit rows and outbox rows together. On PostgreSQL one statement does both (a data-modifying
 * WITH): atomic on its own, and one round trip where a transaction of two inserts costs four. SQLite has no
 * INSERT in WITH; there the caller's transaction holds the two inserts, which cost no round trip.
 */
async function insertRows(db: Db, rows: EventRows[]): Promise<void> {
  const audit = rows.map((r) => r.audit);
  const outbox = rows.flatMap((r) => (r.outbox ? [r.outbox] : []));
  if (outbox.length === 0) await db.insertInto("audit_event").values(audit).execute();
  else if (isSqlite(db)) {
    await db.insertInto("audit_event").values(audit).execute();
    await db.insertInto("event_outbox").values(outbox).execute();
  } else {
    await db
      .with("audit", (q) => q.insertInto("audit_event").values(audit))
      .insertInto("event_outbox")
      .values(outbox)
      .execute();
  }
}

const isSqlite = (db: Db) => db.getExecutor().adapter instanceof SqliteAdapter;

/** Writes rows outside any transaction: PostgreSQL's single statement is atomic, SQLite's two need one. */
function insertRowsAtomically(db: Db, rows: EventRows[]): Promise<void> {
  return isSqlite(db) ? db.transaction().execute((trx) => insertRows(trx, rows)) : insertRows(db, rows);
}

/**
 * Writes one audit event and, for a success, its webhook outbox row (the delivery worker fans it out to the
 * matching endpoints). Pass the transaction of the change it records where the change is ours, so one never
 * stays without the other; after better-auth's own commits, the database. Returns the event id, which is
 * also the `webhook-id` every delivery of it carries.
 */
export async function recordEvent(db: Db, event: AuditEventInput): Promise<string> {
  const rows = rowsOf(event);
  if (db.isTransaction) {
    if (!joinedCommit(db, rows)) await insertRows(db, [rows]);
  } else await commitTogether(db, rows);
  // Committed (or to be, with the caller's transaction): the worker looks for the row in a moment.
  if (rows.outbox) outboxWritten();
  return rows.id;
}

/** Per transaction better-auth runs (db/transaction-scope.ts): the events it has recorded so far. */
const pendingIn = new WeakMap<Db, EventRows[]>();

/**
 * In a transaction better-auth runs, the events its callbacks record (a SCIM projection: member.added, then
 * user.provisioned) are written together just before the commit: one statement instead of one per event.
 * False in any other transaction, which writes the event at once.
 */
function joinedCommit(trx: Db, rows: EventRows): boolean {
  const pending = pendingIn.get(trx);
  if (pending) {
    pending.push(rows);
    return true;
  }
  const batch = [rows];
  const joined = beforeCommit(trx, () => {
    pendingIn.delete(trx);
    return insertRows(trx, batch);
  });
  if (joined) pendingIn.set(trx, batch);
  return joined;
}

interface Waiting {
  rows: EventRows;
  done: (error?: unknown) => void;
}
/** Per database: the events waiting for the next commit, and whether one is under way. */
const groups = new WeakMap<Db, { waiting: Waiting[]; committing: boolean }>();

/**
 * Events recorded outside a transaction commit in groups: those that arrive while a commit is under way (a
 * burst of writes: every request of it records one) share the next transaction instead of taking one each,
 * which on SQLite's one writer would double the writes of the path they record. Each caller still resolves
 * only once its own event is committed, with its audit row and outbox row together (a crash between two
 * commits would keep the event and lose its webhooks). A group that fails is retried one event at a time, so
 * one bad event never costs the others.
 */
function commitTogether(db: Db, rows: EventRows): Promise<void> {
  let group = groups.get(db);
  if (!group) {
    group = { waiting: [], committing: false };
    groups.set(db, group);
  }
  const promise = new Promise<void>((resolve, reject) => {
    group.waiting.push({ rows, done: (error) => (error === undefined ? resolve() : reject(error)) });
  });
  if (!group.committing) {
    group.committing = true;
    // The events of requests finishing in the same turn join this first group.
    setImmediate(() => void commitGroups(db, group));
  }
  return promise;
}

async function commitGroups(db: Db, group: { waiting: Waiting[]; committing: boolean }): Promise<void> {
  while (group.waiting.length > 0) {
    const batch = group.waiting.splice(0, BATCH_MAX);
    try {
      await insertRowsAtomically(
        db,
        batch.map((w) => w.rows),
      );
      for (const w of batch) w.done();
    } catch {
      for (const w of batch) {
        try {
          await insertRowsAtomically(db, [w.rows]);
          w.done();
        } catch (error) {
          w.done(error);
        }
      }
    }
  }
  group.committing = false;
}
