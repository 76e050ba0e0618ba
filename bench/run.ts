// `npm run bench [-- --db postgres] [-- --duration 10]`: Gatehouse (production build) beside stock better-auth
// and a bare node:http server, each loaded by wrk (or autocannon) from another process on loopback. Writes
// bench/RESULTS.md.
import { execFile, execSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { cpus, tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs, promisify } from "node:util";
import { gzipSync } from "node:zlib";
import { hashPassword } from "better-auth/crypto";
import { Redis } from "ioredis";
import { launchChromium } from "../e2e/support/browser.ts";
import { freePort } from "../test/support/free-port.ts";
import { cpuTimeUs } from "../test/support/process-cpu.ts";
import { type SpawnedServer, spawnServer } from "../test/support/spawn-server.ts";
import { freshPostgresUrl } from "../test/support/test-app.ts";
import { firstLoadBench, replaceSection } from "./first-load.ts";
import type { Load } from "./load-result.ts";
import { memoryBench } from "./memory.ts";
import {
  introspectionSpec,
  jwksSpec,
  type OAuthApp,
  refreshTokens,
  registerApp,
  tokensThroughFlow,
} from "./oauth.ts";
import { scaleBench } from "./scale.ts";
import { scimBench } from "./scim.ts";
import { type Db, openSeedDb, seedMembers } from "./seed-db.ts";
import { webhookBench } from "./webhooks.ts";

const execFileAsync = promisify(execFile);
const { values: args } = parseArgs({
  options: {
    db: { type: "string", default: "sqlite" },
    // Gatehouse with Redis as well (the stock server stays as it is): the recommended scale-out set-up.
    redis: { type: "boolean", default: false },
    duration: { type: "string", default: "10" },
    // Comma-separated subset while iterating (RESULTS.md is then not written):
    // ok,session,busy,signin,orgs,members,page,firstload,introspect,refresh,jwks,memory,memflags,webhooks,scim; and scale
    // (only when named: it seeds a million users, bench/scale.ts)
    only: { type: "string" },
    // The revision the webhooks case measures against: the server before the audit log and webhooks (#17).
    baseline: { type: "string", default: "2b18e70" },
    // People the scim case provisions (fewer while iterating).
    "scim-users": { type: "string", default: "10000" },
    // The load generator: wrk (installed with apt-get when missing), or autocannon in its own process.
    load: { type: "string", default: "wrk" },
    // A directory: Gatehouse runs with `node --cpu-prof` and writes its profile there when the run ends
    // (bench/cpu-profile.mjs reads it turn by turn).
    "cpu-prof": { type: "string" },
    // Alternating turns per comparison (each a duration / rounds long): more turns even out a busy machine.
    rounds: { type: "string", default: "3" },
    // The memory case's length (issue 22 asks 10 minutes; fewer while iterating).
    "memory-minutes": { type: "string", default: "10" },
    // Extra node flags for the memory case's server (comparing V8 or allocator settings), space-separated.
    "memory-node-args": { type: "string", default: "" },
    // Extra environment for the memory case's server (allocator settings such as MALLOC_ARENA_MAX=2),
    // space-separated NAME=value pairs.
    "memory-env": { type: "string", default: "" },
  },
});
const ONLY = args.only?.split(",");
const want = (name: string) => !ONLY || ONLY.includes(name);
const DB = args.db === "postgres" ? "postgres" : "sqlite";
const REDIS_URL = args.redis ? (process.env.TEST_REDIS_URL ?? "redis://127.0.0.1:6379") : undefined;
/** Names the results file and the run: "sqlite", "postgres", "postgres-redis". */
const SETUP = `${DB}${REDIS_URL ? "-redis" : ""}`;
const DURATION = Number(args.duration);
/** Each comparison runs in ROUNDS alternating turns (3 unless asked) of a ROUNDS-th of the case's duration. */
const ROUNDS = Math.max(1, Number(args.rounds));
const TURN = Math.max(1, Math.round(DURATION / ROUNDS));
const PG_URL = process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
const SECRET = "bench-secret-bench-secret-bench-secret-00";
const PASSWORD = "bench password 1234";

interface Target {
  name: string;
  url: string;
  server: SpawnedServer;
  db?: Db;
  cleanup: Array<() => Promise<void> | void>;
}

type Generator = "wrk" | "autocannon";
/** Set by main(): wrk unless asked otherwise or it cannot be installed. */
let GENERATOR: Generator = "autocannon";
/** Where the wrk specs are written (main() makes it). */
let SPEC_DIR = tmpdir();
let specCount = 0;

/** wrk, from Debian's package; installed when missing. Falls back to autocannon (and says so) when it cannot be. */
function loadGenerator(): Generator {
  if (args.load === "autocannon") return "autocannon";
  const found = () => {
    try {
      execSync("command -v wrk", { stdio: "ignore" });
      return true;
    } catch {
      return false;
    }
  };
  if (found()) return "wrk";
  const apt = process.getuid?.() === 0 ? "apt-get" : "sudo -n apt-get";
  for (const command of [`${apt} install -y wrk`, `${apt} update && ${apt} install -y wrk`]) {
    try {
      execSync(command, { stdio: "inherit" });
      if (found()) return "wrk";
    } catch {}
  }
  process.stderr.write("wrk could not be installed: the load comes from autocannon in its own process\n");
  return "autocannon";
}

/** Refresh-token chains need an answer's token in the next request: load.mjs (autocannon) does that. */
const needsAutocannon = (spec: Record<string, unknown>) => Boolean(spec.refresh);

/** A Lua string literal of any text: printable ASCII as is, every other byte as a 3-digit escape. */
function luaString(text: string): string {
  let out = "";
  for (const byte of Buffer.from(text, "utf8")) {
    out +=
      byte >= 32 && byte < 127 && byte !== 34 && byte !== 92
        ? String.fromCharCode(byte)
        : `\\${String(byte).padStart(3, "0")}`;
  }
  return `"${out}"`;
}

/** One wrk run (bench/wrk.lua) in its own process: one thread, the spec's connections and duration. */
async function wrk(spec: Record<string, unknown>): Promise<Load> {
  const list = (xs: unknown) => `{ ${(xs as string[]).map(luaString).join(", ")} }`;
  const headers = Object.entries((spec.headers as Record<string, string>) ?? {})
    .map(([k, v]) => `[${luaString(k)}] = ${luaString(v)}`)
    .join(", ");
  const lua = [
    "return {",
    `  method = ${luaString((spec.method as string) ?? "GET")},`,
    `  headers = { ${headers} },`,
    spec.body !== undefined ? `  body = ${luaString(spec.body as string)},` : "",
    spec.bodies ? `  bodies = ${list(spec.bodies)},` : "",
    spec.cookies ? `  cookies = ${list(spec.cookies)},` : "",
    spec.bodyIncludes ? `  expect = ${luaString(spec.bodyIncludes as string)},` : "",
    "}",
  ].join("\n");
  specCount += 1;
  const file = join(SPEC_DIR, `wrk-spec-${specCount}.lua`);
  writeFileSync(file, lua);
  const connections = String(spec.connections ?? 50);
  const { stdout } = await execFileAsync(
    "wrk",
    [
      "-t1",
      `-c${connections}`,
      `-d${spec.duration}s`,
      "--timeout",
      "10s",
      "-s",
      new URL("./wrk.lua", import.meta.url).pathname,
      spec.url as string,
    ],
    { encoding: "utf8", maxBuffer: 1 << 20, env: { ...process.env, WRK_SPEC: file } },
  );
  rmSync(file, { force: true });
  const line = stdout
    .trim()
    .split("\n")
    .findLast((l) => l.startsWith("{"));
  if (!line) throw new Error(`wrk gave no result: ${stdout}`);
  const r = JSON.parse(line) as Record<string, number>;
  const ms = (us: number) => Math.round(us / 10) / 100;
  const failed = (r.status ?? 0) + (r.mismatches ?? 0);
  return {
    rps: Math.round((((r.requests ?? 0) - failed) / ((r.durationUs ?? 1) / 1e6)) * 10) / 10,
    p50: ms(r.p50Us ?? 0),
    p99: ms(r.p99Us ?? 0),
    non2xx: failed,
    errors: r.errors ?? 0,
  };
}

/**
 * One load in its own process, so the load generator never shares a server's event loop: wrk, or autocannon
 * (load.mjs) for what wrk cannot do or when wrk is missing. Async, so this process can drive other traffic
 * meanwhile.
 */
async function load(
  spec: Record<string, unknown>,
  generator: Generator = needsAutocannon(spec) ? "autocannon" : GENERATOR,
): Promise<Load> {
  const full = { duration: DURATION, ...spec };
  const pid = serverPids.get(new URL(spec.url as string).origin);
  const cpuBefore = pid && cpuTimeUs(pid);
  let result: Load;
  if (generator === "wrk") result = await wrk(full);
  else {
    const { stdout } = await execFileAsync(
      "node",
      [new URL("./load.mjs", import.meta.url).pathname, JSON.stringify(full)],
      { encoding: "utf8", maxBuffer: 1 << 20 },
    );
    result = JSON.parse(stdout.trim().split("\n").pop() ?? "{}");
  }
  const cpuAfter = pid && cpuTimeUs(pid);
  if (cpuBefore && cpuAfter && result.rps > 0) {
    result.cpuUs = Math.round((cpuAfter - cpuBefore) / (result.rps * (full.duration as number)));
  }
  return result;
}

/** The servers' process ids by origin, for their CPU time. */
const serverPids = new Map<string, number>();
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] as number;

