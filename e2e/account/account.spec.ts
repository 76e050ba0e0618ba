import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { linkIn } from "../../test/support/smtp-sink.ts";
import { expectAccessible, launchChromium, screenshotBoth } from "../support/browser.ts";
import { expectSignInRefused, signInWithForm } from "../support/seed.ts";
import { type E2EServer, startE2EServer } from "../support/server.ts";

const IPHONE_UA =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1";
const FIREFOX_WINDOWS_UA = "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:128.0) Gecko/20100101 Firefox/128.0";

const SECTIONS = [
  { id: "profile", heading: "Profile" },
  { id: "email", heading: "Email address" },
  { id: "password", heading: "Password" },
  { id: "linked", heading: "Linked accounts" },
  { id: "sessions", heading: "Sessions" },
  { id: "danger", heading: "Danger zone" },
] as const;

describe("account journey in Chromium", () => {
  let server: E2EServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  const stamp = Date.now();
  const user = {
    name: "Ada Lovelace",
    email: `ada-${stamp}@example.test`,
    password: "analytical engine 1843",
  };
  const newPassword = "difference engine 1822";
  const newEmail = `countess-${stamp}@example.test`;

  beforeAll(async () => {
    server = await startE2EServer();
    browser = await launchChromium();
    context = await browser.newContext({ viewport: { width: 1280, height: 860 } });
    page = await context.newPage();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  /** Seeds the account over HTTP (not the journey under test) and verifies it through the mailed link. */
  async function signUpAndVerify() {
    const response = await fetch(`${server.url}/api/auth/sign-up/email`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: server.url },
      body: JSON.stringify({ ...user, callbackURL: "/verified" }),
    });
    expect(response.status).toBe(200);
    const mail = await server.sink.waitFor(user.email, /verify/i, 15_000);
    await page.goto(linkIn(mail, `${server.url}/api/auth/verify-email`));
    await page.waitForURL(/\/verified/);
    await page.getByRole("heading", { name: /verified/i }).waitFor();
  }

  /** Signs in through the UI in another browser context, like a second device. */
  async function signInElsewhere(userAgent: string, password: string) {
    const other = await browser.newContext({ userAgent, viewport: { width: 390, height: 844 } });
    const otherPage = await other.newPage();
    await signInWithForm(otherPage, server, user.email, password);
    return { other, otherPage };
  }

  async function expectSignedOut(otherPage: Page) {
    await otherPage.goto(`${server.url}/account`);
    await otherPage.waitForURL(/\/sign-in/);
  }

  async function openSection(id: string, heading: string) {
    await page.goto(`${server.url}/account?section=${id}`);
    await page.getByRole("heading", { level: 2, name: heading }).waitFor();
  }

  async function notification(title: string) {
    await page.getByText(title, { exact: true }).first().waitFor();
  }

  /** A 600×400 PNG drawn in the page, as a user's photo would be. */
  async function samplePng(): Promise<Buffer> {
    const dataUrl = await page.evaluate(() => {
      const canvas = document.createElement("canvas");
      canvas.width = 600;
      canvas.height = 400;
      const ctx = canvas.getContext("2d") as CanvasRenderingContext2D;
      ctx.fillStyle = "#4c6ef5";
      ctx.fillRect(0, 0, 600, 400);
      ctx.fillStyle = "#ffd43b";
      ctx.beginPath();
      ctx.arc(300, 200, 140, 0, Math.PI * 2);
      ctx.fill();
      return canvas.toDataURL("image/png");
    });
    return Buffer.from(dataUrl.split(",")[1] ?? "", "base64");
  }

  it("signs up, opens the account page from the user menu and edits the profile", async () => {
    await signUpAndVerify();
    await page.goto(`${server.url}/`);
    await page.getByTestId("user-menu").click();
    await page.getByRole("menuitem", { name: "Account" }).click();
    await page.waitForURL(/\/account/);
    await page.getByRole("heading", { level: 1, name: "Account" }).waitFor();
    await page.getByRole("heading", { level: 2, name: "Profile" }).waitFor();

    // Name: saved, and shown in the header at once.
    const name = page.getByLabel("Name", { exact: true });
    await name.fill("");
    await page.getByRole("button", { name: "Save changes" }).click();
    await page.getByText("Enter your name").waitFor();
    await name.fill("Ada King");
    await page.getByRole("button", { name: "Save changes" }).click();
    await notification("Profile updated");
    await page.getByRole("button", { name: /Account menu for Ada King/ }).waitFor();
    user.name = "Ada King";

    // Avatar: a 600×400 PNG is cropped, downscaled and stored as a data URL under the server's cap.
    const wrongType = { name: "notes.txt", mimeType: "text/plain", buffer: Buffer.from("hello") };
    await page.locator('input[type="file"]').setInputFiles(wrongType);
    await page.getByText("Choose a PNG, JPEG or WebP image.").waitFor();
    await page
      .locator('input[type="file"]')
      .setInputFiles({ name: "me.png", mimeType: "image/png", buffer: await samplePng() });
    await notification("Profile picture updated");
    const headerImage = page.getByTestId("user-menu").locator("img");
    await expect.poll(async () => (await headerImage.getAttribute("src")) ?? "").toMatch(/^data:image\//);
  });

  it("changes the password and signs out the other devices", async () => {
    const phone = await signInElsewhere(IPHONE_UA, user.password);

    await openSection("password", "Password");
    await page.getByLabel("Current password").fill("not my password");
    await page.getByLabel("New password", { exact: true }).fill(newPassword);
    await page.getByLabel("Confirm new password").fill(newPassword);
    expect(await page.getByLabel("Sign out of all other devices").isChecked()).toBe(true);
    await page.getByRole("button", { name: "Update password" }).click();
    await page.getByText("That password is not correct").waitFor();

    await page.getByLabel("Current password").fill(user.password);
    await page.getByRole("button", { name: "Update password" }).click();
    await notification("Password changed");
    user.password = newPassword;

    // The phone's session is gone; this browser is still signed in.
    await expectSignedOut(phone.otherPage);
    await phone.other.close();
    await openSection("profile", "Profile");
  });

  let laptop: { other: BrowserContext; otherPage: Page };

  it("lists sessions with device details and marks this device", async () => {
    laptop = await signInElsewhere(FIREFOX_WINDOWS_UA, user.password);

    await openSection("sessions", "Sessions");
    const rows = page.getByTestId("session-row");
    await expect.poll(() => rows.count()).toBe(2);
    const first = rows.first();
    expect(await first.getAttribute("data-current")).toBe("true");
    await first.getByText("This device").waitFor();
    await rows
      .nth(1)
      .getByText(/Firefox 128 on Windows/)
      .waitFor();
    await rows
      .nth(1)
      .getByText(/Last active/)
      .waitFor();

    // The only sign-in method cannot be unlinked, and the page says why before anyone tries.
    await openSection("linked", "Linked accounts");
    expect(await page.getByRole("button", { name: "Unlink Email and password" }).isDisabled()).toBe(true);
    await page
      .getByText(/This is your only way to sign in/)
      .first()
      .waitFor();
  });

  it("shows every section at 1280 and 390 px, light and dark, without serious axe violations", async () => {
    const rows = page.getByTestId("session-row");
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: width === 390 ? 844 : 860 });
      for (const section of SECTIONS) {
        await openSection(section.id, section.heading);
        if (section.id === "sessions") await expect.poll(() => rows.count()).toBe(2);
        await page.locator(".mantine-Skeleton-root").first().waitFor({ state: "detached" });
        await screenshotBoth(page, `account-${section.id}-${width}`);
        await expectAccessible(page, `account-${section.id}-${width} light`);
        await page.emulateMedia({ colorScheme: "dark" });
        await expectAccessible(page, `account-${section.id}-${width} dark`);
        await page.emulateMedia({ colorScheme: "light" });
      }
    }
    await page.setViewportSize({ width: 1280, height: 860 });
  }, 300_000);

  it("revokes a session opened in another browser, which is then signed out", async () => {
    await openSection("sessions", "Sessions");
    const rows = page.getByTestId("session-row");
    await expect.poll(() => rows.count()).toBe(2);
    await page.getByRole("button", { name: /Sign out Firefox 128 on Windows/ }).click();
    const dialog = page.getByRole("dialog", { name: "Sign out this session?" });
    await dialog.waitFor();
    await dialog.getByRole("button", { name: "Sign out" }).click();
    await notification("Session signed out");
    await expect.poll(() => rows.count()).toBe(1);
    await page.getByText("You're not signed in anywhere else.").waitFor();
    await expectSignedOut(laptop.otherPage);
    await laptop.other.close();
  });

  it("changes the email: re-authenticates when asked, approves from the old address, verifies the new one", async () => {
    await openSection("email", "Email address");
    await page.getByRole("button", { name: "Change", exact: true }).click();
    await page.getByLabel("New email address").fill(newEmail);

    // The server's "Session is not fresh" answer (stood in for once, a session is fresh for a day)
    // opens the re-authentication dialog; the real /reauthenticate runs and the change is retried.
    let refused = false;
    await page.route("**/api/auth/change-email", async (route) => {
      if (refused) return route.continue();
      refused = true;
      return route.fulfill({
        status: 403,
        contentType: "application/json",
        body: JSON.stringify({ code: "SESSION_NOT_FRESH", message: "Session is not fresh" }),
      });
    });
    await page.getByRole("button", { name: "Send confirmation link" }).click();
    const reauth = page.getByRole("dialog", { name: "Confirm it's you" });
    await reauth.waitFor();
    await reauth.getByLabel("Password", { exact: true }).fill("wrong password");
    await reauth.getByRole("button", { name: "Confirm" }).click();
    await reauth.getByText("That password is not correct.").waitFor();
    await screenshotBoth(page, "account-reauth-dialog-1280");
    await expectAccessible(page, "account-reauth-dialog");
    await reauth.getByLabel("Password", { exact: true }).fill(user.password);
    await reauth.getByRole("button", { name: "Confirm" }).click();
    await reauth.waitFor({ state: "detached" });
    await page.unroute("**/api/auth/change-email");

    const pending = page.getByTestId("pending-email-change");
    await pending.waitFor();
    await pending.getByText(user.email).first().waitFor();
    await screenshotBoth(page, "account-email-pending-1280");
    await expectAccessible(page, "account-email-pending");

    // Step 1: the old address approves.
    const approve = await server.sink.waitFor(user.email, /approve your email change/i, 15_000);
    await page.goto(linkIn(approve, `${server.url}/api/auth/verify-email`));
    await page.waitForURL(/\/email-change\?outcome=/);
    await page.getByRole("heading", { level: 1, name: /change approved/i }).waitFor();
    await page.getByRole("link", { name: "Back to your account" }).click();
    await pending.getByText("Approved from your current address").waitFor();
    expect(await page.getByTestId("current-email").textContent()).toBe(user.email);

    // Step 2: the new address verifies; only now the account switches, verified.
    const verify = await server.sink.waitFor(newEmail, /confirm your new email/i, 15_000);
    await page.goto(linkIn(verify, `${server.url}/api/auth/verify-email`));
    await page.getByRole("heading", { level: 1, name: "Email address changed" }).waitFor();
    await page.getByRole("link", { name: "Go to your account" }).click();
    await expect.poll(() => page.getByTestId("current-email").textContent()).toBe(newEmail);
    await page.getByText("Verified", { exact: true }).waitFor();
    await pending.waitFor({ state: "detached" });
    user.email = newEmail;
  });

  it("deletes the account through the mailed link", async () => {
    await openSection("danger", "Danger zone");
    await page.getByRole("button", { name: "Delete account" }).click();
    const dialog = page.getByRole("dialog", { name: "Delete your account?" });
    await dialog.waitFor();
    await dialog.getByText(/Your account is deleted only when you open it/).waitFor();
    await dialog.getByRole("button", { name: "Send deletion link" }).click();
    await dialog.getByText("Type DELETE in capital letters").waitFor();
    await screenshotBoth(page, "account-delete-dialog-1280");
    await expectAccessible(page, "account-delete-dialog");
    await dialog.getByLabel("Type DELETE to confirm").fill("DELETE");
    await dialog.getByRole("button", { name: "Send deletion link" }).click();
    await dialog.waitFor({ state: "detached" });
    await page.getByTestId("deletion-pending").waitFor();

    const mail = await server.sink.waitFor(user.email, /deleting/i, 15_000);
    await page.goto(linkIn(mail, `${server.url}/api/auth/delete-user/callback`));
    await page.waitForURL(/\/account\/deleted/);
    await page.getByRole("heading", { level: 1, name: "Your account has been deleted" }).waitFor();
    await screenshotBoth(page, "account-deleted-1280");
    await expectAccessible(page, "account-deleted");

    // Nothing left: the account page asks to sign in, and the old credentials are refused.
    await page.goto(`${server.url}/account`);
    await page.waitForURL(/\/sign-in/);
    await expectSignInRefused(page, server, user.email, user.password);
  });
});
