import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  launchChromium,
  SAVE_SCREENSHOTS,
  saveScreenshot,
  seriousA11yViolations,
} from "../support/browser.ts";
import { type E2EServer, startE2EServer } from "../support/server.ts";

// axe reads every one of the page's 200-odd operations (every rule but contrast): about a minute on two cores.
const AXE_TIMEOUT = 240_000;

/** The API reference page (/api/reference) in Chromium: loads under the CSP with no console error. */
describe("API reference page in Chromium", () => {
  let server: E2EServer;
  let browser: Browser;
  let page: Page;
  const problems: string[] = [];

  beforeAll(async () => {
    server = await startE2EServer();
    browser = await launchChromium();
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    page = await context.newPage();
    page.on("console", (m) => {
      if (m.type() === "error" || m.type() === "warning") problems.push(`${m.type()}: ${m.text()}`);
    });
    page.on("pageerror", (e) => problems.push(`pageerror: ${e.message}`));
    page.on("requestfailed", (r) => problems.push(`request failed: ${r.url()}`));
  });
  /** The token endpoint's part of the page, light and dark, at the current width. */
  async function shoot(width: number) {
    if (!SAVE_SCREENSHOTS) return;
    await page.goto(`${server.url}/api/reference#post-api-auth-oauth2-token`);
    for (const colorScheme of ["light", "dark"] as const) {
      await page.emulateMedia({ colorScheme });
      await page.waitForTimeout(100);
      await saveScreenshot(page, `api-reference-${width}-${colorScheme}`);
    }
    await page.emulateMedia({ colorScheme: "light" });
  }

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it(
    "loads without console errors or CSP violations, is keyboard-usable and axe clean",
    async () => {
      const res = await page.goto(`${server.url}/api/reference`);
      expect(res?.status()).toBe(200);
      expect(res?.headers()["content-security-policy"]).toMatch(/script-src 'self'/);
      await expect.poll(() => page.locator("h1").textContent()).toBe("Gatehouse API reference");
      expect(await page.locator("section.op").count()).toBeGreaterThan(100);

      // Keyboard: Tab reaches the first contents link (after the link to the JSON), Enter goes there.
      await page.keyboard.press("Tab");
      expect(await page.evaluate(() => document.activeElement?.getAttribute("href"))).toBe(
        "/api/openapi.json",
      );
      await page.keyboard.press("Tab");
      const focused = await page.evaluate(() => document.activeElement?.getAttribute("href"));
      expect(focused).toMatch(/^#tag-/);
      await page.keyboard.press("Enter");
      await expect.poll(() => page.evaluate(() => location.hash)).toBe(focused);

      // Every rule but contrast over the whole page; contrast, in light and dark, over a part that holds every
      // style the page has: its header and contents, the token endpoint (the richest operation) and one
      // operation of each HTTP method (their badges differ). The 200-odd operations share those styles, and
      // reading each one's colours twice cost two minutes a run.
      expect(await seriousA11yViolations(page, ["color-contrast"]), "API reference at 1280").toEqual([]);
      const sample = await page.evaluate(() => {
        const ids = new Set(["post-api-auth-oauth2-token"]);
        const methods = new Set<string>();
        for (const badge of document.querySelectorAll("section.op span.method")) {
          const method = [...badge.classList].find((c) => c !== "method") ?? "";
          const section = badge.closest("section.op");
          if (!methods.has(method) && section?.id) {
            methods.add(method);
            ids.add(section.id);
          }
        }
        return [...ids].map((id) => `#${id}`);
      });
      expect(sample.length).toBeGreaterThanOrEqual(5);
      for (const colorScheme of ["light", "dark"] as const) {
        await page.emulateMedia({ colorScheme });
        const include = ["main > h1", "main > p", "nav", ...sample];
        expect(
          await seriousA11yViolations(page, [], { rules: ["color-contrast"], include }),
          `API reference at 1280 (${colorScheme}): contrast`,
        ).toEqual([]);
      }
      await page.emulateMedia({ colorScheme: "light" });
      await shoot(1280);
      expect(problems).toEqual([]);
    },
    AXE_TIMEOUT,
  );

  it(
    "reads on a phone: nothing scrolls sideways, axe clean",
    async () => {
      await page.setViewportSize({ width: 390, height: 844 });
      await page.goto(`${server.url}/api/reference#post-api-auth-oauth2-token`);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      // The page's colours do not depend on its width (its only media query is the colour scheme), and the
      // 1280 run checked their contrast in both schemes: here every other rule, over the whole page.
      expect(await seriousA11yViolations(page, ["color-contrast"]), "API reference at 390").toEqual([]);
      await shoot(390);
      expect(problems).toEqual([]);
    },
    AXE_TIMEOUT,
  );
});
