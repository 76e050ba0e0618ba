import type { Browser, Page, Response } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { captureScreen, launchChromium } from "../support/browser.ts";
import { type E2EServer, startE2EServer } from "../support/server.ts";

// The loading shell (issue 20): what index.html shows before the scripts have run, so the page is never blank.
describe("loading shell in Chromium", () => {
  let server: E2EServer;
  let browser: Browser;
  beforeAll(async () => {
    server = await startE2EServer();
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  /** The sign-in page as it looks until its scripts arrive: here they never do. */
  async function withoutScripts(scheme?: "dark" | "light", locale = "en-US"): Promise<Page> {
    const context = await browser.newContext({ colorScheme: "light", locale });
    if (scheme) {
      await context.addInitScript((saved) => localStorage.setItem("gatehouse-color-scheme", saved), scheme);
    }
    const page = await context.newPage();
    await page.route("**/assets/*.js", (route) => route.abort());
    await page.goto(`${server.url}/sign-in`);
    return page;
  }
  /** The shell's words in the page's language (the others are in the page, hidden). */
  const shellWords = (page: Page) => page.getByRole("status").locator("span:visible").textContent();
  const background = (page: Page) =>
    page.locator(".gh-shell").evaluate((el) => getComputedStyle(el).backgroundColor);

  it("says it is loading, in the system's scheme or the saved one, and is replaced by the app", async () => {
    const page = await withoutScripts();
    await expect.poll(() => shellWords(page)).toBe("Loading Gatehouse…");
    expect(await page.locator("html").getAttribute("lang")).toBe("en");
    expect(await background(page)).toBe("rgb(255, 255, 255)");
    await page.emulateMedia({ colorScheme: "dark" });
    expect(await background(page)).toBe("rgb(36, 36, 36)");
    await page.emulateMedia({ colorScheme: "light" });
    await captureScreen(page, "first-load", "loading-shell");
    await page.context().close();

    // A saved choice wins over the system's, before any script of the app has run.
    const saved = await withoutScripts("dark");
    await saved.getByRole("status").waitFor();
    expect(await background(saved)).toBe("rgb(36, 36, 36)");
    // With its scripts, the app takes the shell's place.
    await saved.unroute("**/assets/*.js");
    await saved.reload();
    await saved.getByRole("heading", { level: 1, name: "Sign in" }).waitFor();
    expect(await saved.locator(".gh-shell").count()).toBe(0);
    expect(await saved.locator("html").getAttribute("data-mantine-color-scheme")).toBe("dark");
    await saved.context().close();
  });

  it("speaks the browser's language, or the one chosen before, from the first paint", async () => {
    const german = await withoutScripts(undefined, "de-AT");
    await expect.poll(() => shellWords(german)).toBe("Gatehouse wird geladen…");
    expect(await german.locator("html").getAttribute("lang")).toBe("de");
    await german.context().close();

    const context = await browser.newContext({ locale: "de-DE" });
    await context.addInitScript(() => localStorage.setItem("gatehouse-locale", "ja"));
    const page = await context.newPage();
    await page.route("**/assets/*.js", (route) => route.abort());
    await page.goto(`${server.url}/sign-in`);
    await expect.poll(() => shellWords(page)).toBe("Gatehouse を読み込んでいます…");
    expect(await page.locator("html").getAttribute("lang")).toBe("ja");
    await context.close();
  });

  it("gets the page's scripts and styles compressed, as Chromium asks for them", async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    // Kept as they come; read once the page has settled, while its context is still open.
    const responses: Response[] = [];
    page.on("response", (response) => {
      if (/\/assets\/.+\.(js|css)$/.test(response.url())) responses.push(response);
    });
    await page.goto(`${server.url}/sign-in`);
    await page.getByRole("heading", { level: 1, name: "Sign in" }).waitFor();
    await page.waitForLoadState("networkidle");
    const assets = await Promise.all(
      responses.map(async (response) => ({
        url: response.url(),
        bytes: (await response.body()).length,
        encoding: await response.headerValue("content-encoding"),
        vary: await response.headerValue("vary"),
        cache: await response.headerValue("cache-control"),
      })),
    );
    expect(assets.length).toBeGreaterThan(0);
    for (const asset of assets) {
      expect(asset.cache, asset.url).toMatch(/immutable/);
      // Under 1 KB (a lazily loaded menu) the build sends it as it is: headers would cost more than brotli saves.
      if (asset.bytes < 1024) continue;
      expect(asset.encoding, asset.url).toBe("br");
      expect(asset.vary?.toLowerCase(), asset.url).toContain("accept-encoding");
    }
    expect(assets.some((asset) => asset.bytes >= 1024)).toBe(true);
    await context.close();
  });
});
