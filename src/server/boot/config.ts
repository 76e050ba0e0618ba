import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { isIP } from "node:net";
import { join, resolve } from "node:path";
import { z } from "zod";
import { parseSocialConfig, type SocialConfig, SocialConfigError } from "#server/auth/social-config.ts";
import { isLocale, LOCALES, type Locale } from "#shared/i18n/locales.ts";

/** Raised for a setting that cannot be used; the message names the variable. */
export class ConfigError extends Error {}

const flag = z
  .enum(["1", "0", "true", "false", "yes", "no", "on", "off", ""])
  .optional()
  .transform((v) => v === "1" || v === "true" || v === "yes" || v === "on");

const optionalUrl = (protocols: string[]) =>
  z
    .string()
    .optional()
    .transform((v) => (v ? v : undefined))
    .refine((v) => v === undefined || (URL.canParse(v) && protocols.includes(new URL(v).protocol)), {
      message: `must be a ${protocols.join(" or ")} URL`,
    });

/** The OpenID provider's own scopes, about the signed-in user (identity-provider.ts OIDC_SCOPES). */
const USER_SCOPES = ["openid", "profile", "email", "offline_access", "organizations"];

const schema = z.object({
  NODE_ENV: z.enum(["production", "development", "test"]).default("development"),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default("127.0.0.1"),
  BETTER_AUTH_URL: optionalUrl(["http:", "https:"]),
  BETTER_AUTH_SECRET: z
    .string()
    .optional()
    .refine((v) => !v || v.length >= 32, { message: "must be at least 32 characters" }),
  DATA_DIR: z.string().min(1).default("./data"),
  DATABASE_URL: z.string().optional(),
  REDIS_URL: optionalUrl(["redis:", "rediss:"]),
  REDIS_KEY_PREFIX: z.string().default("gatehouse:"),
  SMTP_URL: optionalUrl(["smtp:", "smtps:"]),
  MAIL_FROM: z.string().min(3).default("Gatehouse <no-reply@localhost>"),
  MAIL_OUTBOX: flag,
  TRUSTED_ORIGINS: z.string().optional(),
  TRUST_PROXY: flag,
  ADMIN_EMAILS: z.string().optional(),
  REQUIRE_2FA_FOR_ADMINS: flag,
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  MEMBERSHIP_LIMIT: z.coerce.number().int().min(1).max(1_000_000).default(100),
  API_KEY_RATE_LIMIT: z.coerce.number().int().min(1).max(1_000_000).default(600),
  AUDIT_RETENTION_DAYS: z.coerce.number().int().min(1).max(36_500).default(365),
  // The resident size the server keeps near (decision 49); 0 leaves V8's heap sizing as it is.
  MEMORY_TARGET_MB: z.coerce.number().int().min(0).max(1_048_576).default(250),
  STATIC_DIR: z.string().optional(),
  JWKS_ALG: z.enum(["RS256", "ES256", "EdDSA"]).default("RS256"),
  JWKS_ROTATION_DAYS: z.coerce.number().min(0).max(3650).default(30),
  JWKS_GRACE_DAYS: z.coerce
    .number()
    .min(1, { message: "must be at least 1 (a token signed just before a rotation lives up to 10 hours)" })
    .max(3650)
    .default(7),
  OIDC_REGISTRATION_TOKEN: z
    .string()
    .optional()
    .transform((v) => (v ? v : undefined))
    .refine((v) => v === undefined || v.length >= 32, { message: "must be at least 32 characters" }),
  OIDC_API_SCOPES: z
    .string()
    .default("api")
    .refine((v) => listOf(v).every((s) => /^[\x21\x23-\x5b\x5d-\x7e]+$/.test(s)), {
      message: "scope names are printable ASCII without spaces, quotes or backslashes",
    })
    .refine((v) => listOf(v).every((s) => !USER_SCOPES.includes(s)), {
      message: `the user scopes (${USER_SCOPES.join(", ")}) are built in; list only your API's scopes`,
    }),
  OIDC_RESOURCES: z
    .string()
    .optional()
    .refine((v) => listOf(v).every((r) => URL.canParse(r) && !new URL(r).hash), {
      message: "comma-separated absolute URIs without a fragment",
    }),
  OIDC_TOKEN_LIMIT: z.coerce.number().int().min(1).max(1_000_000).default(600),
  OIDC_INTROSPECTION_LIMIT: z.coerce.number().int().min(1).max(1_000_000).default(6000),
  EMAIL_CODE_SIGN_IN: flag,
  MAGIC_LINK_SIGN_IN: flag,
  WEBHOOK_DELIVERY: z
    .enum(["1", "0", "true", "false", "yes", "no", "on", "off", ""])
    .optional()
    .transform((v) => !["0", "false", "no", "off"].includes(v ?? "")),
  WEBHOOK_ALLOW_HTTP: flag,
  WEBHOOK_ALLOW_PRIVATE: flag,
  WEBHOOK_RETRY_SCALE: z.coerce.number().gt(0).max(1).default(1),
  MAIL_RETRY_SCALE: z.coerce.number().gt(0).max(1).default(1),
  WEBHOOK_ATTEMPT_TIMEOUT_MS: z.coerce.number().int().min(100).max(10_000).default(10_000),
  // Verified domains (issue 18): where TXT records are looked up.
  DNS_SERVERS: z
    .string()
    .optional()
    .refine((v) => listOf(v).every(isDnsServer), {
      message: "comma-separated IP addresses, each with an optional :port (IPv6 as [addr]:port)",
    }),
  // Languages (issue 21): the ones offered, and the one used when nothing else tells.
  LOCALES: z
    .string()
    .optional()
    .superRefine((v, ctx) => {
      const unknown = listOf(v).find((tag) => !isLocale(tag));
      if (unknown !== undefined)
        ctx.addIssue({
          code: "custom",
          message: `"${unknown}" is not a bundled language (comma-separated, among ${LOCALES.join(", ")})`,
        });
    }),
  DEFAULT_LOCALE: z
    .string()
    .optional()
    .refine((v) => !v || isLocale(v), {
      message: `must be one of the bundled languages: ${LOCALES.join(", ")}`,
    }),
});

