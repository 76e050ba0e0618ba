import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type OAuthProvider, startOAuthProvider } from "../../test/support/oauth-provider.ts";
import { expectAccessible, launchChromium, screenshotBoth } from "../support/browser.ts";
import { type E2EServer, startE2EServer } from "../support/server.ts";

describe("social sign-in journey in Chromium", () => {
  let server: E2EServer;
  let oidc: OAuthProvider;
  let gitlab: OAuthProvider;
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    [oidc, gitlab] = await Promise.all([startOAuthProvider("oidc"), startOAuthProvider("gitlab")]);
    server = await startE2EServer({
      OIDC_ISSUER: oidc.url,
      OIDC_CLIENT_ID: "gatehouse-e2e",
      OIDC_CLIENT_SECRET: "e2e-secret",
      OIDC_NAME: "Acme SSO",
      GITLAB_ISSUER: gitlab.url,
      GITLAB_CLIENT_ID: "gatehouse-e2e-gitlab",
      GITLAB_CLIENT_SECRET: "e2e-gitlab-secret",
    });
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
    await Promise.all([oidc?.close(), gitlab?.close()]);
  });

  async function freshPage() {
    await page?.context().close();
    const context = await browser.newContext({ viewport: { width: 1280, height: 860 } });
    page = await context.newPage();
    return page;
  }

  it("signs in with the OIDC provider from the sign-in page and lands signed in", async () => {
    await freshPage();
    await page.goto(`${server.url}/sign-in`);
    const sso = page.getByRole("button", { name: "Continue with Acme SSO" });
    await sso.waitFor();
    await expect.poll(() => page.getByRole("button", { name: "Continue with GitLab" }).count()).toBe(1);
    // Exactly the enabled providers: nothing else is offered.
    expect(await page.getByRole("button", { name: /^Continue with/ }).count()).toBe(2);
    await screenshotBoth(page, "sign-in-social");
    await expectAccessible(page, "sign-in-social");

    oidc.signInAs({
      sub: "grace",
      email: `grace-${Date.now()}@example.test`,
      emailVerified: true,
      name: "Grace Hopper",
    });
    await sso.click();
    await page.waitForURL(`${server.url}/`);
    await expect.poll(() => page.getByText("Grace Hopper").count()).toBeGreaterThan(0);

    const session = await page.evaluate(async () => (await fetch("/api/auth/get-session")).json());
    expect(session.user).toMatchObject({ name: "Grace Hopper", emailVerified: true });
  });

  it("signs up with GitLab from the sign-up page", async () => {
    await freshPage();
    await page.goto(`${server.url}/sign-up`);
    gitlab.signInAs({
      sub: "linus",
      email: `linus-${Date.now()}@example.test`,
      emailVerified: true,
      name: "Linus T",
    });
    await page.getByRole("button", { name: "Continue with GitLab" }).click();
    await page.waitForURL(`${server.url}/`);
    await expect.poll(() => page.getByText("Linus T").count()).toBeGreaterThan(0);
  });

  it("a refused consent ends on the error screen, explained", async () => {
    await freshPage();
    await page.goto(`${server.url}/sign-in`);
    oidc.refuseNextAuthorization();
    await page.getByRole("button", { name: "Continue with Acme SSO" }).click();
    await page.waitForURL(/\/error\?error=access_denied/);
    await page.getByRole("heading", { level: 1 }).waitFor();
    expect(await page.locator("main").textContent()).toMatch(/did not allow the sign-in/i);
    await screenshotBoth(page, "error-social-denied");
  });

  it("a tampered state ends on the error screen, explained", async () => {
    await freshPage();
    await page.goto(`${server.url}/sign-in`);
    oidc.signInAs({ sub: "mallory", email: `mallory-${Date.now()}@example.test`, emailVerified: true });
    // The state in the provider's answer is altered on its way back to Gatehouse.
    oidc.server.service.once("beforeAuthorizeRedirect", ({ url }: { url: URL }) => {
      url.searchParams.set("state", `${url.searchParams.get("state")}x`);
    });
    await page.getByRole("button", { name: "Continue with Acme SSO" }).click();
    await page.waitForURL(/\/error\?error=state_mismatch/);
    await page.getByRole("heading", { level: 1 }).waitFor();
    expect(await page.locator("main").textContent()).toMatch(/does not match/i);
    const session = await page.evaluate(async () => (await fetch("/api/auth/get-session")).json());
    expect(session).toBeNull();
  });
});
