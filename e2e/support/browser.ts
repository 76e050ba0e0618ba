import { mkdirSync } from "node:fs";
import axe from "axe-core";
import { type Browser, chromium, type Frame, type Locator, type Page } from "playwright-core";
import { expect } from "vitest";

export const CHROMIUM = "/usr/lib/chromium/chromium";
const FLAGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

/** The last Playwright calls of this worker, with when each started and ended, for a failed journey's report. */
const recentCalls: string[] = [];
const RECENT_CALLS = 40;

/** The browsers this worker has running, whose open pages a failed test's report describes. */
const running = new Set<Browser>();

export async function launchChromium(): Promise<Browser> {
  const started = Date.now();
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: FLAGS,
    headless: true,
    logger: {
      isEnabled: (name) => name === "api",
      log: (_name, _severity, message) => {
        recentCalls.push(`${((Date.now() - started) / 1000).toFixed(1)} s ${message}`);
        if (recentCalls.length > RECENT_CALLS) recentCalls.shift();
      },
    },
  });
  running.add(browser);
  browser.on("disconnected", () => running.delete(browser));
  return browser;
}

/** How much of a page's text a failed test's report shows. */
const PAGE_TEXT = 600;

/**
 * Every page still open in this worker's browsers: its address and the start of the text it shows (2 s at
 * most each), for a failed test's report: what the screen said when a step waited in vain.
 */
export async function describeOpenPages(): Promise<string[]> {
  const pages = [...running].flatMap((browser) => browser.contexts().flatMap((context) => context.pages()));
  return Promise.all(
    pages.map(async (page) => {
      const text = await page
        .locator("body")
        // biome-ignore lint/performance/useDomNodeTextContent: the text as shown (hidden parts left out) is what is wanted
        .innerText({ timeout: 2000 })
        .catch((error: Error) => `(${error.message.split("\n")[0]})`);
      return `${page.url()}: ${text.replace(/\s+/g, " ").slice(0, PAGE_TEXT)}`;
    }),
  );
}

/**
 * The Playwright calls a failed test made last (a call that started and never ended is the step that hung: a
 * test that times out says only that it did), and forgets them. Kept on every run; read only when a test failed.
 */
export function takeRecentCalls(): string[] {
  return recentCalls.splice(0);
}

export const SCREENSHOT_DIR = new URL("../../docs/screenshots/", import.meta.url).pathname;

/**
 * Whether journeys save screenshots: yes, unless SCREENSHOTS=0 (CI sets it: its clone is thrown away, and
 * encoding a few hundred full-page PNGs is a minute of the two cores). Every check runs either way.
 */
export const SAVE_SCREENSHOTS = process.env.SCREENSHOTS !== "0";

/**
 * Errors the page itself reports (uncaught exceptions and rejections, console.error), which a journey must
 * not cause. A refused or aborted request is logged by Chromium itself ("Failed to load resource:
 * net::ERR_INTERNET_DISCONNECTED"): that is the browser, not the page, so it does not count.
 */
export function pageErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(error.message));
  page.on("console", (message) => {
    if (message.type() === "error" && !message.text().startsWith("Failed to load resource")) {
      errors.push(message.text());
    }
  });
  return errors;
}

/**
 * Saves the page in light and dark (the app follows the system scheme) as docs/screenshots/<name>-<scheme>.png:
 * the whole page, or only the viewport while a modal dialog is open (the page behind it does not scroll,
 * and the dialog's overlay covers only the viewport: below it, a full-page shot would show the page bare).
 */
export async function screenshotBoth(page: Page, name: string): Promise<void> {
  if (!SAVE_SCREENSHOTS) return;
  const fullPage = (await page.locator('[role="dialog"][aria-modal="true"]:visible').count()) === 0;
  for (const colorScheme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme });
    await page.waitForTimeout(150);
    await saveScreenshot(page, `${name}-${colorScheme}`, { fullPage });
  }
  await page.emulateMedia({ colorScheme: "light" });
}

/**
 * Saves one shot as docs/screenshots/<name>.png, unless SCREENSHOTS=0: the page's viewport (or the whole page
 * with `fullPage`), or one element, once no transition runs.
 */
export async function saveScreenshot(
  target: Page | Locator,
  name: string,
  { fullPage = false }: { fullPage?: boolean } = {},
): Promise<void> {
  if (!SAVE_SCREENSHOTS) return;
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const path = `${SCREENSHOT_DIR}${name}.png`;
  // A shot shows the screen at rest, not a notification or a dialog halfway in.
  await transitionsSettled("goto" in target ? target : target.page());
  if ("goto" in target) await target.screenshot({ path, fullPage });
  else await target.screenshot({ path });
}

