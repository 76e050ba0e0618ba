// Reads a `node --cpu-prof` profile (`npm run bench -- --cpu-prof DIR`) turn by turn: the bench loads each
// server in turn, so Gatehouse's profile is busy stretches separated by idle ones. For each busy stretch of
// at least a second: CPU time, self time by group (GC, Node's HTTP parser and writer, sockets, the app's
// bundle, npm packages…) and the functions with the most self and total time, in percent of the stretch.
// Usage: node bench/cpu-profile.mjs FILE.cpuprofile [top=15]
import { readFileSync } from "node:fs";

const [file, topArg] = process.argv.slice(2);
const top = Number(topArg ?? 15);
const profile = JSON.parse(readFileSync(file, "utf8"));
const nodes = new Map(profile.nodes.map((n) => [n.id, n]));
const parent = new Map();
for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);

const where = (n) => {
  const { functionName, url, lineNumber } = n.callFrame;
  const short = url.replace(/^.*node_modules\//, "").replace(/^file:\/\/.*\/dist\//, "dist/");
  return `${functionName || "(anonymous)"} ${short}:${lineNumber + 1}`;
};
const group = (n) => {
  const { functionName, url } = n.callFrame;
  if (!url) return functionName.startsWith("(") ? functionName : `native ${functionName}`;
  if (url.includes("dist/server/main.js")) return "app bundle (dist/server/main.js)";
  if (url.includes("node_modules/")) return `npm ${url.replace(/^.*node_modules\//, "").split("/")[0]}`;
  if (/^node:_http|^node:http/.test(url)) return "node:http (parser, headers, writer)";
  if (/^node:(net|stream|internal\/streams|internal\/stream_base)/.test(url)) return "node:net/streams";
  return url.replace(/^(node:[a-z_]+).*$/, "$1");
};

// Busy stretches: samples that are not idle, split where more than 300 ms pass without one.
const { samples, timeDeltas } = profile;
let t = profile.startTime;
const stretches = [];
let current;
for (let i = 0; i < samples.length; i++) {
  t += timeDeltas[i];
  const node = nodes.get(samples[i]);
  if (node.callFrame.functionName === "(idle)") continue;
  if (!current || t - current.end > 300_000) {
    current = { start: t, end: t, samples: [] };
    stretches.push(current);
  }
  current.end = t;
  current.samples.push({ id: samples[i], dt: timeDeltas[i] });
}

const pct = (x, total) => `${((100 * x) / total).toFixed(1)}%`;
for (const s of stretches.filter((x) => x.end - x.start >= 1_000_000)) {
  const self = new Map();
  const groups = new Map();
  const total = new Map();
  let busy = 0;
  for (const { id, dt } of s.samples) {
    busy += dt;
    const node = nodes.get(id);
    self.set(where(node), (self.get(where(node)) ?? 0) + dt);
    groups.set(group(node), (groups.get(group(node)) ?? 0) + dt);
    const seen = new Set();
    for (let n = id; n !== undefined; n = parent.get(n)) {
      const w = where(nodes.get(n));
      if (seen.has(w)) continue;
      seen.add(w);
      total.set(w, (total.get(w) ?? 0) + dt);
    }
  }
  const span = (s.end - s.start) / 1e6;
  console.log(
    `\n## stretch at +${((s.start - profile.startTime) / 1e6).toFixed(1)} s, ${span.toFixed(1)} s long, ` +
      `CPU busy ${(busy / 1e6).toFixed(2)} s (${pct(busy / 1e6, span)})`,
  );
  const list = (title, m) => {
    console.log(`### ${title}`);
    for (const [k, v] of [...m].sort((a, b) => b[1] - a[1]).slice(0, top))
      console.log(`${pct(v, busy)}\t${k}`);
  };
  list("self time by group", groups);
  list("self time by function", self);
  list("total time by function", total);
}
