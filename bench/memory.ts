// Resident memory of Gatehouse's production build under minutes of mixed load (issue 22, target 5): sign-ins
// the whole time, and in turns get-session over many sessions, organization lists, member pages and full
// organization pages. VmRSS is read from /proc every 10 s; the target is ≤ 250 MB at the end and no growth
// between the run's middle and its end (± 10 %).
import { readFileSync } from "node:fs";

interface Site {
  url: string;
  name: string;
  server: { proc: { pid?: number } };
}

export interface MemoryBenchDeps<T extends Site> {
  target: T;
  minutes: number;
  signedInUser(target: T, email: string): Promise<string>;
  post(target: T, path: string, body: unknown, cookie?: string): Promise<Response>;
  seedMembers(target: T, organizationId: string, count: number, tag: string): Promise<void>;
  /** One autocannon run in its own process (run.ts's `load`), for `duration` seconds. */
  load(spec: Record<string, unknown>): Promise<{ rps: number; non2xx: number; errors: number }>;
  password: string;
  /** Node flags (and environment) the server was started with, named in the results. */
  nodeArgs?: string[];
  /** The load generator (run.ts: wrk -t 1, or autocannon where wrk could not be installed). */
  generator: string;
}

const SAMPLE_SECONDS = 10;
/** How long the server idles after the load before its resident memory is read once more. */
const SETTLE_SECONDS = 30;
const TURN_SECONDS = 10;
const MB = 1024 * 1024;

/** VmRSS of a process, in bytes (Linux /proc). */
export function residentBytes(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const kb = Number(status.match(/^VmRSS:\s+(\d+) kB/m)?.[1]);
  if (!Number.isFinite(kb)) throw new Error(`no VmRSS for process ${pid}`);
  return kb * 1024;
}

const mb = (bytes: number) => Math.round((bytes / MB) * 10) / 10;

let address = 0;
/** Each sign-in from its own address: production limits sign-in per address (3 per 10 s). */
function from(): Record<string, string> {
  address += 1;
  return { "x-forwarded-for": `192.0.${(address >> 8) & 255}.${address & 255}` };
}

/**
 * Runs the mixed load for `minutes` and returns RESULTS.md's section: the samples, the figure at the end and
 * the growth from the middle to the end.
 */
