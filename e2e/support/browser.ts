import { mkdirSync } from "node:fs";
import AxeBuilder from "@axe-core/playwright";
import { type Browser, chromium, type Page } from "playwright-core";
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

export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM, args: FLAGS, headless: true });
}

export const SCREENSHOT_DIR = new URL("../../docs/screenshots/", import.meta.url).pathname;

/** Saves the page in light and dark (the app follows the system scheme) as docs/screenshots/<name>-<scheme>.png. */
export async function screenshotBoth(page: Page, name: string): Promise<void> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  for (const colorScheme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme });
    await page.waitForTimeout(150);
    await page.screenshot({ path: `${SCREENSHOT_DIR}${name}-${colorScheme}.png`, fullPage: true });
  }
  await page.emulateMedia({ colorScheme: "light" });
}

/** Serious or critical accessibility violations on the current page (axe-core). */
export async function seriousA11yViolations(page: Page): Promise<string[]> {
  // biome-ignore lint/suspicious/noExplicitAny: playwright-core's Page is the same object @axe-core/playwright drives
  const results = await new AxeBuilder({ page: page as any }).analyze();
  return results.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`);
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
    expect(await seriousA11yViolations(page), `${name}: serious/critical axe violations`).toEqual([]);
    return;
  }
  for (const colorScheme of schemes) {
    await page.emulateMedia({ colorScheme });
    await page.waitForTimeout(100);
    expect(
      await seriousA11yViolations(page),
      `${name} (${colorScheme}): serious/critical axe violations`,
    ).toEqual([]);
  }
  await page.emulateMedia({ colorScheme: "light" });
}