/** The two widths every screen is checked and shot at. */
export const DESKTOP = { width: 1280, height: 860 };
export const PHONE = { width: 390, height: 844 };

/**
 * A production build's message id ("~1ab", scripts/catalogue-plugin.ts) shown where its words belong: words
 * that never arrived. No catalogue message contains "~".
 */
const WORD_SHOWN_AS_ID = /~[0-9a-z]+/;

/** Fails when the page shows a message id instead of its words. */
export async function expectEveryWord(page: Page, screen: string): Promise<void> {
  // biome-ignore lint/performance/useDomNodeTextContent: what the page shows, not the text of its style elements
  const shown = (await page.locator("body").innerText()).match(WORD_SHOWN_AS_ID)?.[0];
  expect(shown, `${screen}: a message shown as its id`).toBeUndefined();
}

/**
 * Checks a screen with axe and for words shown as their ids, and saves it light and dark, at 1280 and at 390
 * px, as docs/screenshots/<prefix>-<screen>-<width>-<scheme>.png; the page is left at its size. Open
 * notifications are closed first: shots and axe look at the screen behind them.
 */
export async function captureScreen(page: Page, prefix: string, screen: string): Promise<void> {
  // Closed rather than waited for (each would stay 4 s): a person closes them the same way.
  for (const close of await page.locator(".mantine-Notification-closeButton").all()) {
    await close.click().catch(() => undefined);
  }
  await expect.poll(() => page.locator(".mantine-Notification-root").count(), { timeout: 10_000 }).toBe(0);
  await expectEveryWord(page, screen);
  await expectAccessible(page, screen, { schemes: ["light", "dark"] });
  await page.evaluate(() => window.scrollTo(0, 0));
  const size = page.viewportSize() ?? DESKTOP;
  await screenshotBoth(page, `${prefix}-${screen}-1280`);
  await page.setViewportSize(PHONE);
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.waitForTimeout(250);
  await screenshotBoth(page, `${prefix}-${screen}-390`);
  await expectEveryWord(page, `${screen} at 390 px`);
  await expectAccessible(page, `${screen} at 390 px`, { schemes: ["light", "dark"] });
  await page.setViewportSize(size);
  await page.waitForTimeout(150);
}

/** Whether this element has the keyboard focus. */
export function hasFocus(target: Locator): Promise<boolean> {
  return target.evaluate((element) => element === document.activeElement);
}

/**
 * Moves the focus with Tab alone (Shift+Tab with `backwards`) until `target` has it, as a person on the
 * keyboard would; fails when `max` presses do not reach it (the target is off the Tab path).
 */
export async function tabTo(
  page: Page,
  target: Locator,
  { backwards = false, max = 60 }: { backwards?: boolean; max?: number } = {},
): Promise<void> {
  for (let presses = 0; presses < max; presses += 1) {
    if (await hasFocus(target)) return;
    await page.keyboard.press(backwards ? "Shift+Tab" : "Tab");
  }
  expect(
    await hasFocus(target),
    `${target} not reached in ${max} presses of ${backwards ? "Shift+Tab" : "Tab"}`,
  ).toBe(true);
}

/** The axe rules whose outcome depends on the colour scheme. */
const COLOUR_RULES = ["color-contrast", "link-in-text-block"];

type AxeWindow = { axe: typeof axe };

/**
 * axe-core's partial results for a frame and, depth first, for the frames inside it (the order `finishRun`
 * expects; a frame that cannot be reached counts as null). axe is injected into each document once: a
 * client-side navigation keeps it, so a run costs only its rules.
 */
async function partialResults(
  frame: Frame,
  /** Plain JSON as it crosses into the page: selectors, or what `getFrameContexts` gave. */
  context: unknown,
  options: axe.RunOptions,
): Promise<unknown[]> {
  const present = await frame.evaluate("typeof window.axe?.runPartial === 'function'");
  if (!present) await frame.evaluate(axe.source);
  const frameContexts = await frame.evaluate(
    (context) =>
      (window as unknown as AxeWindow).axe.utils
        .getFrameContexts((context ?? document) as axe.ElementContext)
        .map(({ frameSelector, frameContext }) => ({ frameSelector, frameContext: frameContext as unknown })),
    context,
  );
  const own = await frame.evaluate(
    ({ context, options }) =>
      (window as unknown as AxeWindow).axe.runPartial((context ?? document) as axe.ElementContext, options),
    { context, options },
  );
  const results: unknown[] = [own];
  for (const { frameSelector, frameContext } of frameContexts) {
    const element = await frame
      .evaluateHandle(
        (selector) => (window as unknown as AxeWindow).axe.utils.shadowSelect(selector),
        frameSelector,
      )
      .then((handle) => handle.asElement());
    // A frame sandboxed with scripts off never answers an evaluation: it counts as not reached.
    const scripted = await element?.evaluate((el) => {
      const sandbox = (el as HTMLIFrameElement).sandbox;
      return !el.hasAttribute("sandbox") || sandbox.contains("allow-scripts");
    });
    const child = scripted ? await element?.contentFrame() : null;
    results.push(...(child ? await partialResults(child, frameContext, options) : [null]));
  }
  return results;
}

