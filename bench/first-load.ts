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
  headingMs: number;
}

async function loadOnce(browser: Browser, url: string, compressed: boolean): Promise<Load> {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send("Network.enable");
    await cdp.send("Network.emulateNetworkConditions", FAST_3G);
    // The same build, served uncompressed: the browser asks for no encoding.
    if (!compressed)
      await cdp.send("Network.setExtraHTTPHeaders", { headers: { "Accept-Encoding": "identity" } });
    const types = new Map<string, string>();
    const load = { totalBytes: 0, codeBytes: 0, requests: 0 };
    cdp.on("Network.responseReceived", (e) => types.set(e.requestId, e.type));
    cdp.on("Network.loadingFinished", (e) => {
      load.totalBytes += e.encodedDataLength;
      load.requests += 1;
      const type = types.get(e.requestId);
      if (type === "Script" || type === "Stylesheet") load.codeBytes += e.encodedDataLength;
    });
    await page.goto(`${url}/sign-in`, { waitUntil: "commit" });
    // Timed inside the page, from navigation start, on every frame: the probe's round trips do not count.
    const heading = await page.waitForFunction(
      () => {
        const h1 = document.querySelector("h1");
        return h1?.textContent && h1.checkVisibility() ? performance.now() : 0;
      },
      undefined,
      { polling: "raf", timeout: 60_000 },
    );
    const headingMs = await heading.jsonValue();
    await page.waitForLoadState("networkidle");
    const firstPaintMs = await page.evaluate(
      () => performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? Number.NaN,
    );
    return { ...load, firstPaintMs: Math.round(firstPaintMs), headingMs: Math.round(headingMs) };
  } finally {
    await context.close();
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
const kb = (bytes: number) => (bytes / 1024).toFixed(1);

/** Measures and returns the RESULTS.md section. */
export async function firstLoadBench(url: string): Promise<string> {
  const browser = await launchChromium();
  const lines = [
    "## First load of the sign-in page on emulated Fast 3G",
    "",
    "Chromium, a fresh context per load (empty cache), CDP network emulation of DevTools' Fast 3G (562.5 ms latency,",
    `162 KB/s down, 76 KB/s up); medians of ${LOADS} loads. Bytes as transferred (headers included); first contentful paint and the`,
    "moment the sign-in heading is visible, from navigation start. The first paint is index.html's loading shell.",
    "",
    "| served | bytes over the wire (JS + CSS) | requests | first contentful paint | sign-in heading visible |",
    "|---|---|---|---|---|",
  ];
  try {
    for (const compressed of [true, false]) {
      const loads: Load[] = [];
      for (let i = 0; i < LOADS; i += 1) loads.push(await loadOnce(browser, url, compressed));
      const m = (pick: (l: Load) => number) => median(loads.map(pick));
      lines.push(
        `| ${compressed ? "as built (brotli)" : "uncompressed (no Accept-Encoding)"} | ${kb(m((l) => l.totalBytes))} KB (${kb(m((l) => l.codeBytes))} KB) | ${m((l) => l.requests)} | ${m((l) => l.firstPaintMs)} ms | ${m((l) => l.headingMs)} ms |`,
      );
      process.stdout.write(`${lines.at(-1)}\n`);
    }
  } finally {
    await browser.close();
  }
  return `${lines.join("\n")}\n`;
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
