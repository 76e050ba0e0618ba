import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LOCALE_NAMES } from "#shared/i18n/locales.ts";
import de from "#web/i18n/catalogues/de/locale.json";
import enAccount from "#web/i18n/catalogues/en/account.json";
import en from "#web/i18n/catalogues/en/locale.json";
import fr from "#web/i18n/catalogues/fr/locale.json";
import ja from "#web/i18n/catalogues/ja/locale.json";
import { DESKTOP, expectAccessible, expectEveryWord, launchChromium, PHONE } from "../support/browser.ts";
import { person, type SeededUser, seedUser, signedInContext, signInWithForm } from "../support/seed.ts";
import { type E2EServer, startE2EServer } from "../support/server.ts";

/** A switch waits for the config and a catalogue: seconds on a busy machine, not expect.poll's default 1 s. */
const WAIT = { timeout: 15_000 };

const lang = (page: Page) => page.evaluate(() => document.documentElement.lang);

/** Nothing sticks out sideways: the page scrolls down only (long German words, Japanese at 390 px). */
const overflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

/** The header's language picker, named in the page's language; picks `name` from its menu. */
async function pick(page: Page, buttonName: string, name: string) {
  await page.getByRole("button", { name: buttonName, exact: true }).click();
  await page.getByRole("menuitem", { name, exact: true }).click();
}

describe("the app in the person's language (issue 21)", () => {
  let server: E2EServer;
  let browser: Browser;
  let user: SeededUser;

  beforeAll(async () => {
    server = await startE2EServer();
    [browser, user] = await Promise.all([launchChromium(), seedUser(server, person("Lena Lang"))]);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it("speaks German to a German browser, switches to 日本語 with the picker and keeps it over a reload", async () => {
    const context = await browser.newContext({ locale: "de-DE", viewport: PHONE });
    const page = await context.newPage();
    await page.goto(`${server.url}/sign-in`);

    // The page is German from the start: <html lang> and the words the picker is named with.
    await expect.poll(() => lang(page), WAIT).toBe("de");
    await page.getByRole("button", { name: de.language, exact: true }).waitFor();
    expect(await overflow(page)).toBe(0);
    await expectAccessible(page, "sign-in page in German at 390 px");

    // The menu lists every language in its own name; the keyboard opens it and picks.
    await page.getByRole("button", { name: de.language, exact: true }).focus();
    await page.keyboard.press("Enter");
    for (const name of Object.values(LOCALE_NAMES)) {
      await page.getByRole("menuitem", { name, exact: true }).waitFor();
    }
    expect(await page.getByRole("menuitem", { name: "Deutsch" }).getAttribute("lang")).toBe("de");
    await page.keyboard.press("Escape");

    await pick(page, de.language, LOCALE_NAMES.ja);
    await expect.poll(() => lang(page), WAIT).toBe("ja");
    await page.getByRole("button", { name: ja.language, exact: true }).waitFor();
    expect(await overflow(page)).toBe(0);
    await expectAccessible(page, "sign-in page in Japanese at 390 px");

    // The choice is this browser's from now on, over its own German.
    await page.reload();
    await page.getByRole("button", { name: ja.language, exact: true }).waitFor();
    expect(await lang(page)).toBe("ja");

    // The other auth page has the picker too, and fits.
    await page.goto(`${server.url}/sign-up`);
    await page.getByRole("button", { name: ja.language, exact: true }).waitFor();
    expect(await overflow(page)).toBe(0);
    await expectAccessible(page, "sign-up page in Japanese at 390 px");
    await context.close();
  });

  it("loads the language menu when someone reaches for the button, not with the sign-in page", async () => {
    const context = await browser.newContext({ locale: "en-US", viewport: DESKTOP });
    const page = await context.newPage();
    const assets: string[] = [];
    page.on("request", (r) => {
      if (r.url().includes("/assets/")) assets.push(new URL(r.url()).pathname);
    });
    // At first the menu's code cannot arrive (as on a lost connection).
    const menuCode = "**/assets/menus-*.js";
    let refused = 0;
    await page.route(menuCode, (route) => {
      refused += 1;
      return route.abort();
    });
    await page.goto(`${server.url}/sign-in`);
    const button = page.getByRole("button", { name: en.language, exact: true });
    await button.waitFor();
    await page.waitForLoadState("networkidle");
    // The page has settled without the menu or its styles.
    expect(assets.filter((a) => /\/(menus|mantine-styles-lazy)-/.test(a))).toEqual([]);

    // A click asks for it; it fails, and the button is left as it was, with no menu.
    await button.click();
    await expect.poll(() => refused, WAIT).toBeGreaterThan(0);
    await expect.poll(() => button.getAttribute("aria-busy"), WAIT).toBe(null);
    expect(await page.getByRole("menu").count()).toBe(0);

    // Once the code can arrive, the next click loads it and opens the menu.
    await page.unroute(menuCode);
    await button.click();
    await page.getByRole("menuitem", { name: LOCALE_NAMES.de, exact: true }).waitFor();
    expect(assets.some((a) => a.startsWith("/assets/menus-"))).toBe(true);
    await context.close();
  });

  it("follows a signed-in person's choice to a second browser once they sign in there", async () => {
    const first = await signedInContext(browser, server, user, PHONE);
    const page = await first.newPage();
    await page.goto(`${server.url}/`);
    await page.getByRole("button", { name: en.language, exact: true }).waitFor();
    expect(await lang(page)).toBe("en");

    // Chosen in the header while signed in: saved on the account.
    const saved = page.waitForResponse((r) => r.url().endsWith("/api/auth/update-user"));
    await pick(page, en.language, LOCALE_NAMES.de);
    expect((await saved).status()).toBe(200);
    await expect.poll(() => lang(page), WAIT).toBe("de");
    await page.getByRole("button", { name: de.language, exact: true }).waitFor();
    // The page was rebuilt in German; the focus is back on the picker, where the person was.
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute("aria-label")), WAIT)
      .toBe(de.language);
    expect(await overflow(page)).toBe(0);
    await expectAccessible(page, "home page in German at 390 px");
    await first.close();

    // Another browser, speaking English and with no choice of its own: German once signed in, and kept.
    const second = await browser.newContext({ locale: "en-US", viewport: DESKTOP });
    const other = await second.newPage();
    await other.goto(`${server.url}/sign-in`);
    await other.getByRole("button", { name: en.language, exact: true }).waitFor();
    expect(await lang(other)).toBe("en");
    await signInWithForm(other, server, user.email, user.password);
    await expect.poll(() => lang(other), WAIT).toBe("de");
    await other.getByRole("button", { name: de.language, exact: true }).waitFor();
    // The account page's Language row says so too.
    await other.goto(`${server.url}/account`);
    await expect
      .poll(() => other.getByTestId("language-preference").inputValue(), WAIT)
      .toBe(LOCALE_NAMES.de);
    await other.reload();
    await other.getByRole("button", { name: de.language, exact: true }).waitFor();
    expect(await lang(other)).toBe("de");
    // Back to English on a screen whose code came while it spoke German: its English words came with that code.
    await pick(other, de.language, LOCALE_NAMES.en);
    await expect.poll(() => lang(other), WAIT).toBe("en");
    await other.getByRole("heading", { name: enAccount["page.title"], exact: true }).waitFor();
    await expectEveryWord(other, "account page, switched to English");
    await second.close();
  });
});

