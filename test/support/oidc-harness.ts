import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { get as httpGet } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Database from "better-sqlite3";
import * as oidc from "openid-client";
import pg from "pg";
import { expect } from "vitest";
import { freePort } from "./free-port.ts";
import { redirectOf } from "./redirects.ts";
import { integrationService } from "./services.ts";
import { type SmtpSink, startSmtpSink } from "./smtp-sink.ts";
import { type SpawnedServer, spawnServer } from "./spawn-server.ts";
import { cookiesFrom, freshPostgresUrl } from "./test-app.ts";
import { createUser, signUpThroughMail, type UserInput } from "./users.ts";

/**
 * A spawned Gatehouse as an OpenID provider, for the oidc-*.test.ts suites: its own process in production
 * mode, on SQLite or on PostgreSQL + Redis, with an admin signed in, and the relying party's helpers
 * (openid-client discovery, the authorization round trip as a browser would make it, raw SQL on its database
 * for what only time would otherwise do: expire a code, rotate a key).
 */
export type ProviderDatabase = "sqlite" | "postgres";

const postgres = await integrationService("TEST_DATABASE_URL");
const redis = postgres ? await integrationService("TEST_REDIS_URL") : undefined;

/** The databases every provider suite runs on: SQLite, and PostgreSQL + Redis when they answer. */
export const PROVIDER_DATABASES: { label: string; database: ProviderDatabase; enabled: boolean }[] = [
  { label: "SQLite", database: "sqlite", enabled: true },
  { label: `PostgreSQL${redis ? " + Redis" : ""}`, database: "postgres", enabled: Boolean(postgres) },
];

export interface SendInit {
  json?: unknown;
  /** An application/x-www-form-urlencoded body. */
  form?: Record<string, string>;
  cookie?: string;
  headers?: Record<string, string>;
  method?: string;
}

export interface ProviderHarness {
  base: string;
  issuer: string;
  server: SpawnedServer;
  sink: SmtpSink;
  admin: UserInput & { cookie: string };
  /** A request as a browser on Gatehouse's own origin would make it; redirects are not followed. */
  send(path: string, init?: SendInit): Promise<Response>;
  /**
   * A browser's top-level navigation (GET, `Sec-Fetch-Mode: navigate`, HTML accepted), over node:http: Node's
   * fetch() always says `cors`. Answers the status and the Location, redirects not followed.
   */
  navigate(path: string, cookie?: string): Promise<{ status: number; location?: string }>;
  /** Signs a new user up (each from its own client address, so the sign-up limit is not reached). */
  signUp(user?: UserInput): Promise<string>;
  /** Registers an app as the admin (POST /oauth2/create-client), expecting 201. */
  registerApp(metadata: Record<string, unknown>): Promise<RegisteredApp>;
  /** openid-client's configuration for an app (Basic authentication when it has a secret). */
  discover(clientId: string, secret?: string): Promise<oidc.Configuration>;
  /** One statement on the server's database (`$1`… placeholders); the rows it returns. */
  sql(query: string, params?: unknown[]): Promise<Record<string, unknown>[]>;
  /** Stops the server and starts it again on the same database and port, with these variables changed. */
  restart(env?: Record<string, string>): Promise<void>;
  close(): Promise<void>;
}

export interface RegisteredApp {
  client_id: string;
  client_secret?: string;
  [field: string]: unknown;
}

/** What a rejected openid-client call threw (or null when it succeeded). */
export function failureOf<T>(promise: Promise<T>): Promise<unknown> {
  return promise.then(
    () => null,
    (e: unknown) => e,
  );
}

/** The OAuth error code of an openid-client failure. */
export async function oauthErrorOf<T>(promise: Promise<T>): Promise<string | undefined> {
  const e = await failureOf(promise);
  if (e instanceof oidc.ResponseBodyError) return e.error;
  if (e instanceof oidc.WWWAuthenticateChallengeError)
    return ((await e.response.json()) as { error?: string }).error;
  throw new Error(`expected an OAuth error answer, got ${String(e)}`);
}

let addressCounter = 0;

