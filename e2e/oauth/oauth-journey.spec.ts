import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import * as oidc from "openid-client";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { linkIn } from "../../test/support/smtp-sink.ts";
import { secretOf, totpCode } from "../../test/support/two-factor.ts";
import { expectAccessible, launchChromium, screenshotBoth } from "../support/browser.ts";
import { authApi, person, type SeededUser, seedUser, signedInContext } from "../support/seed.ts";
import { type E2EServer, startE2EServer } from "../support/server.ts";

const POLL = { timeout: 15_000 };

/** The app's side of the journey: a loopback listener standing in for its redirect URI. */
interface AppListener {
  base: string;
  /** Every URL the browser was sent to, newest last. */
  hits: URL[];
  close(): Promise<void>;
}

async function startAppListener(): Promise<AppListener> {
  const hits: URL[] = [];
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://127.0.0.1");
    hits.push(url);
    res.writeHead(200, { "content-type": "text/html; charset=utf-8" });
    res.end(`<!doctype html><html lang="en"><title>Notebook</title><h1>Back in Notebook</h1></html>`);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    hits,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/**
 * "Sign in with Gatehouse" in Chromium: an admin registers an app, a visitor of the app signs in (and a
 * newcomer signs up) through Gatehouse, allows or denies it on the consent screen, lands back at the
 * app's redirect URI; broken requests get Gatehouse's error page; the person revokes the app in Account.
 */
describe("Sign in with Gatehouse in Chromium", () => {
  let server: E2EServer;
  let app: AppListener;
  let browser: Browser;
  let admin: SeededUser;
  let ada: SeededUser;
  let adminContext: BrowserContext;
  let adminPage: Page;
  let clientId = "";
  let redirectUri = "";
  let config: oidc.Configuration;
  let refreshToken = "";

  beforeAll(async () => {
    const adminInput = person("Ada Admin");
    server = await startE2EServer({ ADMIN_EMAILS: adminInput.email });
    app = await startAppListener();
    redirectUri = `${app.base}/callback`;
    admin = await seedUser(server, adminInput);
    ada = await seedUser(server, person("Ada Lovelace"));
    browser = await launchChromium();
    adminContext = await signedInContext(browser, server, admin);
    adminPage = await adminContext.newPage();
  });
  afterAll(async () => {
    await browser?.close();
    await app?.close();
    await server?.close();
  });

  /** An authorization request as the app's library builds it (PKCE S256), and what it must check after. */
  async function authorization(extra: Record<string, string> = {}) {
    const verifier = oidc.randomPKCECodeVerifier();
    const state = oidc.randomState();
    const url = oidc.buildAuthorizationUrl(config, {
      redirect_uri: redirectUri,
      scope: "openid profile email offline_access",
      code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
      code_challenge_method: "S256",
      state,
      ...extra,
    });
    return { url: url.href, verifier, state };
  }

  /** Presses Tab until `name` has the focus, then Enter: the button is reachable and usable by keyboard. */
  async function pressByKeyboard(page: Page, name: string) {
    for (let i = 0; i < 40; i += 1) {
      await page.keyboard.press("Tab");
      const focused = await page.evaluate(() => document.activeElement?.textContent?.trim() ?? "");
      if (focused === name) {
        await page.keyboard.press("Enter");
        return;
      }
    }
    throw new Error(`${name} never got the keyboard focus`);
  }

  it("an admin registers apps, sees a secret once, rotates it, and gets a ready-to-copy configuration", async () => {
    await adminPage.goto(`${server.url}/admin/applications`);
    await adminPage.getByRole("heading", { level: 1, name: "Applications" }).waitFor();
    await adminPage.getByText("No apps yet").waitFor();

    // A web app (it keeps a secret). An http redirect URI is refused by the provider, in the dialog.
    await adminPage.getByRole("button", { name: "Register app" }).first().click();
    let dialog = adminPage.getByRole("dialog", { name: "Register an app" });
    await dialog.getByLabel("Name", { exact: true }).fill("Billing");
    await dialog.getByRole("textbox", { name: "Redirect URIs", exact: true }).fill(redirectUri);
    await dialog.getByRole("button", { name: "Register app" }).click();
    await dialog.getByText("The app was not registered").waitFor(POLL);
    await dialog
      .getByRole("textbox", { name: "Redirect URIs", exact: true })
      .fill("https://billing.example.com/auth/callback");
    await screenshotBoth(adminPage, "admin-application-register");
    await expectAccessible(adminPage, "register app dialog", { schemes: ["light", "dark"] });
    await dialog.getByRole("button", { name: "Register app" }).click();

    const issued = adminPage.getByRole("dialog", { name: "App registered" });
    await issued.getByText("Copy the secret now").waitFor(POLL);
    const codes = await issued.locator("code").allTextContents();
    expect(codes).toHaveLength(2);
    const billingId = codes[0] as string;
    const secret = codes[1] as string;
    expect(secret.length).toBeGreaterThan(20);
    await issued.getByRole("button", { name: "I've copied the secret" }).click();

    // The app's page: its configuration block, never the secret again.
    await adminPage.waitForURL(new RegExp(`/admin/applications/${billingId}$`), POLL);
    await adminPage.getByRole("heading", { level: 1, name: "Billing" }).waitFor();
    const block = await adminPage.getByTestId("app-config").textContent();
    expect(block).toContain(`OIDC_CLIENT_ID=${billingId}`);
    expect(block).toContain(`OIDC_ISSUER=${server.url}/api/auth`);
    expect(block).toContain(`OIDC_DISCOVERY_URL=${server.url}/api/auth/.well-known/openid-configuration`);
    expect(block).toContain("OIDC_REDIRECT_URI=https://billing.example.com/auth/callback");
    expect(block).toContain('OIDC_SCOPES="openid profile email"');
    expect(await adminPage.content()).not.toContain(secret);
    await screenshotBoth(adminPage, "admin-application");
    await expectAccessible(adminPage, "application page", { schemes: ["light", "dark"] });

    // Rotating issues a new secret, shown once as well.
    await adminPage.getByRole("button", { name: "Rotate secret" }).click();
    await adminPage
      .getByRole("dialog", { name: "Rotate the client secret?" })
      .getByRole("button", { name: "Rotate secret" })
      .click();
    const rotated = adminPage.getByRole("dialog", { name: "New client secret" });
    await rotated.getByText(/The previous secret no longer works/).waitFor(POLL);
    const next = (await rotated.locator("code").allTextContents())[1] as string;
    expect(next).toBeTruthy();
    expect(next).not.toBe(secret);
    await rotated.getByRole("button", { name: "I've copied the secret" }).click();

    // A native app (no secret, PKCE) on a loopback redirect URI: the one the journey below uses.
    await adminPage.getByRole("link", { name: "Applications" }).first().click();
    await adminPage.getByRole("button", { name: "Register app" }).first().click();
    dialog = adminPage.getByRole("dialog", { name: "Register an app" });
    await dialog.getByLabel("Name", { exact: true }).fill("Notebook");
    await dialog.getByRole("radio", { name: "Native app" }).check();
    await dialog.getByRole("textbox", { name: "Redirect URIs", exact: true }).fill(redirectUri);
    // A logo that cannot load (an .invalid host): screens show a placeholder instead.
    await dialog.getByLabel("Logo URL").fill("https://logo.invalid/notebook.png");
    await dialog.getByLabel("Homepage").fill("https://notebook.example.com");
    await dialog.getByRole("checkbox", { name: "offline_access" }).check();
    await dialog.getByRole("button", { name: "Register app" }).click();
    const registered = adminPage.getByRole("dialog", { name: "App registered" });
    await registered.getByText(/This app has no secret/).waitFor(POLL);
    clientId = (await registered.locator("code").first().textContent()) as string;
    await registered.getByRole("button", { name: "Done" }).click();
    await adminPage.getByRole("heading", { level: 1, name: "Notebook" }).waitFor(POLL);
    expect(await adminPage.getByRole("button", { name: "Rotate secret" }).count()).toBe(0);

    // A service (client credentials): no redirect URIs or user scopes to fill in; a secret, shown once.
    await adminPage.getByRole("link", { name: "Applications" }).first().click();
    await adminPage.getByRole("button", { name: "Register app" }).first().click();
    dialog = adminPage.getByRole("dialog", { name: "Register an app" });
    await dialog.getByLabel("Name", { exact: true }).fill("Billing worker");
    await dialog.getByRole("radio", { name: "Service" }).check();
    expect(await dialog.getByRole("textbox", { name: "Redirect URIs", exact: true }).count()).toBe(0);
    await dialog.getByRole("checkbox", { name: "First-party app" }).check();
    await dialog.getByRole("button", { name: "Register app" }).click();
    const serviceIssued = adminPage.getByRole("dialog", { name: "App registered" });
    await serviceIssued.getByText("Copy the secret now").waitFor(POLL);
    await serviceIssued.getByRole("button", { name: "I've copied the secret" }).click();
    await adminPage.getByRole("heading", { level: 1, name: "Billing worker" }).waitFor(POLL);
    expect(await adminPage.getByTestId("app-config").textContent()).toContain("OIDC_TOKEN_URL=");
    await adminPage.getByText("First-party", { exact: true }).first().waitFor();

    await adminPage.getByRole("link", { name: "Applications" }).first().click();
    await expect.poll(() => adminPage.getByTestId("application-row").count(), POLL).toBe(3);
    await screenshotBoth(adminPage, "admin-applications");
    await expectAccessible(adminPage, "applications list", { schemes: ["light", "dark"] });
    await adminPage.setViewportSize({ width: 390, height: 844 });
    await screenshotBoth(adminPage, "admin-applications-390");
    await expectAccessible(adminPage, "applications list (phone)");
    await adminPage.setViewportSize({ width: 1280, height: 860 });

    config = await oidc.discovery(new URL(`${server.url}/api/auth`), clientId, undefined, oidc.None(), {
      execute: [oidc.allowInsecureRequests],
    });
  });

  it("a signed-out visitor of the app signs in, allows it by keyboard, and lands back in the app", async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 860 } });
    const page = await context.newPage();
    const request = await authorization();
    await page.goto(request.url);
    await page.waitForURL(/\/sign-in\?/);
    await page.getByText("to continue to the app").waitFor();
    await page.getByLabel("Email", { exact: true }).fill(ada.email);
    await page.getByLabel("Password", { exact: true }).fill(ada.password);
    await page.getByRole("button", { name: "Sign in", exact: true }).click();

    await page.waitForURL(/\/oauth\/consent\?/, POLL);
    await page
      .getByRole("heading", { level: 1, name: "Notebook wants to use your Gatehouse account" })
      .waitFor();
    await page.getByText("notebook.example.com").waitFor();
    for (const words of [
      "Know who you are",
      "See your name and picture",
      "See your email address",
      "Stay connected",
    ]) {
      await page.getByText(words, { exact: true }).waitFor();
    }
    await screenshotBoth(page, "oauth-consent");
    await expectAccessible(page, "consent", { schemes: ["light", "dark"] });
    await page.setViewportSize({ width: 390, height: 844 });
    await screenshotBoth(page, "oauth-consent-390");
    await expectAccessible(page, "consent (phone)");

    await pressByKeyboard(page, "Allow");
    await page.waitForURL((url) => url.href.startsWith(`${redirectUri}?`), POLL);
    await page.getByRole("heading", { name: "Back in Notebook" }).waitFor();
    const callback = new URL(page.url());
    expect(callback.searchParams.get("state")).toBe(request.state);
    const tokens = await oidc.authorizationCodeGrant(config, callback, {
      pkceCodeVerifier: request.verifier,
      expectedState: request.state,
    });
    expect(tokens.claims()?.email).toBe(ada.email);
    refreshToken = tokens.refresh_token as string;
    expect(refreshToken).toBeTruthy();
    await context.close();
  });

  it("denying sends the app error=access_denied at its registered redirect URI", async () => {
    const context = await signedInContext(browser, server, ada);
    const page = await context.newPage();
    const request = await authorization({ prompt: "consent" });
    await page.goto(request.url);
    await page.getByRole("button", { name: "Deny" }).click();
    await page.waitForURL((url) => url.href.startsWith(`${redirectUri}?`), POLL);
    const back = new URL(page.url());
    expect(back.searchParams.get("error")).toBe("access_denied");
    expect(back.searchParams.get("state")).toBe(request.state);
    expect(back.searchParams.has("code")).toBe(false);
    await context.close();
  });

  it("an unknown app or an unregistered redirect URI shows our error page and never leaves Gatehouse", async () => {
    const context = await signedInContext(browser, server, ada);
    const page = await context.newPage();
    const unknown = new URL(`${server.url}/api/auth/oauth2/authorize`);
    unknown.search = new URLSearchParams({
      response_type: "code",
      client_id: "no-such-app",
      redirect_uri: redirectUri,
    }).toString();
    await page.goto(unknown.href);
    await page.waitForURL(/\/oauth\/error\?/, POLL);
    await page.getByRole("heading", { level: 1, name: "Unknown app" }).waitFor();
    await screenshotBoth(page, "oauth-error");
    await expectAccessible(page, "oauth error", { schemes: ["light", "dark"] });

    const hitsBefore = app.hits.length;
    const elsewhere = await authorization({ redirect_uri: `${app.base}/elsewhere` });
    await page.goto(elsewhere.url);
    await page.waitForURL(/\/oauth\/error\?/, POLL);
    await page.getByRole("heading", { level: 1, name: "Unrecognised return address" }).waitFor();
    expect(app.hits.length).toBe(hitsBefore);
    await context.close();
  });

  it("a newcomer signs up from the app's sign-in, confirms the email and goes on to the consent screen", async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 860 } });
    const page = await context.newPage();
    const newcomer = person("Grace Hopper");
    await page.goto((await authorization()).url);
    await page.waitForURL(/\/sign-in\?/);
    await page.getByRole("link", { name: "Create one" }).click();
    await page.waitForURL(/\/sign-up/);
    await page.getByLabel("Name", { exact: true }).fill(newcomer.name);
    await page.getByLabel("Email", { exact: true }).fill(newcomer.email);
    await page.getByLabel("Password", { exact: true }).fill(newcomer.password);
    await page.getByLabel("Confirm password", { exact: true }).fill(newcomer.password);
    await page.getByRole("button", { name: "Create account" }).click();
    await page.waitForURL(/\/check-inbox/, POLL);
    const mail = await server.sink.waitFor(newcomer.email, /verify/i, 15_000);
    await page.goto(linkIn(mail, `${server.url}/api/auth/verify-email`));
    await page.waitForURL(/\/oauth\/consent\?/, POLL);
    await page
      .getByRole("heading", { level: 1, name: "Notebook wants to use your Gatehouse account" })
      .waitFor();
    await context.close();
  });

  it("an account with two-factor passes the second step and goes on to the consent screen", async () => {
    const tom = await seedUser(server, person("Tom Totp"));
    const { totpURI } = await authApi<{ totpURI: string }>(server, "/two-factor/enable", {
      cookie: tom.cookie,
      json: { password: tom.password },
    });
    const secret = secretOf(totpURI);
    await authApi(server, "/two-factor/verify-totp", {
      cookie: tom.cookie,
      json: { code: totpCode(secret) },
    });

    const context = await browser.newContext({ viewport: { width: 1280, height: 860 } });
    const page = await context.newPage();
    await page.goto((await authorization()).url);
    await page.waitForURL(/\/sign-in\?/);
    await page.getByLabel("Email", { exact: true }).fill(tom.email);
    await page.getByLabel("Password", { exact: true }).fill(tom.password);
    await page.getByRole("button", { name: "Sign in" }).click();
    await page.waitForURL(/\/sign-in\/two-factor\?/, POLL);
    await page.getByLabel("Authentication code").fill(totpCode(secret));
    await page.getByRole("button", { name: "Verify" }).click();
    await page.waitForURL(/\/oauth\/consent\?/, POLL);
    await page
      .getByRole("heading", { level: 1, name: "Notebook wants to use your Gatehouse account" })
      .waitFor();
    await context.close();
  });

  it("the person revokes the app in Connected apps, and the app's refresh token stops working", async () => {
    const context = await signedInContext(browser, server, ada);
    const page = await context.newPage();
    await page.goto(`${server.url}/account?section=apps`);
    const row = page.getByTestId("connected-app");
    await expect.poll(() => row.count(), POLL).toBe(1);
    await row.getByText("Notebook").waitFor();
    await row.getByText(/Last used/).waitFor();
    await screenshotBoth(page, "account-apps-1280");
    await expectAccessible(page, "connected apps", { schemes: ["light", "dark"] });
    await page.setViewportSize({ width: 390, height: 844 });
    await screenshotBoth(page, "account-apps-390");
    await expectAccessible(page, "connected apps (phone)");

    // By keyboard: Tab to Revoke, Enter; the dialog focuses Cancel first, Tab on to "Revoke access", Enter.
    await pressByKeyboard(page, "Revoke");
    await page.getByRole("dialog", { name: "Revoke Notebook?" }).waitFor();
    await pressByKeyboard(page, "Revoke access");
    await page.getByText("No connected apps").waitFor(POLL);

    const refusal = await oidc.refreshTokenGrant(config, refreshToken).then(
      () => undefined,
      (error: oidc.ResponseBodyError) => error,
    );
    expect(refusal?.error).toBe("invalid_grant");
    await context.close();
  });

  // Last: signing out ends the seeded session the other journeys use.
  it("'Use another account' on the consent screen signs out and resumes the request as someone else", async () => {
    const context = await signedInContext(browser, server, ada);
    const page = await context.newPage();
    await page.goto((await authorization({ prompt: "consent" })).url);
    await page.getByText(ada.email).waitFor(POLL);
    await page.getByRole("button", { name: "Use another account" }).click();
    await page.waitForURL(/\/sign-in\?/, POLL);
    await page.getByLabel("Email", { exact: true }).fill(admin.email);
    await page.getByLabel("Password", { exact: true }).fill(admin.password);
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    await page.waitForURL(/\/oauth\/consent\?/, POLL);
    await page.getByText(admin.email).waitFor(POLL);
    await context.close();
  });
  it("a disabled app cannot start a sign-in until an admin enables it again", async () => {
    await adminPage.goto(`${server.url}/admin/applications/${clientId}`);
    await adminPage.getByRole("button", { name: "Disable" }).click();
    await adminPage.getByText("This app is disabled").waitFor(POLL);

    const context = await browser.newContext({ viewport: { width: 1280, height: 860 } });
    const page = await context.newPage();
    await page.goto((await authorization()).url);
    await page.waitForURL(/\/oauth\/error\?/, POLL);
    await page.getByRole("heading", { level: 1, name: "This app is turned off" }).waitFor();

    await adminPage.getByRole("button", { name: "Enable" }).click();
    await adminPage.getByText("This app is disabled").waitFor({ state: "detached", ...POLL });
    await page.goto((await authorization()).url);
    await page.waitForURL(/\/sign-in\?/, POLL);
    await context.close();
  });
});