/**
 * Loads the servers being compared in turns — A, B, C, A, B, C, A, B, C — each for a third of the
 * case's duration, and reports the mean req/s and the median latencies of the turns. This machine's
 * speed drifts by tens of percent over seconds; interleaving makes every server see the same drift, so
 * the ratios hold still where back-to-back runs swing.
 */
async function compare(specs: Array<Record<string, unknown>>, rounds = ROUNDS): Promise<Load[]> {
  // One generator for every side of a comparison.
  const generator = specs.some(needsAutocannon) ? "autocannon" : GENERATOR;
  const runs: Load[][] = specs.map(() => []);
  for (let round = 0; round < rounds; round++) {
    for (const [i, spec] of specs.entries()) {
      runs[i]?.push(await load({ ...spec, duration: TURN }, generator));
    }
  }
  return runs.map(summarize);
}

/** Several turns of one load as one: mean req/s, median latencies, every failure counted. */
function summarize(turns: Load[]): Load {
  return {
    rps: Math.round((turns.reduce((sum, t) => sum + t.rps, 0) / turns.length) * 10) / 10,
    p50: median(turns.map((t) => t.p50)),
    p99: median(turns.map((t) => t.p99)),
    non2xx: turns.reduce((sum, t) => sum + t.non2xx, 0),
    errors: turns.reduce((sum, t) => sum + t.errors, 0),
    lostChains: turns.reduce((sum, t) => sum + (t.lostChains ?? 0), 0),
    ...(turns.every((t) => t.cpuUs) ? { cpuUs: median(turns.map((t) => t.cpuUs as number)) } : {}),
  };
}