export async function memoryBench<T extends Site>(deps: MemoryBenchDeps<T>): Promise<string> {
  const { target, minutes, post } = deps;
  const pid = target.server.proc.pid;
  if (!pid) throw new Error("the server has no pid");
  // Fixtures: 20 people, each in 10 organizations; one organization of 2 000 members.
  const people: Array<{ email: string; cookie: string }> = [];
  for (let i = 0; i < 20; i++) {
    const email = `memory-${i}@gatehouse.test`;
    people.push({ email, cookie: await deps.signedInUser(target, email) });
  }
  const orgIds: string[] = [];
  for (const [i, person] of people.entries()) {
    for (let j = 0; j < 10; j++) {
      const res = await post(
        target,
        "/api/auth/organization/create",
        { name: `Memory ${i}-${j}`, slug: `memory-${i}-${j}` },
        person.cookie,
      );
      if (res.status !== 200) throw new Error(`org create: ${res.status} ${await res.text()}`);
      orgIds.push(((await res.json()) as { id: string }).id);
    }
  }
  const bigOrg = orgIds[0] as string;
  await deps.seedMembers(target, bigOrg, 1999, "memory");
  const owner = people[0] as { cookie: string };

  // Sessions for get-session: 200, ten per person (the load walks through them).
  const cookies: string[] = people.map((p) => p.cookie);
  for (const person of people) {
    for (let k = 0; k < 9; k++) cookies.push(await signIn(target, person.email, deps.password));
  }

  const samples: Array<{ seconds: number; rss: number }> = [];
  const started = performance.now();
  const sample = () =>
    samples.push({ seconds: Math.round((performance.now() - started) / 1000), rss: residentBytes(pid) });
  sample();
  const sampler = setInterval(sample, SAMPLE_SECONDS * 1000);

  const until = started + minutes * 60_000;
  // Sign-ins the whole time, two at a time; each new session joins the cookies get-session walks through
  // (capped: the list goes to the load process on its command line, at most 128 KB).
  let signIns = 0;
  let failedSignIns = 0;
  const signInLoops = Array.from({ length: 2 }, async (_, loop) => {
    while (performance.now() < until) {
      const person = people[(signIns + loop) % people.length] as { email: string };
      try {
        const cookie = await signIn(target, person.email, deps.password);
        signIns += 1;
        // Appended up to 500, then each replaces the oldest (wrk's list must have no holes).
        if (cookies.length < 500) cookies.push(cookie);
        else cookies[200 + (signIns % 300)] = cookie;
      } catch {
        failedSignIns += 1;
      }
    }
  });
  const turns = [
    () => ({ url: `${target.url}/api/auth/get-session`, cookies: [...cookies] }),
    () => ({ url: `${target.url}/api/auth/organization/list`, cookies: cookies.slice(0, 200) }),
    () => ({
      url: `${target.url}/api/auth/organization/list-members?organizationId=${bigOrg}&limit=50&offset=0`,
      headers: { cookie: owner.cookie },
    }),
    () => ({
      url: `${target.url}/api/auth/organization/list-members?organizationId=${bigOrg}&limit=50&offset=1000&sortBy=name`,
      headers: { cookie: owner.cookie },
    }),
    () => ({
      url: `${target.url}/api/auth/organization/get-full-organization?organizationId=${bigOrg}`,
      headers: { cookie: owner.cookie },
    }),
  ];
  let requests = 0;
  let failures = 0;
  for (let turn = 0; performance.now() < until; turn++) {
    const seconds = Math.max(1, Math.min(TURN_SECONDS, Math.round((until - performance.now()) / 1000)));
    const spec = (turns[turn % turns.length] as () => Record<string, unknown>)();
    const result = await deps.load({ ...spec, duration: seconds });
    requests += Math.round(result.rps * seconds);
    failures += result.non2xx + result.errors;
  }
  await Promise.all(signInLoops);
  clearInterval(sampler);
  sample();
  // What the server keeps once the load is over: where the last sample fell in the collector's cycle decides
  // the figure at the end; half a minute later, idle, V8's memory reducer has had its turn.
  await new Promise((resolve) => setTimeout(resolve, SETTLE_SECONDS * 1000));
  const settled = residentBytes(pid);

  // RSS swings by a hundred MB with the garbage collector's cycles: growth compares the mean of a window
  // ending at the run's middle with that of the window ending at its end (a minute each in a 10-minute run).
  const total = minutes * 60;
  const window = Math.max(SAMPLE_SECONDS, Math.min(60, total / 5));
  const meanOf = (from: number, to: number) => {
    const inside = samples.filter((s) => s.seconds > from && s.seconds <= to).map((s) => s.rss);
    return inside.length ? inside.reduce((a, b) => a + b, 0) / inside.length : Number.NaN;
  };
  const middle = meanOf(total / 2 - window, total / 2);
  const last = meanOf(total - window, total + SAMPLE_SECONDS);
  const end = samples.at(-1) as { seconds: number; rss: number };
  const lastMinute = samples.filter((s) => s.seconds > total - 60 && s !== end).map((s) => s.rss);
  const growth = last / middle;
  const peak = Math.max(...samples.map((s) => s.rss));
  const endMet = end.rss <= 250 * MB;
  const flatMet = growth >= 0.9 && growth <= 1.1;
  const lines = [
    "## Resident memory under mixed load",
    "",
    `Gatehouse's production build as \`npm start\` runs it (\`node scripts/start.mjs\`) for ${minutes} min: two sign-in loops`,
    "throughout, and 10 s turns of get-session",
    "(200–500 sessions in turn), organization/list (20 people in 10 organizations each), list-members pages of a",
    `2 000-member organization (join order and name order) and its get-full-organization, ${deps.generator} -c 50.`,
    `${deps.nodeArgs?.length ? `Server started with \`${deps.nodeArgs.join(" ")}\`. ` : ""}VmRSS every ${SAMPLE_SECONDS} s (/proc/<pid>/status). ${requests} requests (${failures} failed), ${signIns} sign-ins (${failedSignIns} failed).`,
    "",
    `At the end: **${mb(end.rss)} MB** (target ≤ 250 MB: ${endMet ? "met" : "missed"}; mean of the last ${window} s ${mb(last)} MB); mean of the ${window} s before minute ${minutes / 2} → the last ${window} s: **${growth.toFixed(2)}×** (${mb(middle)} → ${mb(last)} MB; target 0.9–1.1×: ${flatMet ? "met" : "missed"}); peak ${mb(peak)} MB. ${lastMinute.length ? `Under load in the last minute: ${mb(Math.min(...lastMinute))}–${mb(Math.max(...lastMinute))} MB. ` : ""}Idle ${SETTLE_SECONDS} s after the load: ${mb(settled)} MB.`,
    "",
    "| minute | VmRSS (MB) |",
    "|---|---|",
    ...samples
      .filter((s, i) => i % 3 === 0 || s === end)
      .map((s) => `| ${(s.seconds / 60).toFixed(1)} | ${mb(s.rss)} |`),
    "",
  ];
  process.stdout.write(`${lines.slice(6, 9).join("\n")}\n`);
  return lines.join("\n");
}

async function signIn(target: Site, email: string, password: string): Promise<string> {
  const res = await fetch(`${target.url}/api/auth/sign-in/email`, {
    method: "POST",
    headers: { origin: target.url, "content-type": "application/json", ...from() },
    body: JSON.stringify({ email, password }),
  });
  const cookie = res.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .find((c) => c?.includes("session_token="));
  if (!cookie) throw new Error(`sign-in: ${res.status}`);
  return cookie;
}