export async function startProvider(database: ProviderDatabase, env: Record<string, string> = {}) {
  const dir = mkdtempSync(join(tmpdir(), "gatehouse-oidc-"));
  const sink = await startSmtpSink();
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const admin = createUser({ name: "Provider Admin" });
  let databaseUrl = join(dir, "gatehouse.db");
  let dropSchema: (() => Promise<void>) | undefined;
  if (database === "postgres") {
    const schema = await freshPostgresUrl(postgres as string);
    dropSchema = schema.drop;
    databaseUrl = schema.url;
  }
  let serverEnv: Record<string, string> = {
    NODE_ENV: "production",
    PORT: String(port),
    BETTER_AUTH_URL: base,
    BETTER_AUTH_SECRET: "oidc-provider-secret-oidc-provider-secret-01",
    DATABASE_URL: databaseUrl,
    SMTP_URL: sink.url,
    ADMIN_EMAILS: admin.email,
    DATA_DIR: dir,
    STATIC_DIR: join(dir, "web"),
    // Every sign-up of a suite comes from its own address (X-Forwarded-For), as users of one provider do.
    TRUST_PROXY: "1",
    ...(database === "postgres" && redis
      ? { REDIS_URL: redis, REDIS_KEY_PREFIX: `test:oidc:${randomBytes(6).toString("hex")}:` }
      : {}),
    ...env,
  };
  let server = await spawnServer(serverEnv);

  function send(path: string, init: SendInit = {}) {
    const headers: Record<string, string> = { origin: base, ...init.headers };
    if (init.cookie) headers.cookie = init.cookie;
    let body: string | undefined;
    if (init.json !== undefined) {
      headers["content-type"] = "application/json";
      body = JSON.stringify(init.json);
    } else if (init.form) {
      headers["content-type"] = "application/x-www-form-urlencoded";
      body = new URLSearchParams(init.form).toString();
    }
    return fetch(new URL(path, base), {
      method: init.method ?? (body !== undefined ? "POST" : "GET"),
      headers,
      body,
      redirect: "manual",
    });
  }

  function navigate(path: string, cookie?: string) {
    return new Promise<{ status: number; location?: string }>((resolve, reject) => {
      const headers: Record<string, string> = { accept: "text/html", "sec-fetch-mode": "navigate" };
      if (cookie) headers.cookie = cookie;
      const req = httpGet(new URL(path, base), { headers }, (res) => {
        res.resume();
        resolve({ status: res.statusCode ?? 0, location: res.headers.location });
      });
      req.on("error", reject);
    });
  }

  function signUp(user = createUser()) {
    addressCounter += 1;
    const address = `10.${(addressCounter >> 8) & 255}.${addressCounter & 255}.${Math.floor(Math.random() * 250) + 1}`;
    return signUpThroughMail(
      (path, init) => send(path, { ...init, headers: { "x-forwarded-for": address } }),
      sink,
      user,
      { linkBase: base, timeoutMs: 10_000 },
    );
  }

  const adminCookie = await signUp(admin);

  async function sql(query: string, params: unknown[] = []) {
    if (database === "sqlite") {
      const db = new Database(databaseUrl);
      try {
        const statement = db.prepare(query.replace(/\$\d+/g, "?"));
        const values = params.map((p) => (p instanceof Date ? p.toISOString() : p)) as unknown[];
        if (statement.reader) return statement.all(...values) as Record<string, unknown>[];
        statement.run(...values);
        return [];
      } finally {
        db.close();
      }
    }
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      return (await client.query(query, params)).rows as Record<string, unknown>[];
    } finally {
      await client.end();
    }
  }

  const harness: ProviderHarness = {
    base,
    issuer: `${base}/api/auth`,
    get server() {
      return server;
    },
    sink,
    admin: { ...admin, cookie: adminCookie },
    send,
    navigate,
    signUp,
    async registerApp(metadata) {
      const res = await send("/api/auth/oauth2/create-client", { cookie: adminCookie, json: metadata });
      const body = await res.json();
      expect(res.status, JSON.stringify(body)).toBe(201);
      return body as RegisteredApp;
    },
    discover(clientId, secret) {
      const auth = secret ? oidc.ClientSecretBasic(secret) : oidc.None();
      return oidc.discovery(new URL(`${base}/api/auth`), clientId, undefined, auth, {
        execute: [oidc.allowInsecureRequests],
      });
    },
    sql,
    async restart(changes = {}) {
      await server.stop();
      serverEnv = { ...serverEnv, ...changes };
      server = await spawnServer(serverEnv);
    },
    async close() {
      await server?.stop();
      await sink.close();
      await dropSchema?.();
      rmSync(dir, { recursive: true, force: true });
    },
  };
  return harness;
}

export interface AuthorizeOptions {
  config: oidc.Configuration;
  cookie: string;
  redirectUri: string;
  scope: string;
  /** Extra authorization parameters (resource, prompt, nonce…). */
  params?: Record<string, string>;
}

/**
 * The browser's part of the code flow: the authorization request as the signed-in user, the consent screen's
 * approval when Gatehouse asks for it, and the callback URL the app receives (with the PKCE verifier).
 */
export async function authorize(harness: ProviderHarness, options: AuthorizeOptions) {
  const verifier = oidc.randomPKCECodeVerifier();
  const state = oidc.randomState();
  const url = oidc.buildAuthorizationUrl(options.config, {
    redirect_uri: options.redirectUri,
    scope: options.scope,
    code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
    code_challenge_method: "S256",
    state,
    ...options.params,
  });
  const first = (await redirectOf(await harness.send(url.href, { cookie: options.cookie }))) ?? "";
  let target = first;
  let consented = false;
  const consent = new URL(first, harness.base);
  if (consent.origin === harness.base && consent.pathname === "/oauth/consent") {
    consented = true;
    const approved = await harness.send("/api/auth/oauth2/consent", {
      cookie: options.cookie,
      json: { accept: true, oauth_query: consent.search.slice(1) },
    });
    target = (await redirectOf(approved)) ?? "";
  }
  expect(target.startsWith(`${options.redirectUri}?`), target).toBe(true);
  return { callback: new URL(target), verifier, state, consented };
}

/** authorize() then the code exchange, as openid-client makes it. */
export async function signInThrough(harness: ProviderHarness, options: AuthorizeOptions) {
  const { callback, verifier, state } = await authorize(harness, options);
  return oidc.authorizationCodeGrant(options.config, callback, {
    pkceCodeVerifier: verifier,
    expectedState: state,
  });
}

/** The session cookie's sign-in, as `/get-session` reports it. */
export async function sessionOf(harness: ProviderHarness, cookie: string) {
  const res = await harness.send("/api/auth/get-session", { cookie });
  return (await res.json()) as { session: { id: string; token: string }; user: { id: string } } | null;
}

export { cookiesFrom };
