import { createHash, timingSafeEqual } from "node:crypto";
import type { IncomingMessage } from "node:http";
import type { Auth } from "#server/auth/auth.ts";
import type { AppDatabase } from "#server/db/db.ts";
import { loadAuthRateLimit } from "#server/http/auth-rate-limit.ts";
import { clientAddress } from "#server/http/client-ip.ts";

/**
 * POST /api/auth/oauth2/introspect (RFC 7662) is what an app's API asks on every call it serves. Through
 * better-auth it costs the whole endpoint pipeline, a JWT verification attempt on every opaque token and
 * five lookups; here the plainly valid case — a confidential client authenticated with HTTP Basic asking
 * about an unexpired, unrevoked opaque access token it was itself issued, for a live session of a user
 * who is not banned — is answered with one joined, indexed read, in exactly the plugin's answer
 * (docs/decisions/0021). Anything else — another client's token, a JWT, a refresh token, an unknown,
 * expired or revoked token, a wrong secret, a disabled client, a signed-out session, a banned user,
 * resources, DPoP, a client over its rate limit, any unusual request — goes to better-auth unchanged, which
 * decides and answers. Tests pin that both ways answer the same. A revoked grant deletes its opaque tokens
 * (features/applications/grants.ts), so this path never finds one; whether a JWT's grant still stands is
 * checked on the full path only (identity-guards.ts), which every JWT takes.
 */
export interface FastIntrospection {
  /** The answer's JSON when this request is plainly valid; undefined when better-auth must decide. */
  answer(req: IncomingMessage, body: string): Promise<string | undefined>;
}

export interface FastIntrospectionOptions {
  /** TRUST_PROXY: the client's address is the last X-Forwarded-For entry (as http/app.ts reads it). */
  trustProxy: boolean;
  /**
   * Counts one request of a client against its introspection limit, as the full path's limiter does;
   * false when over it (the full path then refuses it, with its own 429).
   */
  admit?: (clientId: string) => Promise<boolean>;
  /** Tokens granted any of these scopes go the full way (hooks there add claims this path does not know). */
  fullPathScopes?: readonly string[];
}

interface Field {
  type: string | string[];
  fieldName?: string;
}
type Fields = Record<string, Field>;
interface Table {
  modelName: string;
  fields: Fields;
}

/** The access-token claim names the authorization server owns (the plugin strips them from claim sources). */
const RESERVED_CLAIMS = new Set([
  "iss",
  "sub",
  "aud",
  "exp",
  "iat",
  "jti",
  "client_id",
  "scope",
  "auth_time",
  "acr",
  "amr",
  "cnf",
]);

/** What the plugin's options look like to the fast path (the resolved options of `oauthProvider`). */
interface ProviderOptions {
  storeTokens?: unknown;
  storeClientSecret?: unknown;
  prefix?: Record<string, unknown>;
  pairwiseSecret?: string;
  disableJwtPlugin?: boolean;
  cachedTrustedClients?: Set<string>;
  clientDiscoveries?: unknown[];
  extensions?: Array<{ claims?: { accessToken?: (input: Record<string, unknown>) => unknown } }>;
  customAccessTokenClaims?: (input: Record<string, unknown>) => unknown;
}

/** Token values, client ids and secrets the fast path reads as they are: RFC 3986 unreserved characters. */
const PLAIN = /^[A-Za-z0-9._~-]+$/;
/** An opaque token: no dots (a JWT has two) and nothing a decoder could read differently. */
const OPAQUE_TOKEN = /^[A-Za-z0-9_~-]{16,512}$/;

/** The plugin's SHA-256 base64url digest, of stored client secrets and tokens alike. */
const digest = (value: string) => createHash("sha256").update(value).digest("base64url");

function sameText(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/** `Basic base64(id:secret)`, both plain, else undefined. */
function basicCredentials(header: string | undefined): { id: string; secret: string } | undefined {
  if (!header?.startsWith("Basic ")) return undefined;
  const encoded = header.slice(6);
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(encoded)) return undefined;
  const decoded = Buffer.from(encoded, "base64").toString("utf8");
  const colon = decoded.indexOf(":");
  const id = decoded.slice(0, colon);
  const secret = decoded.slice(colon + 1);
  if (colon < 1 || !PLAIN.test(id) || !PLAIN.test(secret)) return undefined;
  return { id, secret };
}