let ipCounter = 0;
function headers(target: Target, cookie?: string): Record<string, string> {
  ipCounter += 1;
  return {
    origin: target.url,
    "content-type": "application/json",
    "x-forwarded-for": `172.16.${(ipCounter >> 8) & 255}.${ipCounter & 255}`,
    ...(cookie ? { cookie } : {}),
  };
}

async function post(target: Target, path: string, body: unknown, cookie?: string): Promise<Response> {
  return fetch(`${target.url}${path}`, {
    method: "POST",
    headers: headers(target, cookie),
    body: JSON.stringify(body),
  });
}

function sessionCookie(res: Response): string {
  const cookie = res.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .find((c) => c?.includes("session_token="));
  if (!cookie) throw new Error(`no session cookie (${res.status})`);
  return cookie;
}

async function databaseUrl(dir: string, name: string, cleanup: Target["cleanup"]): Promise<string> {
  if (DB === "sqlite") return join(dir, `${name}.db`);
  const pg = await freshPostgresUrl(PG_URL);
  cleanup.push(pg.drop);
  return pg.url;
}

async function forgetRedisKeys(url: string, prefix: string) {
  const redis = new Redis(url);
  const keys = await redis.keys(`${prefix}*`);
  if (keys.length) await redis.del(...keys);
  await redis.quit();
}

async function startGatehouse(
  dir: string,
  name = "gatehouse",
  env: Record<string, string> = {},
  command = [
    "node",
    ...(args["cpu-prof"] && name === "gatehouse" ? ["--cpu-prof", "--cpu-prof-dir", args["cpu-prof"]] : []),
    "dist/server/main.js",
  ],
): Promise<Target> {
  const cleanup: Target["cleanup"] = [];
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const dbUrl = env.DATABASE_URL ?? (await databaseUrl(dir, name, cleanup));
  const redisPrefix = `bench:${port}:${Date.now()}:`;
  if (REDIS_URL) cleanup.push(() => forgetRedisKeys(REDIS_URL, redisPrefix));
  const server = await spawnServer(
    {
      NODE_ENV: "production",
      PORT: String(port),
      BETTER_AUTH_URL: url,
      BETTER_AUTH_SECRET: SECRET,
      DATA_DIR: join(dir, name),
      DATABASE_URL: dbUrl,
      MAIL_OUTBOX: "1",
      TRUST_PROXY: "1",
      // The bench user registers the OpenID provider's app, which only admins may do.
      ADMIN_EMAILS: "bench@gatehouse.test",
      // One app is the whole load here: its per-app limits are raised out of the way, still counted per request.
      OIDC_TOKEN_LIMIT: "1000000",
      OIDC_INTROSPECTION_LIMIT: "1000000",
      MEMBERSHIP_LIMIT: "20000",
      LOG_LEVEL: "warn",
      STATIC_DIR: "dist/web",
      ...(REDIS_URL ? { REDIS_URL, REDIS_KEY_PREFIX: redisPrefix } : {}),
      ...env,
    },
    { command },
  );
  serverPids.set(url, server.proc.pid as number);
  return { name, url, server, db: await openSeedDb(dbUrl, name), cleanup };
}

/** Stock better-auth; `provider`: also the stock OpenID provider (oauth-provider + jwt, default options). */
async function startStock(dir: string, provider = false): Promise<Target> {
  const cleanup: Target["cleanup"] = [];
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const name = provider ? "stock-provider" : "stock";
  const dbUrl = await databaseUrl(dir, name, cleanup);
  const server = await spawnServer(
    {
      NODE_ENV: "production",
      PORT: String(port),
      BETTER_AUTH_URL: url,
      BETTER_AUTH_SECRET: SECRET,
      DATABASE_URL: dbUrl,
      ...(provider ? { STOCK_PROVIDER: "1" } : {}),
    },
    // The provider plugin resolves `better-auth` to the same unpatched copy (stock-register.mjs).
    {
      command: [
        "node",
        "--import",
        "tsx",
        "--import",
        "./bench/servers/stock-register.mjs",
        "bench/servers/stock.ts",
      ],
    },
  );
  serverPids.set(url, server.proc.pid as number);
  return { name, url, server, db: await openSeedDb(dbUrl, name), cleanup };
}

