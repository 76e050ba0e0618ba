import { containsPattern, lowerContains } from "#server/db/like.ts";
import type { Db, Tables } from "#server/db/tables.ts";
import { AUDIT_ACTION_NAMES, isAuditAction } from "#shared/audit.ts";
import type { AuditEvent, AuditQuery } from "#shared/contracts/audit.ts";

/** A filter the query cannot use: a 400 naming it. */
export class AuditQueryError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

/** Whose events a reader may see: one organization's, one account's (as actor or target), or all. */
export type AuditScope = { organizationId: string } | { accountId: string } | { all: true };

/** The page position after an event: its time and id, newest first (ties broken by id). */
function encodeCursor(createdAt: string, id: string): string {
  return Buffer.from(`${createdAt}|${id}`).toString("base64url");
}

function decodeCursor(cursor: string): { createdAt: string; id: string } {
  const [createdAt, id, extra] = Buffer.from(cursor, "base64url").toString("utf8").split("|");
  if (!createdAt || !id || extra !== undefined || Number.isNaN(Date.parse(createdAt))) {
    throw new AuditQueryError("INVALID_CURSOR", "cursor is not one this API answered");
  }
  return { createdAt, id };
}

/** One action, or a family ending with "." (`member.`): the exact name or the range of names. */
function actionRange(action: string): { exact: string } | { from: string; to: string } {
  if (action.endsWith(".")) {
    if (!AUDIT_ACTION_NAMES.some((name) => name.startsWith(action))) {
      throw new AuditQueryError("INVALID_FIELD", `action: no action starts with "${action}"`);
    }
    // The character after "." is "/": the names with the prefix sort in [prefix, prefix with "/"), a range
    // an index serves (a LIKE would also read "_" as a wildcard).
    return { from: action, to: `${action.slice(0, -1)}/` };
  }
  if (!isAuditAction(action))
    throw new AuditQueryError("INVALID_FIELD", `action: "${action}" is not an action`);
  return { exact: action };
}

/** The events a scope may read, filtered, after the cursor: one table, so each branch reads one index. */
function matching(db: Db, query: AuditQuery, after?: { createdAt: string; id: string }) {
  let q = db.selectFrom("audit_event").selectAll();
  if (query.actorId) q = q.where("actorId", "=", query.actorId);
  if (query.action) {
    const range = actionRange(query.action);
    q =
      "exact" in range
        ? q.where("action", "=", range.exact)
        : q.where("action", ">=", range.from).where("action", "<", range.to);
  }
  // Stored times are UTC ISO text: comparing as text is comparing in time.
  if (query.from) q = q.where("createdAt", ">=", new Date(query.from).toISOString());
  if (query.to) q = q.where("createdAt", "<", new Date(query.to).toISOString());
  if (query.q) {
    const text = query.q.trim();
    const pattern = containsPattern(text);
    // The actor's name and email through a subquery, so the search needs no join here.
    const actors = db
      .selectFrom("user")
      .select("id")
      .where((eb) => eb.or([lowerContains("user.email", pattern), lowerContains("user.name", pattern)]));
    q = q.where((eb) =>
      eb.or([
        eb("actorId", "=", text),
        eb("targetId", "=", text),
        lowerContains("audit_event.targetLabel", pattern),
        eb("actorId", "in", actors),
      ]),
    );
  }
  if (after) {
    q = q.where((eb) =>
      eb.or([
        eb("createdAt", "<", after.createdAt),
        eb.and([eb("createdAt", "=", after.createdAt), eb("id", "<", after.id)]),
      ]),
    );
  }
  return q;
}

/** Newest first, (createdAt, id) being the order every index of events/tables.ts ends with. */
const COLUMNS = [
  "audit_event.id",
  "audit_event.createdAt",
  "audit_event.action",
  "audit_event.outcome",
  "audit_event.errorCode",
  "audit_event.actorId",
  "audit_event.impersonatorId",
  "audit_event.apiKeyId",
  "audit_event.connectionId",
  "audit_event.targetType",
  "audit_event.targetId",
  "audit_event.targetLabel",
  "audit_event.organizationId",
  "audit_event.ip",
  "audit_event.userAgent",
  "audit_event.details",
  "actor.name as actorName",
  "actor.email as actorEmail",
] as const;

type Row = Tables["audit_event"] & { actorName: string | null; actorEmail: string | null };

function eventOf(row: Row): AuditEvent {
  return {
    id: row.id,
    createdAt: row.createdAt,
    action: row.action,
    outcome: row.outcome as AuditEvent["outcome"],
    errorCode: row.errorCode,
    actor: {
      userId: row.actorId,
      name: row.actorName,
      email: row.actorEmail,
      impersonatorId: row.impersonatorId,
      apiKeyId: row.apiKeyId,
      connectionId: row.connectionId,
    },
    target:
      row.targetType && row.targetId
        ? {
            type: row.targetType as NonNullable<AuditEvent["target"]>["type"],
            id: row.targetId,
            label: row.targetLabel,
          }
        : null,
    organizationId: row.organizationId,
    ip: row.ip,
    userAgent: row.userAgent,
    details: JSON.parse(row.details) as Record<string, unknown>,
  };
}

/**
 * Up to `limit` events after `cursor`, newest first, with their actor's name and email (one join over at most
 * `limit` rows). Each scope reads its index in (createdAt, id) order and stops at `limit`; a person's
 * activity is the union of two such reads (as actor, as target), an event in both counted once.
 */
async function readEvents(db: Db, scope: AuditScope, query: AuditQuery, limit: number, cursor?: string) {
  const after = cursor ? decodeCursor(cursor) : undefined;
  const ordered = (q: ReturnType<typeof matching>) =>
    db.selectFrom(q.orderBy("createdAt", "desc").orderBy("id", "desc").limit(limit).as("e")).selectAll();
  const base = matching(db, query, after);
  const events =
    "accountId" in scope
      ? ordered(base.where("actorId", "=", scope.accountId)).union(
          ordered(base.where("targetId", "=", scope.accountId)),
        )
      : ordered("organizationId" in scope ? base.where("organizationId", "=", scope.organizationId) : base);
  const rows = (await db
    .selectFrom(events.as("audit_event"))
    .leftJoin("user as actor", "actor.id", "audit_event.actorId")
    .select([...COLUMNS])
    .orderBy("audit_event.createdAt", "desc")
    .orderBy("audit_event.id", "desc")
    .limit(limit)
    .execute()) as unknown as Row[];
  return rows.map(eventOf);
}

/** One page and the cursor of the next (null on the last). */
export async function auditPage(db: Db, scope: AuditScope, query: AuditQuery) {
  const events = await readEvents(db, scope, query, query.limit + 1, query.cursor);
  const more = events.length > query.limit;
  const page = more ? events.slice(0, query.limit) : events;
  const last = page[page.length - 1];
  return { events: page, nextCursor: more && last ? encodeCursor(last.createdAt, last.id) : null };
}

/** Rows per query of an export. */
const EXPORT_BATCH = 1000;

/**
 * Every filtered event from `cursor` on, newest first, in batches, up to `max` + 1: one more than the cap
 * tells the export it was capped.
 */
export async function* allEvents(db: Db, scope: AuditScope, query: AuditQuery, max: number) {
  let cursor = query.cursor;
  let left = max + 1;
  while (left > 0) {
    const size = Math.min(EXPORT_BATCH, left);
    const events = await readEvents(db, scope, query, size, cursor);
    if (events.length > 0) yield events;
    left -= events.length;
    const last = events[events.length - 1];
    if (!last || events.length < size) return;
    cursor = encodeCursor(last.createdAt, last.id);
  }
}
