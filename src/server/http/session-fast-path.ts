import { createHmac, timingSafeEqual } from "node:crypto";
import type { BetterAuthOptions } from "better-auth";
import type { Auth } from "#server/auth/auth.ts";
import { type ImpersonatorRow, mayImpersonate } from "#server/auth/impersonation.ts";
import { coalescedLookup } from "#server/db/coalesced-lookup.ts";
import { isoDate } from "#server/db/dates.ts";
import type { AppDatabase } from "#server/db/db.ts";

/**
 * GET /api/auth/get-session is the hottest call of any app using Gatehouse (every page load asks it).
 * Through better-auth it costs a full endpoint pipeline; here the common case — a validly signed cookie
 * for a live session that needs no refresh — is read with one indexed lookup, in exactly better-auth's
 * shape (hot-paths.ts serves it, and organization/list, from it). Anything else (no such session,
 * expired, due for refresh or a last-active touch, banned user, an impersonation whose impersonator is no
 * longer an admin) is left to better-auth.
 * A test pins that both paths answer the same JSON.
 */

interface Field {
  type: string | string[];
  fieldName?: string;
  returned?: boolean;
}

type Fields = Record<string, Field>;

export interface SessionAndUser {
  session: Record<string, unknown>;
  user: Record<string, unknown>;
}

export interface FastSession {
  /**
   * The session and user behind a Cookie header, in better-auth's get-session shape, when better-auth
   * would answer them without writing anything; undefined when better-auth must decide.
   */
  read(cookieHeader: string | undefined): Promise<SessionAndUser | undefined>;
}

function convert(value: unknown, field: Field): unknown {
  if (value === null || value === undefined) return null;
  switch (field.type) {
    case "date":
      return isoDate(value as string | number | Date);
    case "boolean":
      return Boolean(value);
    case "number":
      return Number(value);
    default:
      return value;
  }
}

function readCookie(header: string | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(";")) {
    const eq = part.indexOf("=");
    if (eq > 0 && part.slice(0, eq).trim() === name) {
      try {
        return decodeURIComponent(part.slice(eq + 1).trim());
      } catch {
        return undefined;
      }
    }
  }
  return undefined;
}

/** better-call's signed cookie: `<value>.<base64 HMAC-SHA256(secret, value)>`. */
function verifiedToken(cookieValue: string, secret: string): string | undefined {
  const dot = cookieValue.lastIndexOf(".");
  if (dot < 1) return undefined;
  const token = cookieValue.slice(0, dot);
  const signature = Buffer.from(cookieValue.slice(dot + 1), "base64");
  const expected = createHmac("sha256", secret).update(token).digest();
  return signature.length === expected.length && timingSafeEqual(signature, expected) ? token : undefined;
}

/** PostgreSQL: how many session queries run at once; further requests wait to share the next one. */
const COALESCED_QUERIES = 2;

/** How many verified cookies and session rows are remembered (a few MB at most). */
const CACHE_ENTRIES = 10_000;

/** A Map that starts over when full: cheap, and a miss only costs the work the cache saves. */
class BoundedMap<K, V> extends Map<K, V> {
  constructor(private readonly limit: number) {
    super();
  }
  override set(key: K, value: V): this {
    if (this.size >= this.limit) this.clear();
    return super.set(key, value);
  }
}

export interface FastSessionOptions {
  /**
   * A session whose updatedAt is at least this old goes through better-auth, whose hooks touch it (the
   * accounts feature's last-active resolution, wired by boot/server.ts).
   */
  lastActiveResolutionMs: number;
}