async function startCeiling(): Promise<Target> {
  const port = await freePort();
  const server = await spawnServer(
    { PORT: String(port) },
    { command: ["node", "--import", "tsx", "bench/servers/ceiling.ts"] },
  );
  const url = `http://127.0.0.1:${port}`;
  serverPids.set(url, server.proc.pid as number);
  return { name: "ceiling", url, server, cleanup: [] };
}

/** Signs a user up and returns a session cookie; Gatehouse's verification link is read from its outbox. */
async function signedInUser(target: Target, email: string): Promise<string> {
  const res = await post(target, "/api/auth/sign-up/email", {
    name: "Bench User",
    email,
    password: PASSWORD,
  });
  if (res.status !== 200) throw new Error(`${target.name} sign-up: ${res.status} ${await res.text()}`);
  if (target.name.startsWith("stock")) return sessionCookie(res);
  // Read from the outbox table: in production /api/dev/outbox serves signed-in admins only.
  let link: string | undefined;
  for (let tries = 0; !link && tries < 50; tries++) {
    if (tries > 0) await new Promise((resolve) => setTimeout(resolve, 100));
    const mails = await (target.db as Db).mailsTo(email);
    link = mails.map((text) => text.match(/https?:\/\/\S+verify-email\S+/)?.[0]).find(Boolean);
  }
  if (!link) throw new Error("no verification link in the outbox");
  const verified = await fetch(link, { redirect: "manual", headers: headers(target) });
  return sessionCookie(verified);
}

/** `n` more sessions of an existing user, signed in 8 at a time. */
async function sessionsOf(target: Target, email: string, n: number): Promise<string[]> {
  const cookies: string[] = [];
  while (cookies.length < n) {
    const batch = await Promise.all(
      Array.from({ length: Math.min(8, n - cookies.length) }, () =>
        post(target, "/api/auth/sign-in/email", { email, password: PASSWORD }),
      ),
    );
    cookies.push(...batch.map(sessionCookie));
  }
  // The load counts 2xx only, and a dead session answers 200 null: make sure every cookie is signed in.
  for (const cookie of cookies) {
    const res = await fetch(`${target.url}/api/auth/get-session`, { headers: { cookie } });
    const body = (await res.json()) as { user?: { email?: string } } | null;
    if (body?.user?.email !== email) throw new Error(`${target.name}: a new session is not signed in`);
  }
  return cookies;
}

async function signUpLoops(target: Target, loops: number, stop: { done: boolean }): Promise<number> {
  let count = 0;
  await Promise.all(
    Array.from({ length: loops }, async (_, loop) => {
      while (!stop.done) {
        const res = await post(target, "/api/auth/sign-up/email", {
          name: "Load",
          email: `load-${loop}-${count}-${Date.now()}@bench.test`,
          password: PASSWORD,
        });
        if (res.status === 200) count += 1;
        await res.arrayBuffer();
      }
    }),
  );
  return count;
}

/** Password hashes per second with nothing else running: what sign-in can reach at best. */
async function scryptFloor(seconds: number): Promise<number> {
  const start = performance.now();
  let n = 0;
  const until = start + seconds * 1000;
  await Promise.all(
    Array.from({ length: 4 }, async () => {
      while (performance.now() < until) {
        await hashPassword(PASSWORD);
        n += 1;
      }
    }),
  );
  return Math.round((n / ((performance.now() - start) / 1000)) * 10) / 10;
}

