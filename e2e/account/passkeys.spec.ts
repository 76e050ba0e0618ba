import type { Browser, BrowserContext, CDPSession, Page, Route } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  captureScreen,
  expectAccessible,
  launchChromium,
  pageErrors,
  screenshotBoth,
} from "../support/browser.ts";
import { person, type SeededUser, seedUser, signedInContext } from "../support/seed.ts";
import { type E2EServer, startE2EServer } from "../support/server.ts";

/**
 * A virtual platform authenticator (the DevTools protocol's WebAuthn domain) in this page: resident keys,
 * user verification that always succeeds, and presence answered at once, as a fingerprint reader would.
 */
async function virtualAuthenticator(context: BrowserContext, page: Page) {
  const cdp: CDPSession = await context.newCDPSession(page);
  await cdp.send("WebAuthn.enable");
  const { authenticatorId } = await cdp.send("WebAuthn.addVirtualAuthenticator", {
    options: {
      protocol: "ctap2",
      transport: "internal",
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  const credentials = async () =>
    (await cdp.send("WebAuthn.getCredentials", { authenticatorId })).credentials;
  return { cdp, authenticatorId, credentials };
}

// Passkeys are bound to a host name: the server's public URL is http://localhost:<port> here (decision 25).
describe("passkeys in Chromium with a virtual authenticator", () => {
  let server: E2EServer;
  let browser: Browser;
  let user: SeededUser;

  beforeAll(async () => {
    server = await startE2EServer({}, { hostname: "localhost" });
    browser = await launchChromium();
    user = await seedUser(server, person("Pia Passkey"));
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it("adds and names a passkey from Security, signs out, and signs in with it", async () => {
    const context = await signedInContext(browser, server, user);
    const page = await context.newPage();
    const errors = pageErrors(page);
    const authenticator = await virtualAuthenticator(context, page);

    await page.goto(`${server.url}/account?section=security`);
    const card = page.getByRole("region", { name: "Passkeys" });
    await card.getByText("No passkeys yet.").waitFor();
    await captureScreen(page, "account", "passkeys-empty");

    await card.getByRole("button", { name: "Add a passkey" }).click();
    const naming = page.getByRole("dialog", { name: "Passkey added" });
    const nameField = naming.getByLabel("Name");
    await nameField.waitFor();
    expect(await nameField.inputValue()).toBe("Passkey on Linux");
    expect(await authenticator.credentials()).toHaveLength(1);
    await captureScreen(page, "account", "passkey-added");
    await nameField.fill("Work laptop");
    await nameField.press("Enter");
    await naming.waitFor({ state: "detached" });
    await card.getByText("Work laptop").waitFor();
    await card.getByText(/not used yet/).waitFor();

    // Renamed with the keyboard alone: the row's button, the dialog's field, Enter.
    await card.getByRole("button", { name: "Rename Work laptop" }).focus();
    await page.keyboard.press("Enter");
    const rename = page.getByRole("dialog", { name: "Rename passkey" });
    // The dialog moves the focus into its field once it has opened: type only then.
    await rename.getByLabel("Name").waitFor();
    await expect
      .poll(() => rename.getByLabel("Name").evaluate((field) => field === document.activeElement))
      .toBe(true);
    await page.keyboard.press("ControlOrMeta+A");
    await page.keyboard.type("Pia's laptop");
    await page.keyboard.press("Enter");
    await rename.waitFor({ state: "detached" });
    await card.getByText("Pia's laptop").waitFor();
    await captureScreen(page, "account", "passkeys");

    // The virtual authenticator answers the sign-in screen's autofill request at once (the next journey
    // signs in that way): hold those requests back, so that this journey signs in with the button.
    const held: Route[] = [];
    let pressed = false;
    await page.route("**/api/auth/passkey/generate-authenticate-options", async (route) => {
      if (pressed) return route.continue();
      held.push(route);
    });

    // Sign out from the user menu, then sign in with the passkey, back to where the person was going.
    await page.getByRole("button", { name: /Account menu for Pia Passkey/ }).click();
    await page.getByRole("menuitem", { name: "Sign out" }).click();
    await page.waitForURL(/\/sign-in/);
    await page.goto(`${server.url}/sign-in?redirect=${encodeURIComponent("/account?section=security")}`);
    const email = page.getByLabel("Email", { exact: true });
    expect(await email.getAttribute("autocomplete")).toBe("username webauthn");
    await expectAccessible(page, "sign-in with passkey button", { schemes: ["light", "dark"] });
    await screenshotBoth(page, "sign-in-passkey-1280");
    expect(await page.evaluate(() => PublicKeyCredential.isConditionalMediationAvailable())).toBe(true);
    expect(held.length).toBeGreaterThan(0);
    pressed = true;
    await page.getByRole("button", { name: "Sign in with a passkey" }).click();
    await page.waitForURL(`${server.url}/account?section=security`);
    await card.getByText("Pia's laptop").waitFor();
    await card.getByText(/last used/).waitFor();
    // The held autofill requests fail late, after their screen is gone: nothing may show or throw.
    for (const route of held) await route.abort().catch(() => {});
    await page.waitForTimeout(300);

    // Removing needs a recent sign-in. The server's refusal, stood in for once (a session is fresh for a
    // day), opens the confirmation, which the passkey answers; the removal then goes through.
    let refused = false;
    await page.route("**/api/auth/passkey/delete-passkey", async (route) => {
      if (refused) return route.continue();
      refused = true;
      return route.fulfill({
        status: 403,
        contentType: "application/json",
        body: JSON.stringify({ code: "SESSION_NOT_FRESH", message: "Session is not fresh" }),
      });
    });
    await card.getByRole("button", { name: "Remove Pia's laptop" }).click();
    await page
      .getByRole("dialog", { name: /Remove/ })
      .getByRole("button", { name: "Remove passkey" })
      .click();
    const reauth = page.getByRole("dialog", { name: "Confirm it's you" });
    await reauth.getByRole("button", { name: "Confirm with a passkey" }).waitFor();
    await captureScreen(page, "account", "reauth-passkey");
    await reauth.getByRole("button", { name: "Confirm with a passkey" }).click();
    await card.getByText("No passkeys yet.").waitFor();
    expect(refused).toBe(true);
    const sessions = await page.evaluate(async () => (await fetch("/api/auth/list-sessions")).json());
    // The passkey's new session replaced the one it confirmed: still one session in this browser.
    expect(sessions).toHaveLength(1);
    const session = await page.evaluate(async () => (await fetch("/api/auth/get-session")).json());
    expect(session?.user?.email).toBe(user.email);

    expect(errors).toEqual([]);
    await context.close();
  });

  it("signs in with a passkey chosen from the email field's autofill", async () => {
    const someone = await seedUser(server, person("Otto Autofill"));
    const context = await signedInContext(browser, server, someone);
    const page = await context.newPage();
    const errors = pageErrors(page);
    await virtualAuthenticator(context, page);
    await page.goto(`${server.url}/account?section=security`);
    const card = page.getByRole("region", { name: "Passkeys" });
    await card.getByRole("button", { name: "Add a passkey" }).click();
    await page
      .getByRole("dialog", { name: "Passkey added" })
      .getByRole("button", { name: "Keep this name" })
      .click();
    await card.getByText("Passkey on Linux").waitFor();
    await context.clearCookies();

    // The screen starts a conditional request on load; the virtual authenticator, which answers at once,
    // stands in for the person picking the passkey from the autofill list.
    const asked = page.waitForRequest((r) =>
      r.url().endsWith("/api/auth/passkey/generate-authenticate-options"),
    );
    await page.goto(`${server.url}/sign-in`);
    await asked;
    await page.waitForURL(`${server.url}/`, { timeout: 15_000 });
    const me = await page.evaluate(async () => (await fetch("/api/auth/get-session")).json());
    expect(me?.user?.email).toBe(someone.email);
    expect(errors).toEqual([]);
    await context.close();
  });

  // Security with and without passkeys is shot at 390 px by the first journey (captureScreen).
  it("leaves the sign-in screen on a phone without a pending passkey request", async () => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    const errors = pageErrors(page);
    await page.goto(`${server.url}/sign-in`);
    await page.getByRole("button", { name: "Sign in with a passkey" }).waitFor();
    await screenshotBoth(page, "sign-in-passkey-390");
    // Off to sign-up and back: the first visit's autofill request is aborted on the way out, a new one starts.
    const again = page.waitForRequest((r) =>
      r.url().endsWith("/api/auth/passkey/generate-authenticate-options"),
    );
    await page.getByRole("link", { name: "Create one" }).click();
    await page.waitForURL(/\/sign-up/);
    await page.getByRole("link", { name: "Sign in" }).click();
    await page.waitForURL(/\/sign-in/);
    await again;
    await page.getByRole("button", { name: "Sign in with a passkey" }).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });
});