/** `token=…` and at most `token_type_hint=access_token`, each once and plain; else undefined. */
function formToken(body: string): string | undefined {
  let token: string | undefined;
  let hint = false;
  for (const pair of body.split("&")) {
    const eq = pair.indexOf("=");
    if (eq < 1) return undefined;
    const name = pair.slice(0, eq);
    const value = pair.slice(eq + 1);
    if (name === "token" && token === undefined && OPAQUE_TOKEN.test(value)) token = value;
    else if (name === "token_type_hint" && !hint && value === "access_token") hint = true;
    else return undefined;
  }
  return token;
}

function toDate(value: unknown): Date | undefined {
  if (value === null || value === undefined) return undefined;
  const date = value instanceof Date ? value : new Date(typeof value === "string" ? value : Number(value));
  return Number.isFinite(date.getTime()) ? date : undefined;
}

/** A stored value as better-auth's adapter hands it to the plugin. */
function convert(value: unknown, field: Field): unknown {
  if (value === null || value === undefined) return null;
  switch (field.type) {
    case "date":
      return toDate(value) ?? null;
    case "boolean":
      return Boolean(value);
    case "number":
      return Number(value);
    case "json":
    case "string[]":
    case "number[]":
      return typeof value === "string" ? JSON.parse(value) : value;
    default:
      return value;
  }
}

