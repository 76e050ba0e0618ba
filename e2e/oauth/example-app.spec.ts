import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort } from "../../test/support/free-port.ts";
import { type SpawnedServer, spawnServer } from "../../test/support/spawn-server.ts";
import { expectAccessible, launchChromium, screenshotBoth } from "../support/browser.ts";
import { authApi, person, type SeededUser, seedUser, signedInContext } from "../support/seed.ts";
import { type E2EServer, startE2EServer } from "../support/server.ts";

const POLL = { timeout: 15_000 };

/**
 * The issue's acceptance 3 in Chromium: examples/node-app (its own process) → Gatehouse sign-in → consent →
 * back in the example app, which shows the user from the ID token and its own API's verified answer; then the
 * person revokes the app in Account → Connected apps and the example app's refresh is refused.
 */
describe("the example app signs in with Gatehouse in Chromium", () => {
  let server: E2EServer;
  let example: SpawnedServer | undefined;
  let exampleUrl = "";
  let browser: Browser;
  let admin: SeededUser;
  let grace: SeededUser;
  let context: BrowserContext;
  let page: Page;
  let clientId = "";
  const organization = { name: "Hopper Labs", slug: `hopper-labs-${Date.now().toString(36)}` };

  beforeAll(async () => {
    exampleUrl = `http://127.0.0.1:${await freePort()}`;
    const adminInput = person("Ada Admin");
    // The example app's API is a resource: its access tokens are JWTs for it, verified offline.
    server = await startE2EServer({ ADMIN_EMAILS: adminInput.email, OIDC_RESOURCES: `${exampleUrl}/api` });
    admin = await seedUser(server, adminInput);
    grace = await seedUser(server, person("Grace Hopper"));
    await authApi(server, "/organization/create", { cookie: grace.cookie, json: organization });
    browser = await launchChromium();
    context = await browser.newContext({ viewport: { width: 1280, height: 860 } });
    page = await context.newPage();
  });
  afterAll(async () => {
    await browser?.close();
    await example?.stop();
    await server?.close();
  });

  it("an admin registers the example app in the Applications screen", async () => {
    const adminContext = await signedInContext(browser, server, admin);
    const adminPage = await adminContext.newPage();
    await adminPage.goto(`${server.url}/admin/applications`);
    await adminPage.getByRole("button", { name: "Register app" }).first().click();
    const dialog = adminPage.getByRole("dialog", { name: "Register an app" });
    await dialog.getByLabel("Name", { exact: true }).fill("Example app");
    await dialog.getByRole("radio", { name: "Native app" }).check();
    await dialog.getByRole("textbox", { name: "Redirect URIs", exact: true }).fill(`${exampleUrl}/callback`);
    await dialog.getByRole("textbox", { name: "Post-logout redirect URIs" }).fill(`${exampleUrl}/`);
    await dialog.getByRole("checkbox", { name: "offline_access" }).check();
    await dialog.getByRole("checkbox", { name: "organizations" }).check();
    await dialog.getByRole("button", { name: "Register app" }).click();
    const issued = adminPage.getByRole("dialog", { name: "App registered" });
    await issued.getByText(/This app has no secret/).waitFor(POLL);
    clientId = (await issued.locator("code").first().textContent()) as string;
    expect(clientId).toBeTruthy();
    await adminContext.close();

    // The example app, in its own process, configured as its README says (a public client: no secret).
    example = await spawnServer(
      {
        GATEHOUSE_ISSUER: `${server.url}/api/auth`,
        CLIENT_ID: clientId,
        PORT: new URL(exampleUrl).port,
        REDIRECT_URI: `${exampleUrl}/callback`,
      },
      { command: ["node", "examples/node-app/server.mjs"] },
    );
  });

  it("signing in from the example app goes through Gatehouse's sign-in and consent and back", async () => {
    await page.goto(exampleUrl);
    await page.getByRole("link", { name: "Sign in with Gatehouse" }).click();
    await page.waitForURL(/\/sign-in\?/, POLL);
    await page.getByLabel("Email", { exact: true }).fill(grace.email);
    await page.getByLabel("Password", { exact: true }).fill(grace.password);
    await page.getByRole("button", { name: "Sign in", exact: true }).click();

    await page.waitForURL(/\/oauth\/consent\?/, POLL);
    await page
      .getByRole("heading", { level: 1, name: "Example app wants to use your Gatehouse account" })
      .waitFor();
    await page.getByText("See your organizations and your roles in them", { exact: true }).waitFor();
    await expectAccessible(page, "consent for the example app");
    await page.getByRole("button", { name: "Allow" }).click();

    // Back in the example app: the user from the ID token, and its API's answer after verifying the token.
    await page.waitForURL(`${exampleUrl}/`, POLL);
    await page.getByRole("heading", { name: "Signed in" }).waitFor(POLL);
    expect(await page.locator("#user").textContent()).toContain(grace.email);
    expect(await page.locator("#api-status").textContent()).toBe("200");
    const answer = JSON.parse((await page.locator("#api-answer").textContent()) ?? "{}");
    expect(answer.iss).toBe(`${server.url}/api/auth`);
    expect([answer.aud].flat()).toContain(`${exampleUrl}/api`);
    expect(answer.sub).toBeTruthy();
    expect(await page.locator("#organizations").textContent()).toContain(organization.name);
    await screenshotBoth(page, "example-app-signed-in");
  });

  it("revoking the example app in Connected apps makes its next refresh fail", async () => {
    // Before: a refresh works (the app gets new tokens and its API still accepts them).
    await page.getByRole("button", { name: "Refresh tokens" }).click();
    await page.waitForURL(`${exampleUrl}/`, POLL);
    expect(await page.locator("#api-status").textContent()).toBe("200");

    // Same browser: Gatehouse's session from the sign-in above.
    const gatehouse = await context.newPage();
    await gatehouse.goto(`${server.url}/account?section=apps`);
    const row = gatehouse.getByTestId("connected-app");
    await row.getByText("Example app").waitFor(POLL);
    await row.getByText("See your organizations and your roles in them", { exact: false }).waitFor();
    await row.getByRole("button", { name: "Revoke Example app" }).click();
    await gatehouse
      .getByRole("dialog", { name: "Revoke Example app?" })
      .getByRole("button", { name: "Revoke access" })
      .click();
    await gatehouse.getByText("No connected apps").waitFor(POLL);

    await page.bringToFront();
    await page.getByRole("button", { name: "Refresh tokens" }).click();
    await page.locator("#refresh-error").waitFor(POLL);
    expect(await page.locator("#refresh-error").textContent()).toContain("invalid_grant");
  });
});
