import { createHash, randomBytes, randomUUID } from "node:crypto";
import { sql } from "kysely";
import type { EventSource } from "#server/auth/event-source.ts";
import type { Db, Tables } from "#server/db/tables.ts";
import { recordEvent } from "#server/events/record.ts";
import type {
  CreateScimConnectionBody,
  ScimConnection,
  UpdateScimConnectionBody,
} from "#shared/contracts/scim.ts";
import { createScimConnectionBody, updateScimConnectionBody } from "#shared/contracts/scim.ts";
import type { GroupMapping } from "#shared/contracts/sso.ts";

/**
 * An organization's SCIM connections (issue 19, decision 38): created, changed, rotated and deleted by its
 * owners, each change with its audit event in the same transaction. The bearer token is shown once: only its
 * SHA-256 and last four characters are kept.
 */

type Row = Tables["scim_connection"];

/** Tokens start with this, so a leaked one is recognisable (secret scanners) and never taken for another kind. */
export const SCIM_TOKEN_PREFIX = "gh_scim_";

export function newScimToken(): string {
  return `${SCIM_TOKEN_PREFIX}${randomBytes(32).toString("base64url")}`;
}

export function hashScimToken(token: string): string {
  return createHash("sha256").update(token).digest("base64url");
}

/** The SCIM base URL an identity provider is given: the same for every connection (the token tells them apart). */
export function scimBaseUrl(baseURL: string): string {
  return `${baseURL.replace(/\/$/, "")}/api/auth/scim/v2`;
}

export function parseGroupMappings(json: string): GroupMapping[] {
  try {
    const parsed = JSON.parse(json) as unknown;
    return Array.isArray(parsed) ? (parsed as GroupMapping[]) : [];
  } catch {
    return [];
  }
}

async function counts(db: Db, connectionIds: string[]) {
  const users = new Map<string, number>();
  const groups = new Map<string, number>();
  if (!connectionIds.length) return { users, groups };
  const userRows = await db
    .selectFrom("scimUser")
    .select(["connectionId", sql<number>`count(*)`.as("n")])
    .where("connectionId", "in", connectionIds)
    .groupBy("connectionId")
    .execute();
  const groupRows = await db
    .selectFrom("scimGroup")
    .select(["connectionId", sql<number>`count(*)`.as("n")])
    .where("connectionId", "in", connectionIds)
    .groupBy("connectionId")
    .execute();
  for (const r of userRows) users.set(r.connectionId, Number(r.n));
  for (const r of groupRows) groups.set(r.connectionId, Number(r.n));
  return { users, groups };
}

function toApi(row: Row, baseURL: string, userCount = 0, groupCount = 0): ScimConnection {
  return {
    id: row.id,
    organizationId: row.organizationId,
    name: row.name,
    baseUrl: scimBaseUrl(baseURL),
    tokenHint: row.tokenHint,
    defaultRole: row.defaultRole,
    groupMappings: parseGroupMappings(row.groupMappings),
    userCount,
    groupCount,
    lastUsedAt: row.lastUsedAt,
    createdAt: row.createdAt,
  };
}

/** What a webhook and the audit log may carry: the connection without any token material. */
function eventData(row: Row) {
  const { tokenHash: _hash, ...rest } = row;
  return { ...rest, groupMappings: parseGroupMappings(row.groupMappings) };
}

