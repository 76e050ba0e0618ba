import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { linkIn } from "../../test/support/smtp-sink.ts";
import { expectAccessible, launchChromium, screenshotBoth } from "../support/browser.ts";
import { type E2EServer, startE2EServer } from "../support/server.ts";

describe("sign-up journey in Chromium", () => {
  let server: E2EServer;
  let browser: Browser;
  let page: Page;
  const user = {
    name: "Ada Lovelace",
    email: `ada-${Date.now()}@example.test`,
    password: "analytical engine 1843",
  };

  beforeAll(async () => {
    server = await startE2EServer();
    browser = await launchChromium();
    const context = await browser.newContext({ viewport: { width: 1280, height: 860 } });
    page = await context.newPage();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it("signs up, verifies by the mailed link, signs out and signs in again", async () => {
    // Signed out, the home page sends you to sign in.
    await page.goto(`${server.url}/`);
    await page.waitForURL(/\/sign-in/);
    await page.getByRole("heading", { level: 1 }).waitFor();
    await screenshotBoth(page, "sign-in");
    await expectAccessible(page, "sign-in");

    await page.getByRole("link", { name: "Create one" }).click();
    await page.waitForURL(/\/sign-up/);
    await page.getByRole("heading", { level: 1 }).waitFor();

    // Inline validation before anything is sent.
    await page.getByRole("button", { name: "Create account" }).click();
    await expect.poll(() => page.getByText(/enter your name|name is required/i).count()).toBeGreaterThan(0);

    await page.getByLabel("Name", { exact: true }).fill(user.name);
    await page.getByLabel("Email", { exact: true }).fill(user.email);
    await page.getByLabel("Password", { exact: true }).fill(user.password);
    await page.getByLabel("Confirm password", { exact: true }).fill(user.password);
    await screenshotBoth(page, "sign-up");
    await expectAccessible(page, "sign-up");
    await page.getByRole("button", { name: "Create account" }).click();

    await page.waitForURL(/\/check-inbox/);
    await expect.poll(() => page.getByText(user.email).count()).toBeGreaterThan(0);
    await screenshotBoth(page, "check-inbox");
    await expectAccessible(page, "check-inbox");

    // The verification mail arrives over SMTP; its link verifies and signs in.
    const mail = await server.sink.waitFor(user.email, /verify/i, 15_000);
    const link = linkIn(mail, `${server.url}/api/auth/verify-email`);
    await page.goto(link);
    await page.waitForURL(/\/verified/);
    await page.getByRole("heading", { name: /verified/i }).waitFor();
    await screenshotBoth(page, "email-verified");
    await expectAccessible(page, "email-verified");
    await page
      .getByRole("button", { name: "Continue" })
      .or(page.getByRole("link", { name: "Continue" }))
      .click();

    await page.waitForURL(`${server.url}/`);
    await expect.poll(() => page.getByText(user.name).count()).toBeGreaterThan(0);
    await screenshotBoth(page, "home");
    await expectAccessible(page, "home");

    // Sign out from the user menu.
    await page.getByTestId("user-menu").click();
    await page.getByRole("menuitem", { name: "Sign out" }).click();
    await page.waitForURL(/\/sign-in/);

    // A wrong password is explained in plain words.
    await page.getByLabel("Email", { exact: true }).fill(user.email);
    await page.getByLabel("Password", { exact: true }).fill("not the password");
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    await page
      .getByText(/invalid email or password|incorrect/i)
      .first()
      .waitFor();
    await screenshotBoth(page, "sign-in-error");

    await page.getByLabel("Password", { exact: true }).fill(user.password);
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    await page.waitForURL(`${server.url}/`);
    await expect.poll(() => page.getByText(user.name).count()).toBeGreaterThan(0);
  });

  it("explains a redirect error code on the error screen", async () => {
    await page.goto(`${server.url}/error?error=account_already_linked_to_different_user`);
    await page.getByRole("heading", { level: 1 }).waitFor();
    const text = (await page.locator("main").textContent()) ?? "";
    expect(text).not.toMatch(/^\s*$/);
    expect(text).toMatch(/linked|another account/i);
    await screenshotBoth(page, "error");
    await expectAccessible(page, "error");
  });

  it("shows a not-found page for unknown routes", async () => {
    await page.goto(`${server.url}/no/such/page`);
    await page.getByRole("heading", { name: /not found/i }).waitFor();
    await expectAccessible(page, "not-found");
  });
});