async function signInPage(url: string): Promise<{ gzipKB: number; firstPaintMs: number }> {
  const html = await (await fetch(`${url}/sign-in`)).text();
  let bytes = 0;
  for (const asset of html.match(/\/assets\/[^"]+\.(js|css)/g) ?? []) {
    bytes += gzipSync(Buffer.from(await (await fetch(`${url}${asset}`)).arrayBuffer())).length;
  }
  const browser = await launchChromium();
  try {
    const page = await (await browser.newContext()).newPage();
    await page.goto(`${url}/sign-in`);
    await page.getByRole("heading", { level: 1 }).waitFor();
    const paint = await page.evaluate(
      () => performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? Number.NaN,
    );
    return { gzipKB: Math.round(bytes / 102.4) / 10, firstPaintMs: Math.round(paint) };
  } finally {
    await browser.close();
  }
}

const rows: string[] = [];
function row(name: string, g?: Load, s?: Load, c?: Load, note = "") {
  const fmt = (l?: Load) =>
    l
      ? `${l.rps} (${l.p50}/${l.p99} ms${l.cpuUs ? `, ${l.cpuUs} µs CPU` : ""})${l.non2xx ? ` ⚠ ${l.non2xx} non-2xx` : ""}`
      : "—";
  const ratio = (a?: Load, b?: Load) => (a && b && b.rps > 0 ? `${(a.rps / b.rps).toFixed(2)}×` : "—");
  // The same comparison by CPU per request: what the req/s ratio would be if both had the same CPU.
  const cpu =
    g?.cpuUs && c?.cpuUs
      ? `by CPU per request (ceiling µs ÷ Gatehouse µs): ${(c.cpuUs / g.cpuUs).toFixed(2)}×`
      : "";
  const notes = [note, cpu].filter(Boolean).join("; ");
  rows.push(`| ${name} | ${fmt(g)} | ${fmt(s)} | ${fmt(c)} | ${ratio(g, s)} | ${ratio(g, c)} | ${notes} |`);
  process.stdout.write(`${rows.at(-1)}\n`);
}

async function signInCase(gatehouse: Target, stock: Target) {
  const spec = (target: Target, email: string) => ({
    url: `${target.url}/api/auth/sign-in/email`,
    method: "POST",
    headers: { "content-type": "application/json", origin: target.url },
    body: JSON.stringify({ email, password: PASSWORD }),
    connections: 8,
  });
  // The floor takes its turns between the servers', like every other comparison here.
  const floors: number[] = [];
  const signIns: Load[][] = [[], []];
  for (let round = 0; round < ROUNDS; round++) {
    floors.push(await scryptFloor(TURN));
    const [g, s] = await compare(
      [spec(gatehouse, "bench@gatehouse.test"), spec(stock, "bench@stock.test")],
      1,
    );
    signIns[0]?.push(g as Load);
    signIns[1]?.push(s as Load);
  }
  const signInG = summarize(signIns[0] as Load[]);
  const floor = Math.round((floors.reduce((a, b) => a + b, 0) / floors.length) * 10) / 10;
  row(
    "POST /sign-in/email",
    signInG,
    summarize(signIns[1] as Load[]),
    undefined,
    `scrypt floor ${floor} hashes/s → Gatehouse ${(signInG.rps / floor).toFixed(2)}× floor`,
  );
}

/** The OpenID provider's app and signed-in user on each server (bench@… is an admin on Gatehouse). */
interface Provider {
  target: Target;
  cookie: string;
  app: OAuthApp;
}

/**
 * Introspection (RFC 7662) of a valid opaque access token — what any app gets without asking for a
 * `resource` — by its resource server, authenticated with HTTP Basic. Only answers saying `"active":true`
 * count: an inactive answer is a 200 too.
 */
async function introspectionCase(providers: Provider[], ceiling: Target) {
  const specs: Array<Record<string, unknown>> = [];
  for (const { target, cookie, app } of providers) {
    const { access_token } = await tokensThroughFlow(target, cookie, app);
    specs.push({ ...introspectionSpec(target, app, access_token), bodyIncludes: '"active":true' });
  }
  const [g, s, c] = await compare([...specs, { url: `${ceiling.url}/ok` }]);
  row("POST /oauth2/introspect (valid opaque access token, Basic)", g, s, c);
}

/**
 * The token endpoint's refresh grant with rotation: every answer brings a new refresh token and the one
 * spent dies (reuse revokes the family), so each request must carry a token never used before. The load
 * runs 50 rotation chains, as 50 apps refreshing would: each request spends the refresh token the previous
 * answer brought (load.mjs). Every turn starts 50 fresh chains, each from its own authorization.
 */
async function refreshCase(providers: Provider[], ceiling: Target) {
  const turns: Load[][] = providers.map(() => []);
  const ceilings: Load[] = [];
  let lost = 0;
  for (let round = 0; round < ROUNDS; round++) {
    for (const [i, { target, cookie, app }] of providers.entries()) {
      const tokens = await refreshTokens(target, cookie, app, 50);
      const turn = await load({
        url: `${target.url}/api/auth/oauth2/token`,
        method: "POST",
        headers: { authorization: app.basic, "content-type": "application/x-www-form-urlencoded" },
        refresh: { tokens },
        bodyIncludes: '"refresh_token"',
        duration: TURN,
      });
      lost += turn.lostChains ?? 0;
      turns[i]?.push(turn);
    }
    // The chains' generator loads the ceiling too, so the ratio compares like with like.
    ceilings.push(await load({ url: `${ceiling.url}/ok`, duration: TURN }, "autocannon"));
  }
  const [g, s] = turns.map(summarize);
  row(
    "POST /oauth2/token, refresh grant (rotation chains)",
    g,
    s,
    summarize(ceilings),
    `each request spends the refresh token the previous answer brought; ${lost} of ${50 * ROUNDS * providers.length} chains broke`,
  );
}

async function organizationListCase(
  gatehouse: Target,
  cookieG: string,
  stock: Target,
  cookieS: string,
  ceiling: Target,
) {
  // A user in 3 organizations (a typical one) and a user in 200, both against the ceiling.
  const counts: Record<string, number> = {};
  const few: Record<string, string> = {};
  for (const [target, cookie] of [
    [gatehouse, cookieG],
    [stock, cookieS],
  ] as const) {
    const email = `few-orgs@${target.name}.test`;
    few[target.name] = await signedInUser(target, email);
    for (let i = 0; i < 3; i++) {
      const res = await post(
        target,
        "/api/auth/organization/create",
        { name: `Few ${i}`, slug: `few-${i}` },
        few[target.name],
      );
      if (res.status !== 200) throw new Error(`${target.name} org create: ${res.status} ${await res.text()}`);
    }
    for (let i = 0; i < 200; i++) {
      const res = await post(
        target,
        "/api/auth/organization/create",
        { name: `Org ${i}`, slug: `org-${i}` },
        cookie,
      );
      if (res.status !== 200) throw new Error(`${target.name} org create: ${res.status} ${await res.text()}`);
    }
    const list = await fetch(`${target.url}/api/auth/organization/list`, {
      headers: headers(target, cookie),
    });
    counts[target.name] = ((await list.json()) as unknown[]).length;
  }
  const [fewG, fewS, fewC] = await compare([
    { url: `${gatehouse.url}/api/auth/organization/list`, headers: { cookie: few.gatehouse } },
    { url: `${stock.url}/api/auth/organization/list`, headers: { cookie: few.stock } },
    { url: `${ceiling.url}/ok` },
  ]);
  row("GET /organization/list (user in 3 orgs)", fewG, fewS, fewC);
  const [listG, listS, listC] = await compare([
    { url: `${gatehouse.url}/api/auth/organization/list`, headers: { cookie: cookieG } },
    { url: `${stock.url}/api/auth/organization/list`, headers: { cookie: cookieS } },
    { url: `${ceiling.url}/ok` },
  ]);
  row(
    "GET /organization/list (user in 200 orgs)",
    listG,
    listS,
    listC,
    `returns ${counts.gatehouse} (Gatehouse) vs ${counts.stock} (stock) of 200`,
  );
}

async function memberPagesCase(gatehouse: Target, cookieG: string, stock: Target, cookieS: string) {
  // A page of 50 members in organizations of 10, 1 000 and 10 000 members.
  const sizes = [10, 1000, 10_000];
  const specs: Array<Record<string, unknown>> = [];
  for (const [target, cookie] of [
    [gatehouse, cookieG],
    [stock, cookieS],
  ] as const) {
    for (const size of sizes) {
      const created = await post(
        target,
        "/api/auth/organization/create",
        { name: `Size ${size}`, slug: `size-${size}` },
        cookie,
      );
      const org = (await created.json()) as { id: string };
      await seedMembers(target.db as Db, org.id, size - 1, `${target.name}-${size}`);
      specs.push({
        url: `${target.url}/api/auth/organization/list-members?organizationId=${org.id}&limit=50&offset=0`,
        headers: { cookie },
      });
    }
  }
  const results = await compare(specs);
  for (const [i, size] of sizes.entries()) {
    row(`list-members, page of 50, org of ${size}`, results[i], results[i + sizes.length]);
  }
  const small = results[0] as Load;
  const big = results[sizes.length - 1] as Load;
  rows.push(
    `| 10 000-member page vs 10-member page (Gatehouse p50 latency; req/s ratio) | ${big.p50} ms vs ${small.p50} ms | | | | | ${(big.p50 / Math.max(small.p50, 1)).toFixed(2)}× p50; ${(small.rps / big.rps).toFixed(2)}× req/s |`,
  );
}

/** get-session idle and while 4 sign-up loops run, in alternating turns. */
async function duringSignUps(target: Target, cookie: string) {
  const spec = { url: `${target.url}/api/auth/get-session`, headers: { cookie }, duration: TURN };
  const idle: Load[] = [];
  const busy: Load[] = [];
  let signUps = 0;
  for (let round = 0; round < ROUNDS; round++) {
    idle.push(await load(spec));
    const stop = { done: false };
    const loops = signUpLoops(target, 4, stop);
    busy.push(await load(spec));
    stop.done = true;
    signUps += await loops;
  }
  const during = summarize(busy);
  const before = summarize(idle);
  rows.push(
    `| get-session during 4 concurrent sign-ups: ${target.name} | ${Math.round(during.rps)} (${during.p50}/${during.p99} ms) | | | | | ${(during.rps / before.rps).toFixed(2)}× its idle figure (${Math.round(before.rps)}); ${signUps} sign-ups done |`,
  );
  process.stdout.write(`${rows.at(-1)}\n`);
}

const resultsFile = () =>
  new URL(`./RESULTS${SETUP === "sqlite" ? "" : `-${SETUP}`}.md`, import.meta.url).pathname;

/** The memory case's node flags and environment (--memory-node-args, --memory-env). */
function memorySettings(): { nodeArgs: string[]; env: Record<string, string> } {
  const words = (text: string) => text.split(" ").filter(Boolean);
  return {
    nodeArgs: words(args["memory-node-args"]),
    env: Object.fromEntries(
      words(args["memory-env"]).map((pair) => [
        pair.slice(0, pair.indexOf("=")),
        pair.slice(pair.indexOf("=") + 1),
      ]),
    ),
  };
}

/** Gatehouse as `npm start` runs it (scripts/start.mjs), on a server of its own. */
async function startForMemory(dir: string, name: string, nodeArgs: string[], env: Record<string, string>) {
  return startGatehouse(dir, name, env, ["node", ...nodeArgs, "scripts/start.mjs"]);
}

/** Resident memory under minutes of mixed load (bench/memory.ts): the RESULTS.md section. */
async function memoryCase(dir: string, targets: Target[]): Promise<string> {
  const { nodeArgs, env } = memorySettings();
  const target = await startForMemory(dir, "memory", nodeArgs, env);
  targets.push(target);
  return memoryBench({
    target,
    minutes: Number(args["memory-minutes"]),
    signedInUser,
    post,
    seedMembers: (t, organizationId, count, tag) => seedMembers(t.db as Db, organizationId, count, tag),
    load,
    password: PASSWORD,
    nodeArgs: [...Object.entries(env).map(([k, v]) => `${k}=${v}`), ...nodeArgs],
    generator: GENERATOR === "wrk" ? "wrk -t 1" : "autocannon",
  });
}

/**
 * The hot paths' throughput with the memory case's flags and environment (--memory-node-args, --memory-env)
 * against the same build started without them, in alternating turns (--only memflags; printed): get-session
 * over 200 sessions and organization/list of a member of 10 organizations.
 */
async function memoryFlagsCase(dir: string, targets: Target[]) {
  const { nodeArgs, env } = memorySettings();
  const sides: Array<{ target: Target; cookies: string[] }> = [];
  for (const [name, a, e] of [
    ["defaults", [], {}],
    ["flags", nodeArgs, env],
  ] as const) {
    const target = await startForMemory(dir, name, [...a], { ...e });
    targets.push(target);
    const owner = await signedInUser(target, `${name}@gatehouse.test`);
    for (let j = 0; j < 10; j++) {
      await post(
        target,
        "/api/auth/organization/create",
        { name: `Org ${j}`, slug: `org-${name}-${j}` },
        owner,
      );
    }
    sides.push({ target, cookies: [owner, ...(await sessionsOf(target, `${name}@gatehouse.test`, 199))] });
  }
  const cell = (l: Load) => `${l.rps} (${l.p50}/${l.p99} ms${l.cpuUs ? `, ${l.cpuUs} µs CPU` : ""})`;
  for (const path of ["get-session", "organization/list"]) {
    const [base, flagged] = (await compare(
      sides.map((side) => ({ url: `${side.target.url}/api/auth/${path}`, cookies: side.cookies })),
    )) as [Load, Load];
    const failed = base.non2xx + base.errors + flagged.non2xx + flagged.errors;
    process.stdout.write(
      `| ${path} | defaults ${cell(base)} | with the flags ${cell(flagged)} | ${(flagged.rps / base.rps).toFixed(3)}× |${failed ? ` ⚠ ${failed} failed` : ""}\n`,
    );
  }
}

async function main() {
  // Always from the sources as they are: a stale build would measure yesterday's code.
  execSync("npm run build", { stdio: "inherit" });
  const dir = mkdtempSync(join(tmpdir(), "gatehouse-bench-"));
  GENERATOR = loadGenerator();
  SPEC_DIR = dir;
  const targets: Target[] = [];
  try {
    if (ONLY?.includes("scale")) {
      await scaleBench(
        {
          start: (name, env) => startGatehouse(dir, name, env),
          signedInUser,
          post,
          compare,
          signUpLoops,
          setup: DB,
          pgUrl: PG_URL,
          secret: SECRET,
          turn: TURN,
          generator: GENERATOR === "wrk" ? "wrk -t 1" : "autocannon",
        },
        (name) => join(dir, name),
      );
      if (ONLY.length === 1) return;
    }
    if (ONLY?.every((name) => name === "memory" || name === "memflags")) {
      // Memory alone: no other server runs beside it.
      if (want("memflags")) await memoryFlagsCase(dir, targets);
      const memory = want("memory") ? await memoryCase(dir, targets) : "";
      if (memory) replaceSection(resultsFile(), memory);
      return;
    }
    const gatehouse = await startGatehouse(dir);
    targets.push(gatehouse);
    const stock = await startStock(dir);
    targets.push(stock);
    const ceiling = await startCeiling();
    targets.push(ceiling);

    if (want("ok")) {
      const [okG, okS, okC] = await compare([
        { url: `${gatehouse.url}/api/auth/ok` },
        { url: `${stock.url}/api/auth/ok` },
        { url: `${ceiling.url}/ok` },
      ]);
      row("GET /ok", okG, okS, okC);
    }

    const cookieG = await signedInUser(gatehouse, "bench@gatehouse.test");
    const cookieS = await signedInUser(stock, "bench@stock.test");
    const [sessG, sessS, sessC] = await compare([
      { url: `${gatehouse.url}/api/auth/get-session`, headers: { cookie: cookieG } },
      { url: `${stock.url}/api/auth/get-session`, headers: { cookie: cookieS } },
      { url: `${ceiling.url}/ok` },
    ]);
    row("GET /get-session (valid cookie)", sessG, sessS, sessC);
    if (want("session")) {
      const [manyG, manyS, manyC] = await compare([
        {
          url: `${gatehouse.url}/api/auth/get-session`,
          cookies: await sessionsOf(gatehouse, "bench@gatehouse.test", 50),
        },
        {
          url: `${stock.url}/api/auth/get-session`,
          cookies: await sessionsOf(stock, "bench@stock.test", 50),
        },
        { url: `${ceiling.url}/ok` },
      ]);
      row("GET /get-session, 50 sessions in turn", manyG, manyS, manyC);
    }

    if (want("busy")) {
      await duringSignUps(gatehouse, cookieG);
      await duringSignUps(stock, cookieS);
    }

    if (want("introspect") || want("refresh") || want("jwks")) {
      const stockProvider = await startStock(dir, true);
      targets.push(stockProvider);
      const cookieP = await signedInUser(stockProvider, "bench@stock.test");
      const providers: Provider[] = [];
      for (const [target, cookie] of [
        [gatehouse, cookieG],
        [stockProvider, cookieP],
      ] as const) {
        providers.push({ target, cookie, app: await registerApp(target, cookie) });
      }
      if (want("introspect")) await introspectionCase(providers, ceiling);
      if (want("refresh")) await refreshCase(providers, ceiling);
      if (want("jwks")) {
        // Static between rotations: measured against the ceiling as well as stock.
        const specs = await Promise.all(providers.map(({ target }) => jwksSpec(target)));
        const [g, s, c] = await compare([...specs, { url: `${ceiling.url}/ok` }]);
        row("GET JWKS (the discovery's jwks_uri)", g, s, c);
      }
    }

    if (want("signin")) await signInCase(gatehouse, stock);
    if (want("orgs")) await organizationListCase(gatehouse, cookieG, stock, cookieS, ceiling);
    if (want("members")) await memberPagesCase(gatehouse, cookieG, stock, cookieS);
    if (want("page")) {
      const page = await signInPage(gatehouse.url);
      rows.push(
        `| sign-in page: JS + CSS gzip, first contentful paint | ${page.gzipKB} KB, ${page.firstPaintMs} ms | | | | | |`,
      );
    }
    let firstLoad = "";
    if (want("firstload")) {
      // The bench user's members page: an organization of 30 members (the page shows 10).
      const created = await post(
        gatehouse,
        "/api/auth/organization/create",
        { name: "First load", slug: "first-load" },
        cookieG,
      );
      const org = (await created.json()) as { id: string };
      await seedMembers(gatehouse.db as Db, org.id, 29, "first-load");
      firstLoad = await firstLoadBench(gatehouse.url, { cookie: cookieG, slug: "first-load", rows: 10 });
    }
    // Its own server, so the other cases' fixtures do not count in its memory.
    const memory = want("memory") ? await memoryCase(dir, targets) : "";
    if (want("webhooks")) {
      await webhookBench({
        async start(name, env, command) {
          const target = await startGatehouse(dir, name, env, command);
          targets.push(target);
          return target;
        },
        signedInUser,
        post,
        seedMembers: (target, organizationId, count, tag) =>
          seedMembers(target.db as Db, organizationId, count, tag),
        compare: (specs) => compare(specs),
        baseline: args.baseline,
        setup: SETUP,
        duration: DURATION,
      });
    }
    // SCIM sync of 10 000 people (issue 19): its own results file.
    if (want("scim"))
      await scimBench({
        target: gatehouse,
        signedInUser,
        post,
        setup: SETUP,
        users: Number(args["scim-users"]),
      });
    const file = resultsFile();
    if (ONLY) {
      // The first-load section stands on its own: a partial run replaces it and leaves the table alone.
      if (firstLoad) replaceSection(file, firstLoad);
      if (memory) replaceSection(file, memory);
      return;
    }

    const report = [
      `# Benchmark results (${DB}${REDIS_URL ? ", Gatehouse with Redis too" : ""})`,
      "",
      `Node ${process.version}, ${cpus().length} cores (${cpus()[0]?.model ?? "?"}), ${GENERATOR === "wrk" ? "wrk -t 1 -c 50 (sign-in -c 8; refresh chains: autocannon -c 50)" : "autocannon -c 50 in its own process (wrk could not be installed; sign-in -c 8)"}, ${DURATION} s per case in ${ROUNDS} alternating turns per server (mean req/s, median latencies), loopback.`,
      `Run ${new Date().toISOString()} with \`npm run bench${DB === "postgres" ? ` -- --db postgres${REDIS_URL ? " --redis" : ""}` : ""}\`.`,
      "Cells: requests/s (p50/p99 latency, the server's CPU time per request). Every request carries its own X-Forwarded-For so production rate limits",
      "see distinct clients (Gatehouse runs with TRUST_PROXY=1; stock reads the header by default).",
      "",
      "| case | Gatehouse | stock better-auth | node:http ceiling | Gatehouse/stock | Gatehouse/ceiling | note |",
      "|---|---|---|---|---|---|---|",
      ...rows,
      "",
      firstLoad,
      memory,
    ].join("\n");
    writeFileSync(file, report);
    process.stdout.write(`\nwritten ${file}\n`);
  } finally {
    for (const t of targets) {
      await t.server.stop();
      await t.db?.close();
      for (const c of t.cleanup) await c();
    }
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