export async function createFastSession(
  auth: Auth,
  database: AppDatabase,
  { lastActiveResolutionMs }: FastSessionOptions,
): Promise<FastSession | undefined> {
  const ctx = await auth.$context;
  // With Redis, better-auth keeps every session in the database as well and deletes the row whenever it
  // revokes one (storeSessionInDatabase; auth.ts), and itself falls back to the row when Redis has none: the
  // database is the session of record either way. A set-up that kept revoked rows would not be.
  const sessionOptions: BetterAuthOptions["session"] = ctx.options.session;
  if (
    ctx.options.secondaryStorage &&
    (!sessionOptions?.storeSessionInDatabase || sessionOptions.preserveSessionInDatabase)
  ) {
    return undefined;
  }

  const sessionTable = ctx.tables.session;
  const userTable = ctx.tables.user;
  if (!sessionTable || !userTable) return undefined;
  const sessionFields = sessionTable.fields as Fields;
  const userFields = userTable.fields as Fields;
  const column = (key: string, field: Field) => field.fieldName ?? key;
  // An impersonation session is only as good as its impersonator's admin rights (auth/impersonation.ts):
  // the impersonator's row comes along (a left join; nobody for an ordinary session).
  const impersonatedBy = sessionFields.impersonatedBy;
  const userColumn = (key: string) => column(key, userFields[key] ?? { type: "string" });
  const select = [
    `s."id" as "s__id"`,
    ...Object.entries(sessionFields).map(([k, f]) => `s."${column(k, f)}" as "s_${k}"`),
    `u."id" as "u__id"`,
    ...Object.entries(userFields).map(([k, f]) => `u."${column(k, f)}" as "u_${k}"`),
    ...(impersonatedBy
      ? ["role", "banned", "banExpires"].map((k) => `i."${userColumn(k)}" as "i_${k}"`)
      : []),
  ].join(", ");
  const joinImpersonator = impersonatedBy
    ? ` left join "${userTable.modelName}" i on i."id" = s."${column("impersonatedBy", impersonatedBy)}"`
    : "";
  const from = `from "${sessionTable.modelName}" s join "${userTable.modelName}" u on u."id" = s."userId"${joinImpersonator}`;
  const text = `select ${select} ${from} where s."token" = ?`;
  const textForMany = `select ${select} ${from} where s."token" = any($1)`;

  const { expiresIn, updateAge } = ctx.sessionConfig;
  const cookieName = ctx.authCookies.sessionToken.name;
  const secret = ctx.secret;

  const shape = (row: Record<string, unknown>, prefix: string, fields: Fields) => {
    const out: Record<string, unknown> = {};
    for (const [key, field] of Object.entries(fields)) {
      if (field.returned === false) continue;
      out[key] = convert(row[`${prefix}${key}`], field);
    }
    out.id = row[`${prefix}_id`];
    return out;
  };

  // Cookie values already verified, so a busy session costs one HMAC, not one per request. Only values that
  // passed verification get in; a tampered value is a different key.
  const verified = new BoundedMap<string, string>(CACHE_ENTRIES);
  // SQLite: rows read while the database has not changed since (see AppDatabase.dataVersion); the rules
  // below are applied to them afresh at every request.
  const rows = new BoundedMap<string, Record<string, unknown>>(CACHE_ENTRIES);
  let rowsVersion: number | undefined;

  // PostgreSQL: the reads of concurrent requests share one query (coalesced-lookup.ts), never a cache.
  const rowOfToken = coalescedLookup(
    async (tokens: string[]) => {
      const found = new Map<string, Record<string, unknown>>();
      for (const row of await database.readAll(textForMany, [tokens])) found.set(row.s_token as string, row);
      return found;
    },
    { maxInFlight: COALESCED_QUERIES, maxKeys: 500, timeoutMs: 5000 },
  );

  async function sessionRow(token: string) {
    if (!database.dataVersion) return rowOfToken(token);
    const version = database.dataVersion();
    if (version !== rowsVersion) {
      rows.clear();
      rowsVersion = version;
    }
    let row = rows.get(token);
    if (!row) {
      [row] = await database.readAll(text, [token]);
      if (row && database.dataVersion() === version) rows.set(token, row);
    }
    return row;
  }

  return {
    async read(cookieHeader) {
      const raw = readCookie(cookieHeader, cookieName);
      if (raw === undefined) return undefined;
      let token = verified.get(raw);
      if (token === undefined) {
        token = verifiedToken(raw, secret);
        if (!token) return undefined;
        verified.set(raw, token);
      }
      const row = await sessionRow(token);
      if (!row) return undefined;
      const now = Date.now();
      const expiresAt = new Date(row.s_expiresAt as string).getTime();
      const updatedAt = new Date(row.s_updatedAt as string).getTime();
      const dueForRefresh = expiresAt - expiresIn * 1000 + updateAge * 1000 <= now;
      if (expiresAt <= now || dueForRefresh || now - updatedAt >= lastActiveResolutionMs || row.u_banned) {
        return undefined;
      }
      const impersonator = { role: row.i_role, banned: row.i_banned, banExpires: row.i_banExpires };
      if (row.s_impersonatedBy && !mayImpersonate(impersonator as ImpersonatorRow)) return undefined;
      return { session: shape(row, "s_", sessionFields), user: shape(row, "u_", userFields) };
    },
  };
}