export async function listScimConnections(db: Db, organizationId: string, baseURL: string) {
  const rows = await db
    .selectFrom("scim_connection")
    .selectAll()
    .where("organizationId", "=", organizationId)
    .orderBy("createdAt")
    .orderBy("id")
    .execute();
  const { users, groups } = await counts(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((r) => toApi(r, baseURL, users.get(r.id), groups.get(r.id)));
}

async function findRow(db: Db, organizationId: string, connectionId: string) {
  return db
    .selectFrom("scim_connection")
    .selectAll()
    .where("organizationId", "=", organizationId)
    .where("id", "=", connectionId)
    .executeTakeFirst();
}

async function withCounts(db: Db, row: Row, baseURL: string) {
  const { users, groups } = await counts(db, [row.id]);
  return toApi(row, baseURL, users.get(row.id), groups.get(row.id));
}

export interface ConnectionActor {
  source: EventSource;
  userId: string;
}

export async function createScimConnection(
  db: Db,
  actor: ConnectionActor,
  organizationId: string,
  input: CreateScimConnectionBody,
  baseURL: string,
) {
  const body = createScimConnectionBody.parse(input);
  const token = newScimToken();
  const row: Row = {
    id: `scim_${randomUUID().replaceAll("-", "")}`,
    organizationId,
    name: body.name,
    tokenHash: hashScimToken(token),
    tokenHint: token.slice(-4),
    defaultRole: body.defaultRole,
    groupMappings: JSON.stringify(body.groupMappings),
    lastUsedAt: null,
    createdBy: actor.userId,
    createdAt: new Date().toISOString(),
  };
  await db.transaction().execute(async (trx) => {
    await trx.insertInto("scim_connection").values(row).execute();
    await recordEvent(trx, {
      ...actor.source,
      action: "scim_connection.created",
      target: { type: "scim_connection", id: row.id, label: row.name },
      organizationId,
      details: { defaultRole: row.defaultRole },
      data: eventData(row),
    });
  });
  return { connection: toApi(row, baseURL), token };
}

export async function updateScimConnection(
  db: Db,
  actor: ConnectionActor,
  organizationId: string,
  connectionId: string,
  input: UpdateScimConnectionBody,
  baseURL: string,
): Promise<ScimConnection | null> {
  const body = updateScimConnectionBody.parse(input);
  const changes: Partial<Row> = {};
  if (body.name !== undefined) changes.name = body.name;
  if (body.defaultRole !== undefined) changes.defaultRole = body.defaultRole;
  if (body.groupMappings !== undefined) changes.groupMappings = JSON.stringify(body.groupMappings);
  const updated = await db.transaction().execute(async (trx) => {
    const row = await findRow(trx, organizationId, connectionId);
    if (!row) return null;
    const changed = Object.keys(changes).filter((k) => changes[k as keyof Row] !== row[k as keyof Row]);
    if (!changed.length) return row;
    const next = { ...row, ...changes };
    await trx.updateTable("scim_connection").set(changes).where("id", "=", row.id).execute();
    await recordEvent(trx, {
      ...actor.source,
      action: "scim_connection.updated",
      target: { type: "scim_connection", id: row.id, label: next.name },
      organizationId,
      details: { changed },
      data: eventData(next),
    });
    return next;
  });
  return updated ? withCounts(db, updated, baseURL) : null;
}

/** A new token; the old one stops working with this transaction's commit (its hash is overwritten). */
export async function rotateScimToken(
  db: Db,
  actor: ConnectionActor,
  organizationId: string,
  connectionId: string,
  baseURL: string,
) {
  const token = newScimToken();
  const rotated = await db.transaction().execute(async (trx) => {
    const row = await findRow(trx, organizationId, connectionId);
    if (!row) return null;
    const next = { ...row, tokenHash: hashScimToken(token), tokenHint: token.slice(-4) };
    await trx
      .updateTable("scim_connection")
      .set({ tokenHash: next.tokenHash, tokenHint: next.tokenHint })
      .where("id", "=", row.id)
      .execute();
    await recordEvent(trx, {
      ...actor.source,
      action: "scim_connection.token_rotated",
      target: { type: "scim_connection", id: row.id, label: row.name },
      organizationId,
      data: eventData(next),
    });
    return next;
  });
  return rotated ? { connection: await withCounts(db, rotated, baseURL), token } : null;
}

/**
 * Removes the connection: its token stops working at once. People it provisioned keep their accounts and
 * memberships (an owner removes members as usual); the package's records of them stay for the audit trail.
 */
export async function deleteScimConnection(
  db: Db,
  actor: ConnectionActor,
  organizationId: string,
  connectionId: string,
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const row = await findRow(trx, organizationId, connectionId);
    if (!row) return false;
    await trx.deleteFrom("scim_connection").where("id", "=", row.id).execute();
    await recordEvent(trx, {
      ...actor.source,
      action: "scim_connection.deleted",
      target: { type: "scim_connection", id: row.id, label: row.name },
      organizationId,
      data: eventData(row),
    });
    return true;
  });
}
