// The audit log and webhooks on the write path (issue 17): a member role change and get-session on Gatehouse with
// one webhook endpoint subscribed to every event, on the same build without the delivery worker
// (WEBHOOK_DELIVERY=0: the audit log alone), on the same build without the audit plugin (neither: the target's
// comparison), and on the build from before issue 17, in alternating turns. Writes bench/RESULTS-webhooks[-setup].md.
import { execSync } from "node:child_process";
import { cpSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import { bundleServer } from "../test/support/server-bundle.ts";
import type { Load } from "./load-result.ts";

const ROOT = new URL("..", import.meta.url).pathname;
const MEMBERS = 50;

interface Server {
  name: string;
  url: string;
}

export interface WebhookBenchDeps<T extends Server> {
  /** A Gatehouse server: the production build, or `command` (another build), with extra environment. */
  start(name: string, env: Record<string, string>, command?: string[]): Promise<T>;
  signedInUser(target: T, email: string): Promise<string>;
  post(target: T, path: string, body: unknown, cookie?: string): Promise<Response>;
  seedMembers(target: T, organizationId: string, count: number, tag: string): Promise<void>;
  compare(specs: Array<Record<string, unknown>>): Promise<Load[]>;
  /** The git revision of the build without the audit log and webhooks. */
  baseline: string;
  setup: string;
  duration: number;
}

/** The server as it was at `ref`, bundled like scripts/build-server.mjs (its packages: this checkout's). */
async function bundleAt(ref: string): Promise<{ command: string[]; remove(): void }> {
  const dir = join(ROOT, "node_modules", ".cache", `gatehouse-baseline-${ref}-${process.pid}`);
  mkdirSync(dir, { recursive: true });
  execSync(`git archive ${ref} src package.json | tar -x -C ${dir}`, { cwd: ROOT });
  const outfile = join(dir, "main.mjs");
  await bundleServer(dir, outfile);
  return { command: ["node", outfile], remove: () => rmSync(dir, { recursive: true, force: true }) };
}

/** Where boot/auth-features.ts puts the audit plugin into better-auth's plugins. */
const AUDIT_PLUGIN_LINE = "      audit.plugin,\n";

/**
 * This checkout's server without the audit log: the same source, bundled with the audit plugin (its hooks and
 * database hooks: nothing is recorded, so no webhook has anything to deliver) replaced by an empty plugin of
 * the same id. "The same without them" of issue 17's target, where the build before #17 also lacks every
 * later feature on the path.
 */
async function bundleWithoutAudit(): Promise<{ command: string[]; remove(): void }> {
  const dir = join(ROOT, "node_modules", ".cache", `gatehouse-no-audit-${process.pid}`);
  mkdirSync(dir, { recursive: true });
  cpSync(join(ROOT, "src"), join(dir, "src"), { recursive: true });
  cpSync(join(ROOT, "package.json"), join(dir, "package.json"));
  const features = join(dir, "src", "server", "boot", "auth-features.ts");
  const source = readFileSync(features, "utf8");
  if (source.split(AUDIT_PLUGIN_LINE).length !== 2)
    throw new Error(`${features}: the audit plugin's line moved`);
  writeFileSync(features, source.replace(AUDIT_PLUGIN_LINE, '      { id: "gatehouse-audit" },\n'));
  const outfile = join(dir, "main.mjs");
  await bundleServer(dir, outfile);
  return { command: ["node", outfile], remove: () => rmSync(dir, { recursive: true, force: true }) };
}

/** The receiving end: a node:http server answering 200 at once, counting what it got. */
async function receiver() {
  const ids = new Set<string>();
  let requests = 0;
  const server = createServer((req, res) => {
    requests += 1;
    ids.add(String(req.headers["webhook-id"]));
    req.resume();
    req.on("end", () => res.end("ok"));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`,
    ids,
    requests: () => requests,
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

const fmt = (l: Load) => `${l.rps} (${l.p50}/${l.p99} ms)${l.non2xx ? ` ⚠ ${l.non2xx} non-2xx` : ""}`;

export async function webhookBench<T extends Server>(deps: WebhookBenchDeps<T>): Promise<string[]> {
  const hooks = await receiver();
  const before = await bundleAt(deps.baseline);
  const without = await bundleWithoutAudit();
  // Plain http to a loopback receiver, as a test would; production otherwise.
  const env = { WEBHOOK_ALLOW_HTTP: "1", WEBHOOK_ALLOW_PRIVATE: "1" };
  try {
    const servers = [
      await deps.start("webhook", env),
      await deps.start("no-delivery", { ...env, WEBHOOK_DELIVERY: "0" }),
      await deps.start("no-audit", env, without.command),
      await deps.start("before-17", env, before.command),
    ];
    const roleSpecs: Array<Record<string, unknown>> = [];
    const sessionSpecs: Array<Record<string, unknown>> = [];
    for (const server of servers) {
      const email = `bench-${server.name}@gatehouse.test`;
      const cookie = await deps.signedInUser(server, email);
      const org = (await (
        await deps.post(
          server,
          "/api/auth/organization/create",
          { name: "Hooks", slug: `hooks-${server.name}` },
          cookie,
        )
      ).json()) as { id: string };
      await deps.seedMembers(server, org.id, MEMBERS, `${server.name}-role`);
      if (server.name === "webhook") {
        const res = await deps.post(
          server,
          "/api/webhooks",
          { url: hooks.url, events: ["*"], organizationId: org.id },
          cookie,
        );
        if (res.status !== 201) throw new Error(`webhook endpoint: ${res.status} ${await res.text()}`);
      }
      // Each member's role goes to admin, then back to member, in turn.
      const bodies = ["admin", "member"].flatMap((role) =>
        Array.from({ length: MEMBERS }, (_, i) =>
          JSON.stringify({ memberId: `${server.name}-role-m${i}`, role, organizationId: org.id }),
        ),
      );
      roleSpecs.push({
        url: `${server.url}/api/auth/organization/update-member-role`,
        method: "POST",
        headers: { cookie, origin: server.url, "content-type": "application/json" },
        bodies,
      });
      sessionSpecs.push({ url: `${server.url}/api/auth/get-session`, headers: { cookie } });
    }
    const roles = await deps.compare(roleSpecs);
    const receivedAfterLoad = hooks.ids.size;
    const drainStart = performance.now();
    // The worker keeps sending after the load: how long until the receiver has had everything.
    let drained = 0;
    for (let still = 0; still < 20; ) {
      await new Promise((r) => setTimeout(r, 250));
      if (hooks.ids.size === drained) still += 1;
      else still = 0;
      drained = hooks.ids.size;
    }
    const drainMs = Math.max(0, Math.round(performance.now() - drainStart - 5000));
    const sessions = await deps.compare(sessionSpecs);
    const [hooked, plain, bare, old] = roles as [Load, Load, Load, Load];
    const [sHooked, sPlain, sBare, sOld] = sessions as [Load, Load, Load, Load];
    const ratio = (a: Load, b: Load) => `${(a.rps / b.rps).toFixed(2)}×`;
    const rows = [
      `| POST /organization/update-member-role | ${fmt(hooked)} | ${fmt(plain)} | ${fmt(bare)} | ${fmt(old)} | ${ratio(hooked, bare)} | ${ratio(plain, bare)} | ${ratio(hooked, old)} | ${drained} events delivered (${receivedAfterLoad} by the end of the load, the rest within ${(drainMs / 1000).toFixed(1)} s); ${hooks.requests()} requests |`,
      `| GET /get-session (valid cookie) | ${fmt(sHooked)} | ${fmt(sPlain)} | ${fmt(sBare)} | ${fmt(sOld)} | ${ratio(sHooked, sBare)} | ${ratio(sPlain, sBare)} | ${ratio(sHooked, sOld)} | |`,
    ];
    const report = [
      `# Audit log and webhooks on the write path (${deps.setup})`,
      "",
      `Run ${new Date().toISOString()} with \`npm run bench -- --only webhooks${deps.setup === "sqlite" ? "" : " --db postgres"}\`; autocannon -c 50, ${deps.duration} s per case in 3 alternating turns per server (mean req/s, median latencies), loopback, production builds.`,
      `- **with a webhook**: this build, one endpoint of the organization subscribed to \`*\` (a loopback receiver answering 200); every role change is an audit event, an outbox row, a delivery and a signed POST.`,
      "- **audit log only**: this build with `WEBHOOK_DELIVERY=0` (every role change is still an audit event and an outbox row; no worker runs).",
      "- **without them**: this build with the audit plugin taken out when it is bundled (nothing recorded, so nothing to deliver): the same server without auditing and webhooks.",
      `- **before #17**: the server at \`${deps.baseline}\` (no audit log, no webhooks, and none of the features that came after), with the same packages; for the record.`,
      `Each request changes one of ${MEMBERS} seeded members' role, to admin then back. Target (issue 17): the write path with auditing and a webhook ≥ 0.8× the same without them; get-session unaffected.`,
      "",
      "| case | with a webhook | audit log only | without them | before #17 | webhook/without | audit only/without | webhook/before #17 | note |",
      "|---|---|---|---|---|---|---|---|---|",
      ...rows,
      "",
    ].join("\n");
    const file = join(ROOT, "bench", `RESULTS-webhooks${deps.setup === "sqlite" ? "" : `-${deps.setup}`}.md`);
    writeFileSync(file, report);
    process.stdout.write(`${rows.join("\n")}\nwritten ${file}\n`);
    return rows;
  } finally {
    await hooks.close();
    before.remove();
    without.remove();
  }
}