/** "1.1.1.1", "127.0.0.1:5353", "::1" or "[::1]:5353": what node:dns's setServers takes. */
function isDnsServer(value: string): boolean {
  const match = /^\[([0-9a-f:.]+)\](?::(\d{1,5}))?$/i.exec(value) ?? /^([0-9.]+)(?::(\d{1,5}))?$/.exec(value);
  if (!match) return isIP(value) === 6;
  const port = match[2] === undefined ? 53 : Number(match[2]);
  return isIP(match[1] ?? "") !== 0 && port >= 1 && port <= 65535;
}

/** The OpenID provider's settings (identity-provider.ts). */
export interface OidcConfig {
  /** Algorithm of new signing keys. */
  jwksAlg: "RS256" | "ES256" | "EdDSA";
  /** A signing key is replaced after this many days (0: never). */
  rotationDays: number;
  /** A replaced key stays in the JWKS this many days after its replacement. */
  graceDays: number;
  /** RFC 7591 initial access token for dynamic client registration, when set. */
  registrationToken?: string;
  /** Scopes for the apps' own APIs (beyond the user scopes); service clients are given these. */
  apiScopes: string[];
  /** Resource indicators (RFC 8707) apps may ask access tokens for: those tokens are JWTs with this audience. */
  resources: string[];
  /** Token endpoint requests per minute per client. */
  tokenLimit: number;
  /** Introspection requests per minute per client. */
  introspectionLimit: number;
}

/** Webhook delivery (features/webhooks, decision 31). */
export interface WebhookConfig {
  /** WEBHOOK_DELIVERY (on unless 0/off): this instance runs the delivery worker. @default true */
  delivery: boolean;
  /** http:// endpoints are accepted: always outside production, in production only with WEBHOOK_ALLOW_HTTP. */
  allowHttp: boolean;
  /** WEBHOOK_ALLOW_PRIVATE: loopback, private, link-local… addresses may receive deliveries. */
  allowPrivate: boolean;
  /** WEBHOOK_RETRY_SCALE: multiplies the retry delays and the 3-day window (tests only). @default 1 */
  retryScale: number;
  /**
   * WEBHOOK_ATTEMPT_TIMEOUT_MS: the time an attempt may take; a claim's lease is three times it (tests only, so
   * that a kill -9 test on PostgreSQL does not wait 30 s for each lapsed lease). @default 10 000
   */
  attemptTimeoutMs: number;
}

export type Database = { kind: "sqlite"; path: string } | { kind: "postgres"; url: string };

