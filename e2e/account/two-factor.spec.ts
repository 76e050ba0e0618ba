import { readFileSync } from "node:fs";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { totpCode, wrongCode } from "../../test/support/two-factor.ts";
import {
  captureScreen,
  DESKTOP,
  expectAccessible,
  hasFocus,
  launchChromium,
  PHONE,
  screenshotBoth,
  tabTo,
} from "../support/browser.ts";
import { person, type SeededUser, seedUser, signedInContext, submitSignIn } from "../support/seed.ts";
import { type E2EServer, startE2EServer } from "../support/server.ts";

describe("two-factor with an authenticator app in Chromium", () => {
  let server: E2EServer;
  let browser: Browser;
  let user: SeededUser;
  /** The setup key read off the enrolment dialog, as a person would type it into their app. */
  let secret = "";
  let backupCodes: string[] = [];
  /** The enrolling browser's cookies: turning two-factor on swapped its session for a new one. */
  let enrolledCookies: Awaited<ReturnType<BrowserContext["cookies"]>> = [];

  beforeAll(async () => {
    server = await startE2EServer();
    browser = await launchChromium();
    user = await seedUser(server, person("Tess Totp"));
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  async function openSecurity(page: Page) {
    await page.goto(`${server.url}/account?section=security`);
    await page.getByRole("heading", { level: 2, name: "Two-factor authentication" }).waitFor();
  }

  it("enrols from Account → Security with the keyboard alone: QR code and setup key, a first code, backup codes", async () => {
    const context = await signedInContext(browser, server, user);
    const page = await context.newPage();
    await openSecurity(page);
    await expect.poll(() => page.getByTestId("two-factor-status").textContent()).toBe("Off");
    // Narrowed to a phone's width, the side list becomes a row that scrolls: Security is brought into sight.
    await page.setViewportSize(PHONE);
    const open = page
      .getByRole("navigation", { name: "Account sections" })
      .getByRole("link", { name: "Security", exact: true });
    await expect
      .poll(async () => {
        const box = await open.boundingBox();
        return box !== null && box.x >= 0 && box.x + box.width <= PHONE.width;
      })
      .toBe(true);
    await page.setViewportSize(DESKTOP);
    await captureScreen(page, "account", "security-off");

    // Tab, typing, Enter and Space only, from the page to the backup codes.
    await tabTo(page, page.getByRole("button", { name: "Set up" }));
    await page.keyboard.press("Enter");
    const start = page.getByRole("dialog", { name: "Set up two-factor authentication" });
    const password = start.getByLabel("Your password");
    await expect.poll(() => hasFocus(password)).toBe(true);
    await page.keyboard.type("not my password");
    await page.keyboard.press("Enter");
    await start.getByText("That password is not correct").waitFor();
    await tabTo(page, password);
    await page.keyboard.press("ControlOrMeta+A");
    await page.keyboard.type(user.password);
    await page.keyboard.press("Enter");

    const scan = page.getByRole("dialog", { name: "Add your account to an authenticator app" });
    await scan.getByRole("img", { name: /QR code/ }).waitFor();
    secret = ((await scan.getByTestId("totp-secret").textContent()) ?? "").replace(/\s/g, "");
    expect(secret).toMatch(/^[A-Z2-7]+=*$/);
    await captureScreen(page, "two-factor", "enrol");

    // The step's field has the focus once it shows: a code typed straight away goes in.
    const code = scan.getByLabel("2. Enter the 6-digit code the app shows");
    await expect.poll(() => hasFocus(code)).toBe(true);
    await page.keyboard.type(wrongCode(secret));
    await page.keyboard.press("Enter");
    await scan.getByText(/That code is not right/).waitFor();
    await tabTo(page, code);
    await page.keyboard.press("ControlOrMeta+A");
    await page.keyboard.type(totpCode(secret));
    await page.keyboard.press("Enter");

    const saved = page.getByRole("dialog", { name: "Save your backup codes" });
    const list = saved.getByRole("list", { name: "Backup codes" });
    await list.waitFor();
    backupCodes = (await list.getByRole("listitem").allTextContents()).map((c) => c.trim());
    expect(backupCodes).toHaveLength(10);
    // The focus moved on into the codes' step, not back to the page behind the dialog.
    await expect.poll(() => saved.evaluate((dialog) => dialog.contains(document.activeElement))).toBe(true);
    await captureScreen(page, "two-factor", "backup-codes");

    await tabTo(page, saved.getByRole("button", { name: "Download .txt" }));
    const [download] = await Promise.all([page.waitForEvent("download"), page.keyboard.press("Space")]);
    expect(download.suggestedFilename()).toBe("gatehouse-backup-codes.txt");
    const text = readFileSync((await download.path()) ?? "", "utf8");
    for (const code of backupCodes) expect(text).toContain(code);

    await tabTo(page, saved.getByRole("button", { name: "Done" }));
    await page.keyboard.press("Enter");
    await saved.waitFor({ state: "detached" });
    await expect.poll(() => page.getByTestId("two-factor-status").textContent()).toBe("On");
    await page.getByRole("heading", { level: 2, name: "Trusted devices" }).waitFor();
    enrolledCookies = await context.cookies();
    await context.close();
  });

  it("signs in with the code at the second step (keyboard only, on a phone), trusting the device", async () => {
    expect(secret).not.toBe("");
    const context = await browser.newContext({ viewport: PHONE });
    const page = await context.newPage();
    await page.goto(`${server.url}/sign-in?redirect=${encodeURIComponent("/account?section=security")}`);
    await submitSignIn(page, server, user.email, user.password);
    await page.waitForURL(/\/sign-in\/two-factor\?/);
    const code = page.getByLabel("Authentication code");
    await code.waitFor();
    // No session yet: the account page sends this browser back to sign in.
    const session = await page.evaluate(() => fetch("/api/auth/get-session").then((r) => r.json()));
    expect(session).toBeNull();
    await screenshotBoth(page, "two-factor-sign-in-390");
    await expectAccessible(page, "second step", { schemes: ["light", "dark"] });

    // A wrong code says so, in place.
    await page.keyboard.type(wrongCode(secret));
    await page.keyboard.press("Enter");
    await page.getByText(/That code is not right/).waitFor();
    await screenshotBoth(page, "two-factor-sign-in-wrong-code-390");

    // The backup-code way and back, then the app's code, all from the keyboard.
    await page.getByRole("button", { name: "Use a backup code instead" }).focus();
    await page.keyboard.press("Enter");
    await page.getByLabel("Backup code").waitFor();
    await page.getByRole("button", { name: "Use your authenticator app instead" }).focus();
    await page.keyboard.press("Enter");
    await page.getByLabel("Authentication code").focus();
    await page.keyboard.type(totpCode(secret));
    await page.keyboard.press("Tab");
    expect(await page.evaluate(() => document.activeElement?.getAttribute("type"))).toBe("checkbox");
    await page.keyboard.press("Space");
    await page.keyboard.press("Shift+Tab");
    await page.keyboard.press("Enter");

    await page.waitForURL(/\/account\?section=security/);
    await page.getByRole("heading", { level: 2, name: "Trusted devices" }).waitFor();
    await page.getByTestId("trusted-device").first().waitFor();
    await screenshotBoth(page, "account-security-390");
    await expectAccessible(page, "security section, on", { schemes: ["light", "dark"] });
    await context.close();
  });

  it("lists the trusted device and removes it; the next sign-in asks again and takes a backup code", async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 860 } });
    await context.addCookies(enrolledCookies);
    const page = await context.newPage();
    await openSecurity(page);
    const device = page.getByTestId("trusted-device");
    await device.first().waitFor();
    expect(await device.count()).toBe(1);
    await screenshotBoth(page, "account-security-1280");
    await expectAccessible(page, "security section with a trusted device", { schemes: ["light", "dark"] });

    // With the keyboard: the row's button, then past Cancel (which has the focus first) to Remove.
    await tabTo(page, device.getByRole("button", { name: /^Remove / }));
    await page.keyboard.press("Enter");
    const confirm = page.getByRole("dialog", { name: "Remove this trusted device?" });
    await expect.poll(() => hasFocus(confirm.getByRole("button", { name: "Cancel" }))).toBe(true);
    await tabTo(page, confirm.getByRole("button", { name: "Remove" }));
    await page.keyboard.press("Enter");
    await page.getByText("No trusted devices. Every sign-in asks for a code.").waitFor();
    await context.close();

    // Signed out elsewhere: the second step is back, and a backup code opens it.
    const other = await browser.newContext({ viewport: { width: 1280, height: 860 } });
    const signIn = await other.newPage();
    await submitSignIn(signIn, server, user.email, user.password);
    await signIn.waitForURL(/\/sign-in\/two-factor/);
    await signIn.getByRole("button", { name: "Use a backup code instead" }).click();
    await signIn.getByLabel("Backup code").fill(backupCodes[0] ?? "");
    await screenshotBoth(signIn, "two-factor-sign-in-backup-1280");
    await signIn.getByRole("button", { name: "Verify" }).click();
    await signIn.waitForURL(`${server.url}/`);
    enrolledCookies = await other.cookies();
    await other.close();
  });

  it("gives new backup codes to copy (the old ones die), and turns two-factor off with the keyboard alone", async () => {
    const context = await browser.newContext({ viewport: DESKTOP });
    await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: server.url });
    await context.addCookies(enrolledCookies);
    const page = await context.newPage();
    await openSecurity(page);

    await page.getByRole("button", { name: "New backup codes" }).click();
    const regenerate = page.getByRole("dialog", { name: "Get new backup codes?" });
    await regenerate.getByLabel("Your password").fill(user.password);
    await captureScreen(page, "two-factor", "regenerate");
    await regenerate.getByRole("button", { name: "Get new codes" }).click();
    const fresh = page.getByRole("dialog", { name: "Your new backup codes" });
    await fresh.getByRole("list", { name: "Backup codes" }).waitFor();
    await expect.poll(() => fresh.evaluate((dialog) => dialog.contains(document.activeElement))).toBe(true);
    const codes = (
      await fresh.getByRole("list", { name: "Backup codes" }).getByRole("listitem").allTextContents()
    ).map((c) => c.trim());
    expect(codes).toHaveLength(10);
    expect(codes).not.toContain(backupCodes[1]);
    // Copied as the downloaded file reads: every new code, one a line, and none of the old ones.
    await fresh.getByRole("button", { name: "Copy codes" }).click();
    await fresh.getByRole("button", { name: "Copied" }).waitFor();
    const copied = (await page.evaluate(() => navigator.clipboard.readText())).split("\n");
    for (const code of codes) expect(copied).toContain(code);
    expect(copied).not.toContain(backupCodes[1]);
    await fresh.getByRole("button", { name: "Done" }).click();
    await fresh.waitFor({ state: "detached" });

    // Turned off with Tab, typing and Enter only.
    await tabTo(page, page.getByRole("button", { name: "Turn off" }));
    await page.keyboard.press("Enter");
    const off = page.getByRole("dialog", { name: "Turn off two-factor authentication?" });
    await expect.poll(() => hasFocus(off.getByLabel("Your password"))).toBe(true);
    await page.keyboard.type(user.password);
    const code = off.getByLabel("Code from your app, or a backup code");
    await tabTo(page, code);
    // An old backup code no longer counts.
    await page.keyboard.type(backupCodes[1] ?? "");
    await page.keyboard.press("Enter");
    await off.getByText(/That code is not right/).waitFor();
    await captureScreen(page, "two-factor", "disable");
    await tabTo(page, code);
    await page.keyboard.press("ControlOrMeta+A");
    await page.keyboard.type(totpCode(secret));
    await page.keyboard.press("Enter");
    await off.waitFor({ state: "detached" });
    await expect.poll(() => page.getByTestId("two-factor-status").textContent()).toBe("Off");
    await context.close();
  });
});