/**
 * Serious or critical accessibility violations on the current page and its frames (axe-core: `runPartial` in each
 * frame, `finishRun` in the page). `@axe-core/playwright` did the same but injected axe's ~600 KB into every frame
 * on every run and finished each run in a new blank page: on organization-details.spec.ts alone, 61 s of CPU
 * against 32 s now and 26 s with no check at all (decision 46).
 */
export async function seriousA11yViolations(
  page: Page,
  disabledRules: string[] = [],
  /** Only these rules, over only these parts of the page (CSS selectors). */
  only?: { rules: string[]; include: string[] },
): Promise<string[]> {
  const options: axe.RunOptions = {
    // Passes and inapplicable rules are not read: axe then keeps no node details for them.
    resultTypes: ["violations"],
    rules: Object.fromEntries(disabledRules.map((id) => [id, { enabled: false }])),
    ...(only ? { runOnly: { type: "rule", values: only.rules } } : {}),
  };
  const context = only ? { include: only.include.map((selector) => [selector]) } : undefined;
  const partials = await partialResults(page.mainFrame(), context, options);
  const violations = await page.evaluate(
    async ({ partials, options }) => {
      const results = await (window as unknown as AxeWindow).axe.finishRun(
        partials as axe.PartialResults,
        options,
      );
      return results.violations.map((v) => ({
        id: v.id,
        help: v.help,
        impact: v.impact,
        targets: v.nodes.map((n) => n.target.join(" ")),
      }));
    },
    { partials, options },
  );
  return violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id}: ${v.help} (${v.targets.join(", ")})`);
}

/**
 * Axe reads the settled colours: waits (2 s at most) until no CSS transition runs (a dialog fading in, a
 * button's colour). A transition may start a frame or two after the change that causes it (Mantine sets a
 * dialog's entering styles on the next frame), so the page must show none over two frames in a row.
 */
async function transitionsSettled(page: Page): Promise<void> {
  await page.evaluate(async () => {
    // A frame, or 100 ms if none comes (a page Chromium stops drawing must not hold the check forever).
    const frame = () =>
      new Promise((done) => {
        requestAnimationFrame(() => done(undefined));
        setTimeout(done, 100);
      });
    const running = () =>
      document.getAnimations().filter((a) => a instanceof CSSTransition && a.playState === "running");
    const deadline = performance.now() + 2000;
    let quiet = 0;
    while (quiet < 2 && performance.now() < deadline) {
      const now = running();
      if (now.length === 0) {
        quiet += 1;
        await frame();
      } else {
        quiet = 0;
        await Promise.race([
          Promise.all(now.map((a) => a.finished.catch(() => undefined))),
          new Promise((done) => setTimeout(done, Math.max(0, deadline - performance.now()))),
        ]);
      }
    }
  });
}

/**
 * axe finds no serious or critical violation on the page as it is now; with `schemes`, in each of those
 * colour schemes in turn (the page is left in light).
 */
export async function expectAccessible(
  page: Page,
  name: string,
  { schemes }: { schemes?: readonly ("light" | "dark")[] } = {},
): Promise<void> {
  if (!schemes) {
    await transitionsSettled(page);
    expect(await seriousA11yViolations(page), `${name}: serious/critical axe violations`).toEqual([]);
    return;
  }
  for (const [index, colorScheme] of schemes.entries()) {
    await page.emulateMedia({ colorScheme });
    // After a change of scheme, time for the colours to start moving (the check's own start took ~0.5 s when it
    // injected axe every run; one dark pass read mid-change colours once it no longer did).
    await page.waitForTimeout(index === 0 ? 100 : 500);
    await transitionsSettled(page);
    // The page's structure is the same in every scheme: after the first, only the rules that read colours run
    // (a full axe pass costs seconds of CPU, and the journeys run three browsers on two cores).
    const only = index === 0 ? undefined : { rules: COLOUR_RULES, include: ["body"] };
    expect(
      await seriousA11yViolations(page, [], only),
      `${name} (${colorScheme}): serious/critical axe violations`,
    ).toEqual([]);
  }
  await page.emulateMedia({ colorScheme: "light" });
}