export interface Config {
  nodeEnv: "production" | "development" | "test";
  isProduction: boolean;
  port: number;
  host: string;
  baseURL: string;
  /** The public URL is https: secure cookies and HSTS. */
  https: boolean;
  secret: string;
  dataDir: string;
  database: Database;
  redisURL?: string;
  /** Prefix of every Redis key, so several deployments (or test runs) can share one Redis. */
  redisKeyPrefix: string;
  smtpURL?: string;
  mailFrom: string;
  /** Mails go to the database outbox (no SMTP) and /dev/outbox may be served. */
  outboxEnabled: boolean;
  /** MAIL_RETRY_SCALE: multiplies the mail queue's retry delays and its one-day window (tests only). @default 1 */
  mailRetryScale: number;
  trustedOrigins: string[];
  trustProxy: boolean;
  adminEmails: string[];
  /** REQUIRE_2FA_FOR_ADMINS: the admin area refuses admins without two-factor or a passkey. */
  requireTwoFactorForAdmins: boolean;
  logLevel: string;
  membershipLimit: number;
  /** Requests per minute each new API key may make (stored on the key when it is created). */
  apiKeyRateLimit: number;
  /** AUDIT_RETENTION_DAYS: audit events older than this are deleted by the running server. */
  auditRetentionDays: number;
  /**
   * MEMORY_TARGET_MB: the resident size `npm start`'s process keeps near by sizing V8's heap after each full
   * collection (boot/memory-target.ts); 0: V8's own sizing. A soft target, never an out-of-memory limit. @default 250
   */
  memoryTargetMb: number;
  staticDir: string;
  /** Social sign-in providers and account-linking rules (see social-config.ts). */
  social: SocialConfig;
  /** "Sign in with Gatehouse": the OpenID provider's keys, registration and limits. */
  oidc: OidcConfig;
  /** Sign-in without a password, to existing accounts (auth/email-sign-in.ts). */
  emailSignIn: {
    /** A 6-digit code mailed to the address (EMAIL_CODE_SIGN_IN). */
    code: boolean;
    /** A one-time link mailed to the address (MAGIC_LINK_SIGN_IN). */
    link: boolean;
  };
  webhooks: WebhookConfig;
  /** DNS_SERVERS: the resolvers of domain verification (features/organizations); empty: the system's. */
  dnsServers: string[];
  /** LOCALES: the languages offered (web app and mails), in the order given; all bundled ones by default. */
  locales: Locale[];
  /** DEFAULT_LOCALE: the language when neither a person's choice nor their browser's names an offered one. */
  defaultLocale: Locale;
}

type Env = Record<string, string | undefined>;

function parseDatabase(raw: string | undefined, dataDir: string): Database {
  if (!raw) return { kind: "sqlite", path: join(dataDir, "gatehouse.db") };
  if (/^postgres(ql)?:\/\//.test(raw)) {
    if (!URL.canParse(raw)) throw new ConfigError("DATABASE_URL: not a valid postgres:// URL");
    return { kind: "postgres", url: raw };
  }
  if (raw.startsWith("file:")) return { kind: "sqlite", path: raw.slice(5).replace(/^\/\/(?=\/)/, "") };
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(raw)) {
    throw new ConfigError(
      `DATABASE_URL: unsupported scheme "${raw.split(":")[0]}" (use a file path, file: or postgres://)`,
    );
  }
  return { kind: "sqlite", path: raw };
}

function listOf(raw: string | undefined): string[] {
  return (raw ?? "")
    .split(/[\s,]+/)
    .map((s) => s.trim())
    .filter(Boolean);
}

function originOf(value: string, variable: string): string {
  if (!URL.canParse(value)) throw new ConfigError(`${variable}: "${value}" is not a URL`);
  return new URL(value).origin;
}

/** The secret kept in the data folder, created on first use outside production. */
function generatedSecret(dataDir: string): string {
  const file = join(dataDir, "secret");
  if (existsSync(file)) return readFileSync(file, "utf8").trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString("base64url");
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  return secret;
}

/** The process environment, with a `.env` file in the working directory read first if there is one. */
export function processEnvironment(): Env {
  if (existsSync(".env")) process.loadEnvFile(".env");
  return process.env;
}