describe("a server that offers fewer languages (LOCALES, DEFAULT_LOCALE)", () => {
  let server: E2EServer;
  let browser: Browser;

  beforeAll(async () => {
    [server, browser] = await Promise.all([
      startE2EServer({ LOCALES: "en,fr", DEFAULT_LOCALE: "fr" }),
      launchChromium(),
    ]);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it("gives a browser that asks for none of them the default, and offers only those", async () => {
    const context = await browser.newContext({ locale: "it-IT", viewport: DESKTOP });
    const page = await context.newPage();
    await page.goto(`${server.url}/sign-in`);
    await expect.poll(() => lang(page), WAIT).toBe("fr");
    // A click that lands while the page re-renders in its new language can be lost on a busy machine (the
    // menu opens and the language's fresh tree replaces it): click until the menu shows.
    const item = page.getByRole("menuitem", { name: LOCALE_NAMES.fr, exact: true });
    await expect
      .poll(
        async () => {
          if (!(await item.isVisible()))
            await page.getByRole("button", { name: fr.language, exact: true }).click();
          return item.isVisible();
        },
        { ...WAIT, interval: 1000 },
      )
      .toBe(true);
    expect(await page.getByRole("menuitem").allTextContents()).toEqual([LOCALE_NAMES.en, LOCALE_NAMES.fr]);
    await context.close();
  });
});
