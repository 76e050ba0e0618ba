import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { captureScreen, launchChromium, pageErrors } from "../support/browser.ts";
import { authApi, person, type SeededUser, seedUser, signedInContext } from "../support/seed.ts";
import { type E2EServer, startE2EServer } from "../support/server.ts";

// The words every call that got no answer shows (issue 20, major 1).
const NO_ANSWER = "Can't reach Gatehouse — check your connection";
// Offline or refused calls fail at once; "within a few seconds" leaves room for a slow shared machine.
const FEW_SECONDS = 5_000;

/** The form's failure says there was no answer, and its submit button can be pressed again. */
async function expectNoAnswer(page: Page, submit: string) {
  await page.getByText(NO_ANSWER).waitFor({ timeout: FEW_SECONDS });
  await expect.poll(() => page.getByText("Failed to fetch").count()).toBe(0);
  const button = page.getByRole("button", { name: submit, exact: true });
  expect(await button.isEnabled()).toBe(true);
  expect(await button.getAttribute("data-loading")).toBeNull();
}

describe("a lost network in Chromium: every call ends with plain words and a retry", () => {
  let server: E2EServer;
  let browser: Browser;
  let user: SeededUser;

  beforeAll(async () => {
    server = await startE2EServer();
    browser = await launchChromium();
    user = await seedUser(server, person("Offline Olga"));
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  /**
   * Closes a context that went offline and back. Twice in CI (load average 11–15) Chromium never finished
   * disposing of this file's first one: every check had passed and its page still answered, but
   * `context.close()` hung until the test's limit (stop 32, 90 s; CI run 4, 180 s). The browser goes in afterAll
   * either way, so a close still pending after 15 s is left to it, and said.
   */
  async function closeContext(context: BrowserContext): Promise<void> {
    let timer: NodeJS.Timeout | undefined;
    const closed = await Promise.race([
      context.close().then(() => true),
      new Promise<boolean>((done) => {
        timer = setTimeout(() => done(false), 15_000);
      }),
    ]);
    clearTimeout(timer);
    if (!closed)
      process.stderr.write("offline.spec: a context was still closing after 15 s; left to the browser\n");
  }

  async function guestPage(): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
    const context = await browser.newContext({ viewport: { width: 1280, height: 860 } });
    const page = await context.newPage();
    return { context, page, errors: pageErrors(page) };
  }

  it("sign-in offline: the words within seconds, the button back, Try again signs in once online", async () => {
    const { context, page, errors } = await guestPage();
    await page.goto(`${server.url}/sign-in`);
    await page.getByLabel("Email", { exact: true }).fill(user.email);
    await page.getByLabel("Password", { exact: true }).fill(user.password);
    await context.setOffline(true);
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    await expectNoAnswer(page, "Sign in");
    await captureScreen(page, "offline", "sign-in");

    await context.setOffline(false);
    await page.getByRole("button", { name: "Try again" }).click();
    await page.waitForURL(`${server.url}/`);
    expect(errors).toEqual([]);
    await closeContext(context);
  });

  it("sign-up offline, then Try again creates the account and asks to check the inbox", async () => {
    const { context, page, errors } = await guestPage();
    const newcomer = person("Offline Newcomer");
    await page.goto(`${server.url}/sign-up`);
    await page.getByLabel("Name", { exact: true }).fill(newcomer.name);
    await page.getByLabel("Email", { exact: true }).fill(newcomer.email);
    await page.getByLabel("Password", { exact: true }).fill(newcomer.password);
    await page.getByLabel("Confirm password", { exact: true }).fill(newcomer.password);
    await context.setOffline(true);
    await page.getByRole("button", { name: "Create account" }).click();
    await expectNoAnswer(page, "Create account");

    await context.setOffline(false);
    await page.getByRole("button", { name: "Try again" }).click();
    await page.waitForURL(/\/check-inbox/);
    expect(errors).toEqual([]);
    await closeContext(context);
  });

  it("forgot-password offline, and a server that never answers, both end in the words", async () => {
    const { context, page, errors } = await guestPage();
    await page.goto(`${server.url}/forgot-password`);
    await page.getByLabel("Email", { exact: true }).fill(user.email);
    await context.setOffline(true);
    await page.getByRole("button", { name: "Send reset link" }).click();
    await expectNoAnswer(page, "Send reset link");
    await context.setOffline(false);

    // A request that never gets an answer ends at the client's deadline (15 s), not never.
    const reset = "**/api/auth/request-password-reset";
    await page.route(reset, () => {});
    // From the keyboard this time.
    await page.getByRole("button", { name: "Try again" }).focus();
    await page.keyboard.press("Enter");
    await expect.poll(() => page.getByText(NO_ANSWER).count()).toBe(0);
    await page.getByText(NO_ANSWER).waitFor({ timeout: 20_000 });
    await page.unroute(reset);

    await page.getByRole("button", { name: "Try again" }).click();
    await page.getByText(/we sent a link to reset your password/).waitFor();
    expect(errors).toEqual([]);
    await closeContext(context);
  });

  it("saving the profile offline says so in the form; Try again saves it", async () => {
    const context = await signedInContext(browser, server, user);
    const page = await context.newPage();
    const errors = pageErrors(page);
    await page.goto(`${server.url}/account`);
    const name = page.getByLabel("Name", { exact: true });
    await name.fill("Olga Offline");
    await context.setOffline(true);
    await page.getByRole("button", { name: "Save changes" }).click();
    await expectNoAnswer(page, "Save changes");

    await context.setOffline(false);
    await page.getByRole("button", { name: "Try again" }).click();
    await page.getByText("You now appear as Olga Offline.").waitFor();
    const session = await authApi(server, "/get-session", { cookie: user.cookie });
    expect(session.user.name).toBe("Olga Offline");
    expect(errors).toEqual([]);
    await closeContext(context);
  });

  it("a screen opened offline says so, and Try again opens it once back online", async () => {
    const context = await signedInContext(browser, server, user);
    const page = await context.newPage();
    const errors = pageErrors(page);
    await page.goto(`${server.url}/`);
    await page.getByRole("heading", { level: 1 }).first().waitFor();
    await context.setOffline(true);
    // The account screen's code has not been loaded yet: the router goes there as a link would.
    await page.evaluate(() => {
      window.history.pushState({}, "", "/account");
      window.dispatchEvent(new PopStateEvent("popstate"));
    });
    await page.getByRole("heading", { name: "This page could not load" }).waitFor({ timeout: FEW_SECONDS });
    await page.getByText(`${NO_ANSWER}, then try again.`).waitFor();
    await captureScreen(page, "offline", "screen");

    await context.setOffline(false);
    await page.getByRole("button", { name: "Try again" }).click();
    await page.getByLabel("Name", { exact: true }).waitFor();
    expect(errors).toEqual([]);
    await closeContext(context);
  });

  it("a section whose list fails to load says so, with a Try again that loads it", async () => {
    const org = await authApi<{ slug: string }>(server, "/organization/create", {
      cookie: user.cookie,
      json: { name: "Offline Works", slug: `offline-${Date.now().toString(36)}` },
    });
    const context = await signedInContext(browser, server, user);
    const page = await context.newPage();
    const errors = pageErrors(page);
    // Only the domains list is cut off; the rest of the page loads as usual.
    const domains = /\/api\/organizations\/[^/]+\/domains$/;
    await page.route(domains, (route) => route.abort("internetdisconnected"));
    await page.goto(`${server.url}/org/${org.slug}/domains`);
    await page.getByText("The domains could not be loaded").waitFor({ timeout: 10_000 });
    await page.getByText(NO_ANSWER).waitFor();
    expect(await page.getByText("No domains yet").count()).toBe(0);
    await captureScreen(page, "offline", "domains");

    await page.unroute(domains);
    await page.getByRole("button", { name: "Try again" }).click();
    await page.getByText("No domains yet").waitFor();
    expect(await page.getByText("The domains could not be loaded").count()).toBe(0);
    expect(errors).toEqual([]);
    await closeContext(context);
  });

  it("a picker whose list fails to load says so in one notification; Try again fills it", async () => {
    const org = await authApi<{ id: string; slug: string }>(server, "/organization/create", {
      cookie: user.cookie,
      json: { name: "Picker Works", slug: `picker-${Date.now().toString(36)}` },
    });
    await authApi(server, "/organization/create-team", {
      cookie: user.cookie,
      json: { organizationId: org.id, name: "Rocketry" },
    });
    const context = await signedInContext(browser, server, user);
    const page = await context.newPage();
    const errors = pageErrors(page);
    // Only the teams behind the invite form's picker are cut off.
    const teams = /\/api\/auth\/organization\/list-teams/;
    await page.route(teams, (route) => route.abort("internetdisconnected"));
    await page.goto(`${server.url}/org/${org.slug}/invitations`);
    const notice = page.locator(".mantine-Notification-root").filter({ hasText: NO_ANSWER });
    await notice.waitFor({ timeout: 10_000 });
    expect(await notice.count()).toBe(1);

    await page.unroute(teams);
    await notice.getByRole("button", { name: "Try again" }).click();
    await expect.poll(() => notice.count()).toBe(0);
    await page.getByRole("combobox", { name: "Team (optional)" }).click();
    await page.getByRole("option", { name: "Rocketry" }).waitFor();
    expect(errors).toEqual([]);
    await closeContext(context);
  });
});
