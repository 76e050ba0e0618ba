import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, it } from "vitest";
import { launchChromium } from "../support/browser.ts";
import { person, seedUser, signedInContext } from "../support/seed.ts";
import { type E2EServer, startE2EServer } from "../support/server.ts";

// Guards against the password dialog opening behind the dialog whose action asked for it: both
// are dialogs of the same layer, and the deletion dialog's section mounts after the page.
describe("re-authentication over another dialog in Chromium", () => {
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

  it("asks for the password above the deletion dialog, then mails the deletion link", async () => {
    const user = await seedUser(server, person("Rhea Reauth"));
    const context = await signedInContext(browser, server, user);
    const page = await context.newPage();
    await page.goto(`${server.url}/account?section=profile`);
    await page.getByRole("heading", { level: 2, name: "Profile" }).waitFor();
    // Opened from the page's own navigation, so the section (and its dialog) mounts last.
    await page.getByRole("link", { name: "Danger zone" }).click();
    await page.getByRole("button", { name: "Delete account" }).click();
    const dialog = page.getByRole("dialog", { name: "Delete your account?" });
    await dialog.getByLabel("Type DELETE to confirm").fill("DELETE");

    // The server's "Session expired. Re-authenticate" answer, stood in for once (a session is fresh for a day).
    let refused = false;
    await page.route("**/api/auth/delete-user", async (route) => {
      if (refused) return route.continue();
      refused = true;
      return route.fulfill({
        status: 400,
        contentType: "application/json",
        body: JSON.stringify({ code: "SESSION_EXPIRED", message: "Session expired." }),
      });
    });
    await dialog.getByRole("button", { name: "Send deletion link" }).click();
    const reauth = page.getByRole("dialog", { name: "Confirm it's you" });
    await reauth.getByLabel("Password", { exact: true }).fill(user.password);
    // A click fails when another dialog covers the button.
    await reauth.getByRole("button", { name: "Confirm" }).click({ timeout: 5_000 });
    await reauth.waitFor({ state: "detached" });
    await dialog.waitFor({ state: "detached" });
    await page.getByTestId("deletion-pending").waitFor();
    await context.close();
  });
});
