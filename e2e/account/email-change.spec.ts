import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, it } from "vitest";
import { linkIn } from "../../test/support/smtp-sink.ts";
import { captureScreen, DESKTOP, launchChromium } from "../support/browser.ts";
import { person, type SeededUser, seedUser, signedInContext } from "../support/seed.ts";
import { type E2EServer, startE2EServer } from "../support/server.ts";

/** Issue 20, item 6: the pending email change lives on the server, not in the browser that asked for it. */
describe("email change across browsers in Chromium", () => {
  let server: E2EServer;
  let browser: Browser;
  let user: SeededUser;
  let first: BrowserContext;
  let second: BrowserContext;
  let firstPage: Page;
  let secondPage: Page;
  const newEmail = person("Moved Mary").email;
  let finalLink = "";

  beforeAll(async () => {
    server = await startE2EServer();
    browser = await launchChromium();
    user = await seedUser(server, person("Mary Mover"));
    first = await signedInContext(browser, server, user, DESKTOP);
    second = await signedInContext(browser, server, user, DESKTOP);
    firstPage = await first.newPage();
    secondPage = await second.newPage();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  const capture = (target: Page, screen: string) => captureScreen(target, "email-change", screen);

  it("a change asked for in one browser shows, step by step, in a second one", async () => {
    await firstPage.goto(`${server.url}/account?section=email`);
    await firstPage.getByRole("button", { name: "Change", exact: true }).click();
    await firstPage.getByLabel("New email address").fill(newEmail);
    await firstPage.getByRole("button", { name: "Send confirmation link" }).click();
    await firstPage.getByTestId("pending-email-change").waitFor();

    await secondPage.goto(`${server.url}/account?section=email`);
    const pending = secondPage.getByTestId("pending-email-change");
    await pending.getByText("Approve from your current address").waitFor();
    await pending.getByText(newEmail).waitFor();
    await capture(secondPage, "pending-second-browser");

    // Approved from the second browser: it lands on the step's own screen.
    const approve = await server.sink.waitFor(user.email, /approve your email change/i, 15_000);
    await secondPage.goto(linkIn(approve, `${server.url}/api/auth/verify-email`));
    await secondPage.getByRole("heading", { level: 1, name: /change approved/i }).waitFor();
    await capture(secondPage, "approved");

    // The first browser learns it from the server.
    await firstPage.reload();
    await firstPage.getByText("Approved from your current address").waitFor();
    const confirm = await server.sink.waitFor(newEmail, /confirm your new email/i, 15_000);
    finalLink = linkIn(confirm, `${server.url}/api/auth/verify-email`);
  });

  it("the final link opened signed out ends on the confirmation screen; opened again it explains why not", async () => {
    const signedOut = await browser.newContext({ viewport: DESKTOP });
    const page = await signedOut.newPage();
    await page.goto(finalLink);
    await page.getByRole("heading", { level: 1, name: "Email address changed" }).waitFor();
    await page.getByText(newEmail).waitFor();
    await page.getByRole("link", { name: "Sign in with your new address" }).waitFor();
    await capture(page, "changed-signed-out");

    await page.goto(finalLink);
    await page.getByRole("heading", { level: 1, name: "This link can't be used" }).waitFor();
    await page.getByRole("main").getByRole("link", { name: "Sign in", exact: true }).waitFor();
    await capture(page, "used-link");
    await signedOut.close();

    await firstPage.reload();
    await firstPage.getByTestId("current-email").getByText(newEmail).waitFor();
    await firstPage.getByTestId("pending-email-change").waitFor({ state: "detached" });
  });
});
