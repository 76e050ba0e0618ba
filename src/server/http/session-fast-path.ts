import { createHmac, timingSafeEqual } from "node:crypto";
import type { BetterAuthOptions } from "better-auth";
import type { Auth } from "#server/auth/auth.ts";
import { type ImpersonatorRow, mayImpersonate } from "#server/auth/impersonation.ts";
import { coalescedLookup } from "#server/db/coalesced-lookup.ts";
import { isoDate } from "#server/db/dates.ts";
import type { AppDatabase } from "#server/db/db.ts";
import { BoundedMap, CACHE_ENTRIES, untilWrite } from "#server/db/read-cache.ts";

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

/** A session better-auth would answer without writing anything. */
export interface FoundSession {
  userId: string;
  /** better-auth's get-session answer for it (`{ session, user }`), as JSON. */
  json: string;
}

export interface FastSession {
  /**
   * `next` of the session behind a Cookie header when better-auth would answer it without writing anything
   * (undefined when better-auth must decide): at once on SQLite (a synchronous read), on PostgreSQL in the
   * one promise the request's read makes (coalesced-lookup.ts).
   */
  read<R>(
    cookieHeader: string | undefined,
    next: (found: FoundSession | undefined) => R | Promise<R>,
  ): R | Promise<R>;
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

/** A cookie's value from a Cookie header (the first of that name), walked in place: no array of parts. */
function readCookie(header: string | undefined, name: string): string | undefined {
  if (!header) return undefined;
  let start = 0;
  while (start < header.length) {
    let end = header.indexOf(";", start);
    if (end === -1) end = header.length;
    const eq = header.indexOf("=", start);
    if (eq > start && eq < end && eq - start >= name.length && header.slice(start, eq).trim() === name) {
      const value = header.slice(eq + 1, end).trim();
      if (!value.includes("%")) return value;
      try {
        return decodeURIComponent(value);
      } catch {
        return undefined;
      }
    }
    start = end + 1;
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

/** Two rows as read: the same columns with the same values (dates compared by their instant). */
function sameRow(a: Record<string, unknown>, b: Record<string, unknown>): boolean {
  for (const key in b) {
    const x = a[key];
    const y = b[key];
    if (x === y) continue;
    if (!(x instanceof Date && y instanceof Date && x.getTime() === y.getTime())) return false;
  }
  return true;
}

/** PostgreSQL: how many session queries run at once; further requests wait to share the next one. */
const COALESCED_QUERIES = 2;

/**
 * A session row, and once a request has found it live, its answer: the answer depends on the row alone
 * (the rules below depend on the clock too, and are applied afresh at every request).
 */
interface Entry {
  row: Record<string, unknown>;
  found?: FoundSession;
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

  // SQLite: session rows (and their answers) read while the database has not changed since (read-cache.ts),
  // read synchronously: no promise per request.
  const { dataVersion, readAllNow } = database;
  const entries = dataVersion && untilWrite<Entry>(dataVersion);
  function sqliteEntry(token: string, read: NonNullable<typeof readAllNow>): Entry | undefined {
    if (!entries) return undefined;
    const version = entries.version();
    let entry = entries.get(token);
    if (!entry) {
      const [row] = read(text, [token]);
      if (!row) return undefined;
      entry = { row };
      entries.set(token, entry, version);
    }
    return entry;
  }

  // PostgreSQL: the reads of concurrent requests share one query (coalesced-lookup.ts), never a cache. The answer
  // is built again only when the row read differs from the one last read for that token: the requests sharing a
  // query share its row, and a busy session re-read unchanged keeps its answer (the row decides it, value for
  // value; the rules in live() still run on the row just read).
  const entryOfToken = new BoundedMap<string, Entry>(CACHE_ENTRIES);
  const entryOf = (row: Record<string, unknown>) => {
    const token = row.s_token as string;
    const last = entryOfToken.get(token);
    if (last && (last.row === row || sameRow(last.row, row))) return last;
    const entry: Entry = { row };
    entryOfToken.set(token, entry);
    return entry;
  };
  const rowOfToken = coalescedLookup(
    async (tokens: string[]) => {
      const found = new Map<string, Record<string, unknown>>();
      for (const row of await database.readAll(textForMany, [tokens])) found.set(row.s_token as string, row);
      return found;
    },
    { maxInFlight: COALESCED_QUERIES, maxKeys: 500, timeoutMs: 5000 },
  );

  /** The rules better-auth applies, afresh at every request: anything it would write or refuse is left to it. */
  function live(entry: Entry | undefined): FoundSession | undefined {
    if (!entry) return undefined;
    const { row } = entry;
    const now = Date.now();
    const expiresAt = new Date(row.s_expiresAt as string).getTime();
    const updatedAt = new Date(row.s_updatedAt as string).getTime();
    const dueForRefresh = expiresAt - expiresIn * 1000 + updateAge * 1000 <= now;
    if (expiresAt <= now || dueForRefresh || now - updatedAt >= lastActiveResolutionMs || row.u_banned) {
      return undefined;
    }
    const impersonator = { role: row.i_role, banned: row.i_banned, banExpires: row.i_banExpires };
    if (row.s_impersonatedBy && !mayImpersonate(impersonator as ImpersonatorRow)) return undefined;
    entry.found ??= {
      userId: row.u__id as string,
      json: JSON.stringify({ session: shape(row, "s_", sessionFields), user: shape(row, "u_", userFields) }),
    };
    return entry.found;
  }

  return {
    read(cookieHeader, next) {
      const raw = readCookie(cookieHeader, cookieName);
      if (raw === undefined) return next(undefined);
      let token = verified.get(raw);
      if (token === undefined) {
        token = verifiedToken(raw, secret);
        if (!token) return next(undefined);
        verified.set(raw, token);
      }
      if (readAllNow) return next(live(sqliteEntry(token, readAllNow)));
      return rowOfToken(token, (row) => next(live(row && entryOf(row))));
    },
  };
}
