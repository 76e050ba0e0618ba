// The first visit to the sign-in page on an emulated Fast 3G (issue 20, item 5): bytes over the wire and time
// to first text in Chromium, as served (compressed) and with compression refused. Few loads: each takes seconds.
import { readFileSync, writeFileSync } from "node:fs";
import type { Browser } from "playwright-core";
import { launchChromium } from "../e2e/support/browser.ts";

/** Chrome DevTools' "Fast 3G" preset: 562.5 ms latency, 1.44 Mbit/s·0.9 down (162 KB/s), 675 kbit/s·0.9 up. */
const FAST_3G = {
  offline: false,
  latency: 562.5,
  downloadThroughput: (1_440_000 * 0.9) / 8,
  uploadThroughput: (675_000 * 0.9) / 8,
};
const LOADS = 3;

interface Load {
  /** Everything the page fetched, headers included, as transferred (Network.loadingFinished). */
  totalBytes: number;
  /** Of which scripts and stylesheets. */
  codeBytes: number;
  requests: number;
  firstPaintMs: number;
  /** First contentful paint, if what it painted holds text (PerformanceObserver of the paint and elements). */
  firstTextMs: number;
  headingMs: number;
  waterfall: Fetched[];
}

/** One request of a load: when it was sent and finished (ms from navigation start), what it weighed. */
interface Fetched {
  url: string;
  type: string;
  startMs: number;
  /** The answer's headers in (its first byte): until then it waited for a connection and the latency. */
  firstByteMs: number;
  endMs: number;
  bytes: number;
}

/**
 * What a load waits for: a condition evaluated in the page on every frame, returning performance.now() once
 * met (0 until then). The sign-in page: its heading is visible.
 */
const SIGN_IN_READY = (_: number) => {
  const h1 = document.querySelector("h1");
  return h1?.textContent && h1.checkVisibility() ? performance.now() : 0;
};

/**
 * The signed-in members page is "usable" when the member table's rows are on screen — as many as the page
 * holds, no skeleton left — and every button and link of the page can be used: none disabled, none busy
 * (a loading button is disabled in Mantine); the pager's own boundary buttons aside.
 */
const MEMBERS_READY = (rowsExpected: number) => {
  const rows = [...document.querySelectorAll('[data-testid^="member-row-"]')];
  if (rows.length < rowsExpected || !rows.every((r) => r.checkVisibility())) return 0;
  if (document.querySelector(".mantine-Skeleton-root, [aria-busy='true'], .gh-shell")) return 0;
  // The pager's "previous" on the first page is disabled by design, not waiting for anything.
  const controls = [...document.querySelectorAll("main button, main a[href], main input")].filter(
    (c) => !c.closest(".mantine-Pagination-root"),
  );
  const blocked = controls.some(
    (c) =>
      (c as HTMLButtonElement).disabled ||
      c.hasAttribute("data-disabled") ||
      c.hasAttribute("data-loading") ||
      c.getAttribute("aria-disabled") === "true",
  );
  return blocked || controls.length === 0 ? 0 : performance.now();
};

interface Visit {
  path: string;
  compressed: boolean;
  /** A session cookie ("name=value") the browser holds before the visit. */
  cookie?: string;
  ready: { fn: (arg: number) => number; arg: number };
}

