import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { captureScreen, DESKTOP, launchChromium } from "../support/browser.ts";
import { person, type SeededUser, seedUser, signedInContext } from "../support/seed.ts";
import { type E2EServer, startE2EServer } from "../support/server.ts";

/** Issue 20, item 2: a bad mailed link explains itself; a success screen opened directly claims nothing. */
describe("mailed links in Chromium", () => {
  let server: E2EServer;
  let browser: Browser;
  let user: SeededUser;
  let guest: BrowserContext;
  let guestPage: Page;

  // A verification link as sign-in mails it (callbackURL "/"), its token spent, forged or expired.
  const badLink = () => `${server.url}/api/auth/verify-email?token=no.such.token&callbackURL=%2F`;

  beforeAll(async () => {
    server = await startE2EServer();
    browser = await launchChromium();
    user = await seedUser(server, person("Linda Links"));
    guest = await browser.newContext({ viewport: DESKTOP });
    guestPage = await guest.newPage();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  const capture = (target: Page, screen: string) => captureScreen(target, "mailed-links", screen);

  it("a bad verification link, signed out, lands on a screen that says so and offers a new link", async () => {
    await guestPage.goto(badLink());
    await guestPage.getByRole("heading", { level: 1, name: "This link can't be used" }).waitFor();
    expect(new URL(guestPage.url()).pathname).toBe("/verified");
    await guestPage.getByText(/expired or was already used/).waitFor();
    await guestPage
      .getByRole("button", { name: /send|resend/i })
      .first()
      .waitFor();
    await capture(guestPage, "bad-verification-link");
  });

  it("the same link, signed in, explains itself instead of opening the home page", async () => {
    const context = await signedInContext(browser, server, user, DESKTOP);
    const page = await context.newPage();
    await page.goto(badLink());
    await page.getByRole("heading", { level: 1, name: "This link can't be used" }).waitFor();
    expect(new URL(page.url()).pathname).toBe("/verified");
    await context.close();
  });

  it("success screens opened directly claim nothing", async () => {
    await guestPage.goto(`${server.url}/verified`);
    await guestPage.getByRole("heading", { level: 1, name: "Nothing to confirm here" }).waitFor();
    expect(await guestPage.getByRole("heading", { name: "Email verified" }).count()).toBe(0);
    await capture(guestPage, "verified-opened-directly");

    await guestPage.goto(`${server.url}/account/deleted`);
    await guestPage.getByRole("heading", { level: 1, name: "No account was deleted here" }).waitFor();
    await capture(guestPage, "deleted-opened-directly");

    await guestPage.goto(`${server.url}/email-change?outcome=made-up`);
    await guestPage.getByRole("heading", { level: 1, name: "Nothing to confirm here" }).waitFor();
  });
});