export async function createFastIntrospection(
  auth: Auth,
  database: AppDatabase,
  { trustProxy, admit, fullPathScopes = [] }: FastIntrospectionOptions,
): Promise<FastIntrospection | undefined> {
  const ctx = await auth.$context;
  // better-auth counts every introspection per client address; an answer from here counts the same.
  const rateLimit = ctx.rateLimit.enabled ? await loadAuthRateLimit(auth) : undefined;
  if (ctx.rateLimit.enabled && !rateLimit) return undefined;
  const plugin = ctx.getPlugin("oauth-provider") as { options?: ProviderOptions } | null;
  const opts = plugin?.options;
  const tables = ctx.tables as Record<string, Table | undefined>;
  const [tokenTable, clientTable, sessionTable, userTable] = [
    tables.oauthAccessToken,
    tables.oauthClient,
    tables.session,
    tables.user,
  ];
  // Only the plugin's default storage (SHA-256 of secrets and tokens) and subjects, no prefixes, no
  // client discovery or cached trusted clients: anything else is the plugin's alone to read.
  if (
    !opts ||
    !tokenTable ||
    !clientTable ||
    !sessionTable ||
    !userTable ||
    (opts.storeTokens ?? "hashed") !== "hashed" ||
    (opts.storeClientSecret ?? "hashed") !== "hashed" ||
    opts.disableJwtPlugin ||
    opts.prefix ||
    opts.pairwiseSecret ||
    opts.cachedTrustedClients?.size ||
    opts.clientDiscoveries?.length
  ) {
    return undefined;
  }
  const jwtOptions = (ctx.getPlugin("jwt") as { options?: { jwt?: { issuer?: string } } } | null)?.options;
  const issuer = jwtOptions?.jwt?.issuer ?? ctx.baseURL;

  const column = (table: Table, key: string) => table.fields[key]?.fieldName ?? key;
  const select = (alias: string, table: Table, prefix: string) => [
    `${alias}."id" as "${prefix}id"`,
    ...Object.keys(table.fields).map((k) => `${alias}."${column(table, k)}" as "${prefix}${k}"`),
  ];
  const t = (k: string) => `t."${column(tokenTable, k)}"`;
  // One read: the token by its hash, with its client, session and user.
  const text = [
    "select",
    [
      ...select("t", tokenTable, "t_"),
      ...select("c", clientTable, "c_"),
      `s."id" as "s_id"`,
      `s."${column(sessionTable, "expiresAt")}" as "s_expiresAt"`,
      ...select("u", userTable, "u_"),
    ].join(", "),
    `from "${tokenTable.modelName}" t`,
    `join "${clientTable.modelName}" c on c."${column(clientTable, "clientId")}" = ${t("clientId")}`,
    `left join "${sessionTable.modelName}" s on s."id" = ${t("sessionId")}`,
    `left join "${userTable.modelName}" u on u."id" = ${t("userId")}`,
    `where ${t("token")} = ${database.kind === "postgres" ? "$1" : "?"}`,
  ].join(" ");

  const shape = (row: Record<string, unknown>, prefix: string, table: Table) => {
    const out: Record<string, unknown> = {};
    for (const [key, field] of Object.entries(table.fields))
      out[key] = convert(row[`${prefix}${key}`], field);
    out.id = row[`${prefix}id`];
    return out;
  };

  /** The plugin's enriched claims for an opaque token: extensions, then customAccessTokenClaims. */
  async function enrichedClaims(
    input: Record<string, unknown>,
  ): Promise<Record<string, unknown> | undefined> {
    const fromExtensions: Record<string, unknown> = {};
    for (const extension of opts?.extensions ?? []) {
      const claims = (await extension.claims?.accessToken?.(input)) ?? {};
      for (const [key, value] of Object.entries(claims as Record<string, unknown>)) {
        if (!(key in fromExtensions)) fromExtensions[key] = value;
      }
    }
    const custom = opts?.customAccessTokenClaims
      ? await opts.customAccessTokenClaims({
          user: input.user,
          scopes: input.scopes,
          resources: input.resources,
          referenceId: input.referenceId,
          metadata: input.metadata,
        })
      : {};
    const merged = { ...fromExtensions, ...(custom as Record<string, unknown>) };
    // A reserved name from a claim source is logged and dropped by the plugin: leave that to it.
    return Object.keys(merged).some((key) => RESERVED_CLAIMS.has(key)) ? undefined : merged;
  }

  return {
    async answer(req, body) {
      const contentType = req.headers["content-type"];
      if (contentType !== "application/x-www-form-urlencoded") return undefined;
      const credentials = basicCredentials(req.headers.authorization);
      const presented = credentials && formToken(body);
      if (!credentials || !presented) return undefined;

      const [row] = await database.readAll(text, [digest(presented)]);
      if (!row) return undefined;
      const now = Date.now();
      const token = shape(row, "t_", tokenTable);
      const client = shape(row, "c_", clientTable);
      const expiresAt = toDate(token.expiresAt);
      const createdAt = toDate(token.createdAt);
      const scopes = token.scopes;
      const resources = token.resources as unknown[] | null;
      if (
        !expiresAt ||
        !createdAt ||
        expiresAt.getTime() <= now ||
        token.revoked ||
        token.confirmation ||
        (resources && resources.length > 0) ||
        !Array.isArray(scopes) ||
        scopes.some((scope) => fullPathScopes.includes(scope)) ||
        // Only the client the token was issued to, authenticated as it registered (Basic, a secret).
        token.clientId !== credentials.id ||
        client.disabled ||
        client.clientDiscoveryId ||
        (client.tokenEndpointAuthMethod ?? "client_secret_basic") !== "client_secret_basic" ||
        typeof client.clientSecret !== "string" ||
        !sameText(digest(credentials.secret), client.clientSecret)
      ) {
        return undefined;
      }
      // A user's token belongs to a live session (signing out, or everywhere, ends it) of a user who is not
      // banned; a client's own token (client_credentials) has neither.
      const user = row.u_id ? shape(row, "u_", userTable) : undefined;
      if (token.userId || token.sessionId) {
        const sessionEnds = toDate(row.s_expiresAt)?.getTime();
        if (!user || user.banned || !row.s_id || !sessionEnds || sessionEnds <= now) return undefined;
      }
      // Counted only when about to be answered here: a request handed on before is counted once, by the full
      // path. The client's count comes first: a request it refuses is handed on uncounted by the address
      // (the full path counts both; the client's window was already full, so its extra count changes nothing).
      // One the address refuses (counted by the client here, which the full path would not) is rarer still.
      if (admit && !(await admit(credentials.id))) return undefined;
      if (rateLimit) {
        const forwarded = req.headers["x-forwarded-for"];
        const forwardedFor = Array.isArray(forwarded) ? forwarded.join(", ") : forwarded;
        const ip = clientAddress(forwardedFor, req.socket.remoteAddress, trustProxy);
        if (!(await rateLimit("/oauth2/introspect", ip))) return undefined;
      }

      const metadata = typeof client.metadata === "string" ? JSON.parse(client.metadata) : client.metadata;
      const claims = await enrichedClaims({
        ctx: { context: ctx },
        opts,
        user,
        client,
        scopes,
        grantType: undefined,
        referenceId: token.referenceId ?? undefined,
        sessionId: undefined,
        resources: undefined,
        metadata: metadata ?? undefined,
      });
      if (!claims) return undefined;
      return JSON.stringify({
        ...claims,
        active: true,
        iss: issuer,
        client_id: token.clientId,
        azp: token.clientId,
        sub: user?.id,
        sid: token.sessionId ?? undefined,
        exp: Math.floor(expiresAt.getTime() / 1000),
        iat: Math.floor(createdAt.getTime() / 1000),
        scope: scopes.join(" "),
        token_type: "Bearer",
      });
    },
  };
}
