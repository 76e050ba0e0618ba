import type { Auth } from "#server/auth/auth.ts";
import { coalescedLookup } from "#server/db/coalesced-lookup.ts";
import type { AppDatabase } from "#server/db/db.ts";
import { untilWrite } from "#server/db/read-cache.ts";

/**
 * GET /api/auth/jwks (the discovery's `jwks_uri`) is what every resource server fetches to verify tokens.
 * Through better-auth it costs the endpoint pipeline and a read of every key; the set only changes when a key
 * is minted, retired or removed, and when a retired key's grace period ends. Here the answer is kept in memory,
 * in exactly the jwt plugin's body (docs/decisions/0043), and used only while it is certainly current:
 * - SQLite: while `PRAGMA data_version` on the reader is unchanged (no commit by any connection, this
 *   process's or another's) and no key's time has come (below);
 * - PostgreSQL (several instances): while this instance listens for the `gatehouse_jwks` notification a
 *   trigger on the key table sends at every change's commit (a mint, retirement or removal by any instance or
 *   by hand), and no key's time has come. Without the listener, every answer is read afresh (requests arriving
 *   together share one query, coalesced-lookup.ts).
 * - A key's time: a new key is minted only when a live key has expired (the jwt plugin's lazy rotation), and a
 *   retired key leaves the set when its grace period ends. The kept answer is used only until the earliest of
 *   those moments; after it, every request reads the keys again until the set is stable once more, so a key
 *   minted on schedule by any instance is served at once, notification or not.
 * An empty table goes the full way (better-auth mints the first key there); so does every option this path does
 * not read (remote JWKS, custom key adapters).
 */
export interface FastJwks {
  /** The path it answers (better-auth's base path + the jwt plugin's `jwksPath`). */
  path: string;
  /** The JWKS JSON, or undefined to let better-auth answer. */
  answer(): Promise<string | undefined> | string | undefined;
}

/** The notification channel (PostgreSQL) the key table's trigger signals every change on. */
export const JWKS_CHANNEL = "gatehouse_jwks";
/** The jwt plugin's key table, as better-auth names it (the trigger is created on this name). */
export const JWKS_TABLE = "jwks";

interface JwtPluginOptions {
  jwks?: {
    remoteUrl?: string;
    jwksPath?: string;
    gracePeriod?: number;
    keyPairConfig?: { alg?: string; crv?: string };
  };
  adapter?: { getJwks?: unknown };
}

interface KeyRow {
  id: string;
  publicKey: string;
  alg: string | null;
  crv: string | null;
  expiresAt: string | number | Date | null;
}

interface Answer {
  body: string;
  /** Until when (ms) this answer holds, whatever the database: the earliest expiry or grace end to come. */
  until: number;
}

const time = (value: KeyRow["expiresAt"]) =>
  value === null || value === undefined || value === "" ? undefined : new Date(value).getTime();