async function loadOnce(browser: Browser, url: string, visit: Visit): Promise<Load> {
  const { compressed } = visit;
  const context = await browser.newContext();
  try {
    if (visit.cookie) {
      const eq = visit.cookie.indexOf("=");
      await context.addCookies([
        { name: visit.cookie.slice(0, eq), value: visit.cookie.slice(eq + 1), url, httpOnly: true },
      ]);
    }
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send("Network.enable");
    await cdp.send("Network.emulateNetworkConditions", FAST_3G);
    // The same build, served uncompressed: the browser asks for no encoding.
    if (!compressed)
      await cdp.send("Network.setExtraHTTPHeaders", { headers: { "Accept-Encoding": "identity" } });
    const types = new Map<string, string>();
    const answered = new Map<string, number>();
    const sent = new Map<string, { url: string; at: number }>();
    const load = { totalBytes: 0, codeBytes: 0, requests: 0 };
    const waterfall: Fetched[] = [];
    let navigationAt: number | undefined;
    cdp.on("Network.requestWillBeSent", (e) => {
      navigationAt ??= e.timestamp;
      sent.set(e.requestId, { url: e.request.url, at: e.timestamp });
    });
    cdp.on("Network.responseReceived", (e) => {
      types.set(e.requestId, e.type);
      answered.set(e.requestId, e.timestamp);
    });
    cdp.on("Network.loadingFinished", (e) => {
      load.totalBytes += e.encodedDataLength;
      load.requests += 1;
      const type = types.get(e.requestId) ?? "?";
      if (type === "Script" || type === "Stylesheet") load.codeBytes += e.encodedDataLength;
      const request = sent.get(e.requestId);
      if (request && navigationAt !== undefined) {
        waterfall.push({
          url: request.url.replace(url, ""),
          type,
          startMs: Math.round((request.at - navigationAt) * 1000),
          firstByteMs: Math.round(((answered.get(e.requestId) ?? e.timestamp) - navigationAt) * 1000),
          endMs: Math.round((e.timestamp - navigationAt) * 1000),
          bytes: e.encodedDataLength,
        });
      }
    });
    // The first paint that shows text: the paint entry's time, if a text node was on screen by then (the
    // loading shell's words count; an empty frame would not).
    await page.addInitScript(() => {
      const w = window as unknown as { __firstText?: number };
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) {
          if (entry.name !== "first-contentful-paint" || w.__firstText !== undefined) continue;
          // biome-ignore lint/performance/useDomNodeTextContent: the rendered text (hidden words do not count)
          const text = document.body?.innerText.trim();
          if (text) w.__firstText = entry.startTime;
        }
      }).observe({ type: "paint", buffered: true });
    });
    await page.goto(`${url}${visit.path}`, { waitUntil: "commit" });
    // Timed inside the page, from navigation start, on every frame: the probe's round trips do not count.
    const ready = await page.waitForFunction(visit.ready.fn, visit.ready.arg, {
      polling: "raf",
      timeout: 60_000,
    });
    const headingMs = await ready.jsonValue();
    await page.waitForLoadState("networkidle");
    const [firstPaintMs, firstTextMs] = await page.evaluate(() => [
      performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? Number.NaN,
      (window as unknown as { __firstText?: number }).__firstText ?? Number.NaN,
    ]);
    waterfall.sort((a, b) => a.startMs - b.startMs);
    return {
      ...load,
      firstPaintMs: Math.round(firstPaintMs),
      firstTextMs: Math.round(firstTextMs),
      headingMs: Math.round(headingMs),
      waterfall,
    };
  } finally {
    await context.close();
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
const kb = (bytes: number) => (bytes / 1024).toFixed(1);

/** A signed-in member's visit to an organization's members page. */
export interface MembersVisit {
  cookie: string;
  slug: string;
  /** Rows the first page shows (the page size, or fewer members). */
  rows: number;
}

const FIRST_TEXT_TARGET_MS = 2000;
const USABLE_TARGET_MS = 3500;

function waterfallLines(load: Load): string[] {
  return [
    "| request | type | sent | first byte | finished | bytes |",
    "|---|---|---|---|---|---|",
    ...load.waterfall.map(
      (f) =>
        `| \`${f.url.length > 70 ? `${f.url.slice(0, 67)}…` : f.url}\` | ${f.type} | ${f.startMs} ms | ${f.firstByteMs} ms | ${f.endMs} ms | ${kb(f.bytes)} KB |`,
    ),
  ];
}

/** Measures and returns the RESULTS.md section. */
export async function firstLoadBench(url: string, members?: MembersVisit): Promise<string> {
  const browser = await launchChromium();
  const lines = [
    "## First load of the sign-in page on emulated Fast 3G",
    "",
    "Chromium, a fresh context per load (empty cache), CDP network emulation of DevTools' Fast 3G (562.5 ms latency,",
    `162 KB/s down, 76 KB/s up); medians of ${LOADS} loads. Bytes as transferred (headers included); first contentful paint, the`,
    "first paint showing text (issue 22: ≤ 2.0 s) and the moment the sign-in heading is visible, from navigation start.",
    "The first paint is index.html's loading shell.",
    "",
    "| served | bytes over the wire (JS + CSS) | requests | first contentful paint | first text | sign-in heading visible |",
    "|---|---|---|---|---|---|",
  ];
  let membersLines: string[] = [];
  let signInWaterfall: string[] = [];
  try {
    for (const compressed of [true, false]) {
      const loads: Load[] = [];
      for (let i = 0; i < LOADS; i += 1) {
        loads.push(
          await loadOnce(browser, url, {
            path: "/sign-in",
            compressed,
            ready: { fn: SIGN_IN_READY, arg: 0 },
          }),
        );
      }
      const m = (pick: (l: Load) => number) => median(loads.map(pick));
      lines.push(
        `| ${compressed ? "as built (brotli)" : "uncompressed (no Accept-Encoding)"} | ${kb(m((l) => l.totalBytes))} KB (${kb(m((l) => l.codeBytes))} KB) | ${m((l) => l.requests)} | ${m((l) => l.firstPaintMs)} ms | ${m((l) => l.firstTextMs)} ms${compressed ? (m((l) => l.firstTextMs) <= FIRST_TEXT_TARGET_MS ? " (met)" : " (missed)") : ""} | ${m((l) => l.headingMs)} ms |`,
      );
      process.stdout.write(`${lines.at(-1)}\n`);
      if (compressed) {
        const typical = loads.find((l) => l.totalBytes === m((x) => x.totalBytes)) ?? (loads[0] as Load);
        signInWaterfall = waterfallLines(typical);
      }
    }
    lines.push(
      "",
      "The median (as built) sign-in load's requests (times from navigation start):",
      "",
      ...signInWaterfall,
    );
    process.stdout.write(`${signInWaterfall.join("\n")}\n`);
    if (members) {
      const loads: Load[] = [];
      for (let i = 0; i < LOADS; i += 1) {
        loads.push(
          await loadOnce(browser, url, {
            path: `/org/${members.slug}/members`,
            compressed: true,
            cookie: members.cookie,
            ready: { fn: MEMBERS_READY, arg: members.rows },
          }),
        );
      }
      const usable = median(loads.map((l) => l.headingMs));
      const typical = loads.find((l) => l.headingMs === usable) as Load;
      membersLines = [
        "",
        "### The signed-in members page",
        "",
        `\`/org/<slug>/members\` of an organization of ${members.rows}+ members, visited with a session cookie and an empty cache`,
        "(as built). **Usable**: the member table's rows of the first page visible, no skeleton left and no button, link",
        `or field of the page disabled or busy, from navigation start. Target ≤ ${USABLE_TARGET_MS / 1000} s.`,
        "",
        "| bytes over the wire (JS + CSS) | requests | first text | usable |",
        "|---|---|---|---|",
        `| ${kb(median(loads.map((l) => l.totalBytes)))} KB (${kb(median(loads.map((l) => l.codeBytes)))} KB) | ${median(loads.map((l) => l.requests))} | ${median(loads.map((l) => l.firstTextMs))} ms | ${usable} ms (${usable <= USABLE_TARGET_MS ? "met" : "missed"}; loads: ${loads.map((l) => l.headingMs).join(", ")} ms) |`,
        "",
        "The median load's requests (times from navigation start):",
        "",
        ...waterfallLines(typical),
      ];
      process.stdout.write(`${membersLines.join("\n")}\n`);
    }
  } finally {
    await browser.close();
  }
  return `${[...lines, ...membersLines].join("\n")}\n`;
}

/** Puts the section into a results file in place of its previous run (a partial run leaves the rest alone). */
export function replaceSection(file: string, section: string): void {
  let text = "";
  try {
    text = readFileSync(file, "utf8");
  } catch {
    // No results yet: the section alone.
  }
  const title = section.slice(0, section.indexOf("\n"));
  const start = text.indexOf(title);
  const end = start < 0 ? -1 : text.indexOf("\n## ", start + title.length);
  const before = start < 0 ? text : text.slice(0, start);
  const after = end < 0 ? "" : text.slice(end + 1);
  writeFileSync(file, `${before.trimEnd()}\n\n${section}${after ? `\n${after}` : ""}`);
}