/** Reads and validates the environment once; throws ConfigError naming the variable. */
export function loadConfig(env: Env = processEnvironment()): Config {
  const parsed = schema.safeParse(env);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const variable = String(issue?.path[0] ?? "environment");
    throw new ConfigError(`${variable}: ${issue?.message ?? "invalid value"}`);
  }
  const e = parsed.data;
  const isProduction = e.NODE_ENV === "production";
  const dataDir = resolve(e.DATA_DIR);
  const database = parseDatabase(e.DATABASE_URL, dataDir);
  const baseURL = (e.BETTER_AUTH_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, "");

  if (isProduction && !e.BETTER_AUTH_SECRET) {
    throw new ConfigError("BETTER_AUTH_SECRET: required when NODE_ENV=production (at least 32 characters)");
  }
  if (isProduction && !e.SMTP_URL && !e.MAIL_OUTBOX) {
    throw new ConfigError(
      "SMTP_URL: required when NODE_ENV=production (or set MAIL_OUTBOX=1 to keep mail in the outbox)",
    );
  }
  if (isProduction && e.WEBHOOK_RETRY_SCALE !== 1) {
    throw new ConfigError("WEBHOOK_RETRY_SCALE: for tests only; leave it unset when NODE_ENV=production");
  }
  if (isProduction && e.MAIL_RETRY_SCALE !== 1) {
    throw new ConfigError("MAIL_RETRY_SCALE: for tests only; leave it unset when NODE_ENV=production");
  }
  if (isProduction && e.WEBHOOK_ATTEMPT_TIMEOUT_MS !== 10_000) {
    throw new ConfigError(
      "WEBHOOK_ATTEMPT_TIMEOUT_MS: for tests only; leave it unset when NODE_ENV=production",
    );
  }
  let social: SocialConfig;
  try {
    social = parseSocialConfig(env);
  } catch (err) {
    if (err instanceof SocialConfigError) throw new ConfigError(err.message);
    throw err;
  }
  const locales = e.LOCALES ? [...new Set(listOf(e.LOCALES).filter(isLocale))] : [...LOCALES];
  const defaultLocale = (e.DEFAULT_LOCALE || (locales.includes("en") ? "en" : locales[0])) as Locale;
  if (locales.length === 0) throw new ConfigError(`LOCALES: name at least one of ${LOCALES.join(", ")}`);
  if (!locales.includes(defaultLocale)) {
    throw new ConfigError(`DEFAULT_LOCALE: "${defaultLocale}" is not one of LOCALES (${locales.join(", ")})`);
  }
  const trustedOrigins = [
    originOf(baseURL, "BETTER_AUTH_URL"),
    ...listOf(e.TRUSTED_ORIGINS).map((o) => originOf(o, "TRUSTED_ORIGINS")),
    // Apple answers with a form POST from its own origin to /api/auth/callback/apple.
    ...(social.providers.some((p) => p.id === "apple") ? ["https://appleid.apple.com"] : []),
  ];

  return {
    nodeEnv: e.NODE_ENV,
    isProduction,
    port: e.PORT,
    host: e.HOST,
    baseURL,
    https: baseURL.startsWith("https://"),
    secret: e.BETTER_AUTH_SECRET ?? generatedSecret(dataDir),
    dataDir,
    database,
    redisURL: e.REDIS_URL,
    redisKeyPrefix: e.REDIS_KEY_PREFIX,
    smtpURL: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    outboxEnabled: !e.SMTP_URL && (!isProduction || e.MAIL_OUTBOX),
    mailRetryScale: e.MAIL_RETRY_SCALE,
    trustedOrigins,
    trustProxy: e.TRUST_PROXY,
    adminEmails: listOf(e.ADMIN_EMAILS).map((s) => s.toLowerCase()),
    requireTwoFactorForAdmins: e.REQUIRE_2FA_FOR_ADMINS,
    logLevel: e.LOG_LEVEL,
    membershipLimit: e.MEMBERSHIP_LIMIT,
    apiKeyRateLimit: e.API_KEY_RATE_LIMIT,
    auditRetentionDays: e.AUDIT_RETENTION_DAYS,
    memoryTargetMb: e.MEMORY_TARGET_MB,
    staticDir: resolve(e.STATIC_DIR ?? "dist/web"),
    social,
    oidc: {
      jwksAlg: e.JWKS_ALG,
      rotationDays: e.JWKS_ROTATION_DAYS,
      graceDays: e.JWKS_GRACE_DAYS,
      registrationToken: e.OIDC_REGISTRATION_TOKEN,
      apiScopes: [...new Set(listOf(e.OIDC_API_SCOPES))],
      resources: [...new Set(listOf(e.OIDC_RESOURCES))],
      tokenLimit: e.OIDC_TOKEN_LIMIT,
      introspectionLimit: e.OIDC_INTROSPECTION_LIMIT,
    },
    emailSignIn: { code: e.EMAIL_CODE_SIGN_IN, link: e.MAGIC_LINK_SIGN_IN },
    webhooks: {
      delivery: e.WEBHOOK_DELIVERY,
      allowHttp: !isProduction || e.WEBHOOK_ALLOW_HTTP,
      allowPrivate: e.WEBHOOK_ALLOW_PRIVATE,
      retryScale: e.WEBHOOK_RETRY_SCALE,
      attemptTimeoutMs: e.WEBHOOK_ATTEMPT_TIMEOUT_MS,
    },
    dnsServers: listOf(e.DNS_SERVERS),
    locales,
    defaultLocale,
  };
}