export async function createFastJwks(auth: Auth, database: AppDatabase): Promise<FastJwks | undefined> {
  const ctx = await auth.$context;
  const plugin = ctx.getPlugin("jwt") as { options?: JwtPluginOptions } | null;
  if (!plugin) return undefined;
  const options = plugin.options ?? {};
  if (options.jwks?.remoteUrl || options.adapter?.getJwks) return undefined;
  const table = (
    ctx.tables as Record<string, { modelName: string; fields: Record<string, { fieldName?: string }> }>
  ).jwks;
  if (!table) return undefined;
  const column = (key: string) => (table.fields[key] ? `"${table.fields[key].fieldName ?? key}"` : "null");
  // better-auth's findMany without a limit reads at most defaultFindManyLimit rows (100), in the table's order.
  const advanced = ctx.options.advanced?.database as { defaultFindManyLimit?: number } | undefined;
  const limit = advanced?.defaultFindManyLimit ?? 100;
  const text = `select "id" as "id", ${column("publicKey")} as "publicKey", ${column("alg")} as "alg", ${column("crv")} as "crv", ${column("expiresAt")} as "expiresAt" from "${table.modelName}" limit ${Number(limit)}`;

  const grace = (options.jwks?.gracePeriod ?? 2_592_000) * 1000;
  const keyPairConfig = options.jwks?.keyPairConfig;
  const defaultAlg = keyPairConfig?.alg ?? "EdDSA";
  const defaultCrv = keyPairConfig && "crv" in keyPairConfig ? keyPairConfig.crv : undefined;

  /** The jwt plugin's answer for these rows now (plugins/jwt getJwks), or undefined for an empty table. */
  function build(rows: KeyRow[]): Answer | undefined {
    if (rows.length === 0) return undefined;
    const now = Date.now();
    let until = Number.POSITIVE_INFINITY;
    const keys = rows.filter((row) => {
      const expiresAt = time(row.expiresAt);
      if (expiresAt === undefined) return true;
      // A live key's expiry may mint its successor; a retired key leaves at the end of its grace.
      if (expiresAt > now) until = Math.min(until, expiresAt);
      if (expiresAt + grace <= now) return false;
      until = Math.min(until, expiresAt + grace);
      return true;
    });
    const body = JSON.stringify({
      keys: keys.map((row) => ({
        alg: row.alg ?? defaultAlg,
        crv: row.crv ?? defaultCrv,
        ...JSON.parse(row.publicKey),
        kid: row.id,
      })),
    });
    return { body, until };
  }

  const read = async () => build((await database.readAll(text, [])) as unknown as KeyRow[]);
  const path = `${ctx.options.basePath ?? "/api/auth"}${options.jwks?.jwksPath ?? "/jwks"}`;
  const { dataVersion } = database;
  if (dataVersion) {
    // Kept until the next commit (read-cache.ts), and until its keys' time.
    const cache = untilWrite<Answer>(dataVersion, 1);
    return {
      path,
      answer() {
        const version = cache.version();
        const known = cache.get(path);
        if (known && Date.now() < known.until) return known.body;
        return read().then((answer) => {
          if (answer) cache.set(path, answer, version);
          return answer?.body;
        });
      },
    };
  }

  // PostgreSQL: concurrent reads share one query; the answer is kept only while the listener is up, and only
  // for the table the trigger watches.
  const watched = table.modelName === JWKS_TABLE;
  const fresh = coalescedLookup(
    async () => {
      const answer = await read();
      return new Map(answer ? [[0, answer]] : []);
    },
    { maxInFlight: 1, maxKeys: 1, timeoutMs: 5000 },
  );
  /** Bumped by every notification (and listener loss): a read begun before one must not be kept. */
  let epoch = 0;
  let kept: Answer | undefined;
  const listening = !watched
    ? undefined
    : database.listen?.(JWKS_CHANNEL, () => {
        epoch += 1;
        kept = undefined;
      });
  return {
    path,
    answer() {
      if (kept && listening?.active() && Date.now() < kept.until) return kept.body;
      const started = epoch;
      const wasListening = listening?.active() ?? false;
      return fresh(0).then((answer) => {
        if (answer && wasListening && started === epoch && listening?.active()) kept = answer;
        return answer?.body;
      });
    },
  };
}

/**
 * PostgreSQL: the trigger that signals every change of the key table, at its commit (NOTIFY is transactional),
 * to every instance listening (createFastJwks). Idempotent; run after better-auth's migrations.
 */
export function jwksSignalStatements(keyTable = JWKS_TABLE): string[] {
  return [
    `create or replace function gatehouse_jwks_changed() returns trigger language plpgsql as $$ begin perform pg_notify('${JWKS_CHANNEL}', ''); return null; end $$`,
    `create or replace trigger gatehouse_jwks_changed after insert or update or delete or truncate on "${keyTable}" for each statement execute function gatehouse_jwks_changed()`,
  ];
}
