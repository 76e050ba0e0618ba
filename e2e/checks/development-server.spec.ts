import type { Browser } from "playwright-core";
import { createServer, type ViteDevServer } from "vite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort } from "../../test/support/free-port.ts";
import { launchChromium, pageErrors } from "../support/browser.ts";
import { type E2EServer, startE2EServer } from "../support/server.ts";

/**
 * `npm run dev`'s web side: Vite serving the app from its sources, /api proxied to a Gatehouse server. The
 * journeys run the production build, so nothing else loads the sources the way a developer's browser does (the
 * message catalogues' plugin once answered every page with a 500 there, unnoticed).
 */
describe("the development server", () => {
  let server: E2EServer;
  let vite: ViteDevServer;
  let browser: Browser;
  let url: string;

  beforeAll(async () => {
    server = await startE2EServer();
    const port = await freePort();
    vite = await createServer({
      configFile: new URL("../../vite.config.ts", import.meta.url).pathname,
      logLevel: "silent",
      server: {
        host: "127.0.0.1",
        port,
        strictPort: true,
        hmr: false,
        proxy: { "/api": { target: server.url, changeOrigin: false } },
      },
    });
    await vite.listen();
    url = `http://127.0.0.1:${port}`;
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
    await vite?.close();
    await server?.close();
  });

  it("serves the sign-in page from the sources, in the person's language, on Preact's React layer", async () => {
    const context = await browser.newContext({ locale: "fr-FR" });
    const page = await context.newPage();
    const errors = pageErrors(page);
    await page.goto(`${url}/sign-in`);
    await expect
      .poll(() => page.getByRole("heading", { level: 1 }).textContent(), { timeout: 30_000 })
      .toBe("Se connecter");
    await expect.poll(() => page.getByLabel("E-mail").count()).toBe(1);
    // The tree is Preact's (its root keeps its children under `__k`), not React's (`__reactContainer$…`).
    const runtime = await page.locator("#root").evaluate((root) => ({
      preact: "__k" in root,
      react: Object.keys(root).some((key) => key.startsWith("__reactContainer")),
    }));
    expect(runtime).toEqual({ preact: true, react: false });
    expect(errors).toEqual([]);
    await context.close();
  });
});
