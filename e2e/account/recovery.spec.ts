import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type OAuthProvider, startOAuthProvider } from "../../test/support/oauth-provider.ts";
import { linkIn } from "../../test/support/smtp-sink.ts";
import { expectAccessible, launchChromium, screenshotBoth } from "../support/browser.ts";
import { expectSignInRefused, person, seedUser, signInWithForm } from "../support/seed.ts";
import { type E2EServer, startE2EServer } from "../support/server.ts";

// Password recovery journeys: forgot → mail → reset → sign in (other sessions gone); a password-less account sets one.
describe("password recovery and set-password in Chromium", () => {
  let server: E2EServer;
  let oidc: OAuthProvider;
  let browser: Browser;
  const contexts: BrowserContext[] = [];

  beforeAll(async () => {
    oidc = await startOAuthProvider("oidc");
    server = await startE2EServer({
      OIDC_ISSUER: oidc.url,
      OIDC_CLIENT_ID: "gatehouse-e2e",
      OIDC_CLIENT_SECRET: "e2e-secret",
      OIDC_NAME: "Acme SSO",
    });
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
    await oidc?.close();
  });

  async function newPage(): Promise<Page> {
    const context = await browser.newContext({ viewport: { width: 1280, height: 860 } });
    contexts.push(context);
    return context.newPage();
  }

  it("resets a forgotten password from the mailed link and signs every other session out", async () => {
    const user = await seedUser(server, person("Rita Reset", { password: "first password 123" }));

    // Another device is signed in.
    const other = await newPage();
    await signInWithForm(other, server, user.email, user.password);

    const page = await newPage();
    await page.goto(`${server.url}/sign-in`);
    await page.getByRole("link", { name: "Forgot password?" }).click();
    await page.waitForURL(/\/forgot-password/);
    await page.getByLabel("Email", { exact: true }).fill(user.email);
    await page.getByRole("button", { name: "Send reset link" }).click();
    await page
      .getByText(/if an account exists/i)
      .first()
      .waitFor();
    await screenshotBoth(page, "forgot-password-sent");
    await expectAccessible(page, "forgot-password-sent");

    const mail = await server.sink.waitFor(user.email, /reset/i, 15_000);
    await page.goto(linkIn(mail, `${server.url}/api/auth/reset-password/`));
    await page.waitForURL(/\/reset-password/);
    const newPassword = "second password 456";
    await page.getByLabel("New password", { exact: true }).fill(newPassword);
    await page.getByLabel("Confirm password", { exact: true }).fill(newPassword);
    await screenshotBoth(page, "reset-password");
    await expectAccessible(page, "reset-password");
    await page.getByRole("button", { name: "Reset password" }).click();
    await page
      .getByText(/password (has been |was )?(reset|changed|updated)/i)
      .first()
      .waitFor();

    // The other device is signed out.
    await other.reload();
    await other.waitForURL(/\/sign-in/);

    // The old password no longer works; the new one does.
    await page.goto(`${server.url}/sign-in`);
    await expectSignInRefused(page, server, user.email, user.password);
    await signInWithForm(page, server, user.email, newPassword);

    // A used link, opened again from the mail, is explained, with a way to ask for a new one.
    const again = await newPage();
    await again.goto(linkIn(mail, `${server.url}/api/auth/reset-password/`));
    await again.waitForURL(/error=INVALID_TOKEN/);
    await again.getByRole("link", { name: "Request a new link" }).waitFor();
  });

  it("lets an account created by single sign-on set a password, then sign in with it", async () => {
    const email = `sso-${Date.now()}@example.test`;
    oidc.signInAs({ sub: `sso-${Date.now()}`, email, emailVerified: true, name: "Sam Sso" });
    const page = await newPage();
    await page.goto(`${server.url}/sign-in`);
    await page.getByRole("button", { name: "Continue with Acme SSO" }).click();
    await page.waitForURL(`${server.url}/`);

    await page.goto(`${server.url}/account?section=password`);
    await page.getByRole("button", { name: "Set password" }).waitFor();
    const password = "chosen password 789";
    await page.getByLabel("New password", { exact: true }).fill(password);
    await page.getByLabel("Confirm password", { exact: true }).fill(password);
    await page.getByRole("button", { name: "Set password" }).click();
    // Once set, the section offers a change instead.
    await page.getByLabel("Current password", { exact: true }).waitFor();

    const fresh = await newPage();
    await signInWithForm(fresh, server, email, password);
    await expect.poll(() => fresh.getByText("Sam Sso").count()).toBeGreaterThan(0);
  });
});
