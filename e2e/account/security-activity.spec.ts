import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { captureScreen, DESKTOP, hasFocus, launchChromium, PHONE, tabTo } from "../support/browser.ts";
import {
  expectSignInRefused,
  person,
  type SeededUser,
  seedUser,
  signedInContext,
  signInWithForm,
} from "../support/seed.ts";
import { type E2EServer, startE2EServer } from "../support/server.ts";

const IPHONE =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1";

describe("account security activity in Chromium", () => {
  let server: E2EServer;
  let browser: Browser;
  let user: SeededUser;
  let context: BrowserContext;
  let page: Page;
  let phone: BrowserContext;
  let phonePage: Page;

  beforeAll(async () => {
    server = await startE2EServer();
    browser = await launchChromium();
    user = await seedUser(server, person("Sam Secure"));
    context = await signedInContext(browser, server, user, DESKTOP);
    page = await context.newPage();
    // Another browser, on a phone: a wrong password first, then the right one.
    phone = await browser.newContext({ userAgent: IPHONE, viewport: PHONE });
    phonePage = await phone.newPage();
    await expectSignInRefused(phonePage, server, user.email, "not the password at all");
    await signInWithForm(phonePage, server, user.email, user.password);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it("shows the sign-in from the other browser with its device and IP, and the refused one", async () => {
    await page.goto(`${server.url}/account?section=activity`);
    await page.getByRole("heading", { level: 2, name: "Security activity" }).waitFor();
    const rows = page.getByTestId("activity-row");
    const signIns = rows.filter({ hasText: "You signed in with a password" });
    await signIns.first().waitFor();
    await signIns.filter({ hasText: "on iOS" }).first().getByText("127.0.0.1", { exact: false }).waitFor();
    const refused = rows
      .filter({ has: page.locator('[data-outcome="refused"]') })
      .or(page.locator('[data-testid="activity-row"][data-outcome="refused"]'));
    await refused.first().getByText("Someone tried to sign in with a password").waitFor();
    await refused
      .first()
      .getByText(/Refused/)
      .waitFor();
    expect(await rows.first().getAttribute("data-action")).toBe("user.signed_in");
    await captureScreen(page, "account", "activity");
  });

  it("'This wasn't me', with the keyboard alone, signs every browser out and mails a password reset link", async () => {
    // Reached with Tab and pressed with Enter.
    await tabTo(page, page.getByRole("button", { name: "This wasn't me" }));
    await page.keyboard.press("Enter");
    const dialog = page.getByRole("dialog", { name: "Secure your account?" });
    await dialog.getByText(user.email, { exact: false }).waitFor();
    await expect.poll(() => hasFocus(dialog.getByRole("button", { name: "Cancel" }))).toBe(true);
    await captureScreen(page, "account", "activity-not-me");
    // Cancel has the focus first; Tab moves on to the action, Space presses it.
    await tabTo(page, dialog.getByRole("button", { name: "Sign out everywhere" }));
    await page.keyboard.press("Space");
    await page.waitForURL(/\/sign-in/);
    await page.getByText("Signed out everywhere").waitFor();
    await server.sink.waitFor(user.email, /reset|password/i, 15_000);

    // The phone is signed out too: its next page asks it to sign in.
    await phonePage.goto(`${server.url}/account`);
    await phonePage.waitForURL(/\/sign-in/);
  });
});
