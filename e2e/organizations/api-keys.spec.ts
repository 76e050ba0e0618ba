import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { captureScreen, DESKTOP, expectAccessible, launchChromium } from "../support/browser.ts";
import {
  authApi,
  mailedInvitationId,
  person,
  type SeededUser,
  seedUser,
  signedInContext,
} from "../support/seed.ts";
import { type E2EServer, startE2EServer } from "../support/server.ts";

describe("organization API keys in Chromium", () => {
  let server: E2EServer;
  let browser: Browser;
  let owner: SeededUser;
  let member: SeededUser;
  let context: BrowserContext;
  let page: Page;
  let memberId = "";
  let key = "";
  const org = { name: "Keyed Corp", slug: "keyed-corp" };

  /** A call from a backend: the key in x-api-key, no cookie, no Origin. */
  async function callWithKey(path: string, json?: unknown) {
    const res = await fetch(`${server.url}/api/auth${path}`, {
      method: json === undefined ? "GET" : "POST",
      headers: { "x-api-key": key, ...(json === undefined ? {} : { "content-type": "application/json" }) },
      body: json === undefined ? undefined : JSON.stringify(json),
    });
    return res.status;
  }

  beforeAll(async () => {
    server = await startE2EServer();
    browser = await launchChromium();
    owner = await seedUser(server, person("Olga Owner"));
    member = await seedUser(server, person("Milo Member"));
    const created = await authApi(server, "/organization/create", { cookie: owner.cookie, json: org });
    await authApi(server, "/organization/invite-member", {
      cookie: owner.cookie,
      json: { organizationId: created.id, email: member.email, role: "member" },
    });
    const invitationId = await mailedInvitationId(server, member.email);
    const accepted = await authApi(server, "/organization/accept-invitation", {
      cookie: member.cookie,
      json: { invitationId },
    });
    memberId = accepted.member.id;
    context = await signedInContext(browser, server, owner, DESKTOP);
    await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: server.url });
    page = await context.newPage();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  const capture = (target: Page, screen: string) => captureScreen(target, "org-api-keys", screen);

  it("a member sees no API keys section, and its address explains why", async () => {
    const memberContext = await signedInContext(browser, server, member, DESKTOP);
    const memberPage = await memberContext.newPage();
    await memberPage.goto(`${server.url}/org/${org.slug}`);
    await memberPage.getByRole("link", { name: "Members", exact: true }).waitFor();
    expect(await memberPage.getByRole("link", { name: "API keys" }).count()).toBe(0);
    await memberPage.goto(`${server.url}/org/${org.slug}/api-keys`);
    await memberPage.getByText("Only owners and admins").waitFor();
    await expectAccessible(memberPage, "api keys as a member", { schemes: ["light", "dark"] });
    await memberContext.close();
  });

  it("an owner creates a key, sees it once, copies it, and a server uses it within its permissions", async () => {
    await page.goto(`${server.url}/org/${org.slug}`);
    await page.getByRole("link", { name: "API keys" }).click();
    await page.waitForURL(/\/api-keys$/);
    await page.getByText("No API keys yet").waitFor();
    await capture(page, "empty");

    await page.getByRole("button", { name: "Create API key" }).first().click();
    const dialog = page.getByRole("dialog", { name: "Create API key" });
    await dialog.getByLabel("Name").fill("Deploy pipeline");
    await dialog.getByRole("combobox", { name: "Expires" }).click();
    await page.getByRole("option", { name: "30 days" }).click();
    await dialog.getByRole("checkbox", { name: "Delete members" }).check();
    await page.waitForTimeout(400);
    await capture(page, "create");
    await dialog.getByRole("button", { name: "Create key" }).click();

    const shown = page.getByRole("dialog", { name: "Copy your API key" });
    await shown.getByText("This is the only time you will see the key").waitFor();
    key = (await shown.getByTestId("new-api-key").textContent()) ?? "";
    expect(key).toMatch(/^gk_org_[A-Za-z]{48}$/);
    await shown.getByRole("button", { name: "Copy key" }).click();
    await shown.getByRole("button", { name: "Copied" }).waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(key);
    await capture(page, "created");
    await shown.getByRole("button", { name: "Done" }).click();

    const row = page.getByTestId("api-key-row-Deploy pipeline");
    await row.getByRole("cell", { name: "member:delete", exact: true }).waitFor();
    await row.getByRole("cell", { name: "Never used", exact: true }).waitFor();
    expect(await row.textContent()).not.toContain(key);
    expect(await page.content()).not.toContain(key);

    // A backend uses the key: it reads, it may remove a member, it may not rename the organization.
    expect(await callWithKey("/organization/list-members")).toBe(200);
    expect(await callWithKey("/organization/update", { data: { name: "Hijacked" } })).toBe(403);
    expect(await callWithKey("/organization/remove-member", { memberIdOrEmail: memberId })).toBe(200);

    await page.reload();
    await row.getByRole("cell", { name: "just now", exact: true }).waitFor();
    await capture(page, "list");
  });

  it("revoking a key asks first, and the key stops working at once", async () => {
    const row = page.getByTestId("api-key-row-Deploy pipeline");
    await row.getByRole("button", { name: "Actions for API key Deploy pipeline" }).click();
    await page.getByRole("menuitem", { name: "Revoke key" }).click();
    const confirm = page.getByRole("dialog", { name: "Revoke API key" });
    await confirm.getByText("stops working at once").waitFor();
    // Cancel has the focus: Enter never revokes by accident.
    expect(
      await confirm.getByRole("button", { name: "Cancel" }).evaluate((el) => el === document.activeElement),
    ).toBe(true);
    // The dialog has finished fading in before axe measures its colours.
    await page.waitForTimeout(400);
    await capture(page, "revoke");
    await confirm.getByRole("button", { name: "Revoke key" }).click();
    await page.getByText("API key revoked").waitFor();
    await page.getByText("No API keys yet").waitFor();
    expect(await callWithKey("/organization/list-members")).toBe(401);
  });
});
