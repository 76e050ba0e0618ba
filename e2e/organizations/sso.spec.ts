import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startDnsServer, type TestDnsServer } from "../../test/support/dns-server.ts";
import { verifiedDomain } from "../../test/support/domains.ts";
import { type SamlIdp, startSamlIdp } from "../../test/support/saml-idp.ts";
import { captureScreen, DESKTOP, launchChromium, PHONE } from "../support/browser.ts";
import {
  authApi,
  person,
  requesterOf,
  type SeededUser,
  seedUser,
  signedInContext,
  submitSignIn,
} from "../support/seed.ts";
import { type E2EServer, startE2EServer } from "../support/server.ts";

describe("enterprise SSO and SCIM in Chromium: SAML set up, tested and used, required, and directory sync", () => {
  let dns: TestDnsServer;
  let idp: SamlIdp;
  let server: E2EServer;
  let browser: Browser;
  let owner: SeededUser;
  let context: BrowserContext;
  let page: Page;
  let organizationId: string;
  let domain: string;
  const org = { name: "Acme SSO", slug: "acme-sso" };

  beforeAll(async () => {
    [dns, idp] = await Promise.all([startDnsServer(), startSamlIdp()]);
    server = await startE2EServer({ DNS_SERVERS: dns.address, TRUSTED_ORIGINS: idp.url });
    browser = await launchChromium();
    owner = await seedUser(server, person("Olive Owner"));
    organizationId = (await authApi(server, "/organization/create", { cookie: owner.cookie, json: org })).id;
    ({ domain } = await verifiedDomain(requesterOf(server), dns, owner.cookie, organizationId, {
      joinMode: "off",
    }));
    await authApi(server, "/organization/create-team", {
      cookie: owner.cookie,
      json: { name: "Engineering", organizationId },
    });
    context = await signedInContext(browser, server, owner, DESKTOP);
    await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: server.url });
    page = await context.newPage();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
    await idp?.close();
    await dns?.close();
  });

  it("an owner sets up SAML from the IdP's metadata and a test sign-in reports what the IdP sent", async () => {
    await page.goto(`${server.url}/org/${org.slug}`);
    await page.getByRole("link", { name: "Single sign-on" }).click();
    await page.waitForURL(/\/sso$/);
    await page.getByText("No single sign-on yet").waitFor();
    await page.getByRole("button", { name: "Set up single sign-on" }).first().click();

    // The values for the IdP come at once, for the organization's verified domain, each with a copy button.
    const setup = page.locator("#sso-setup");
    const entityId = (await setup.getByTestId("sp-entity-id").textContent()) ?? "";
    const acsUrl = (await setup.getByTestId("sp-acs-url").textContent()) ?? "";
    expect(acsUrl.startsWith(server.url)).toBe(true);
    await setup.getByRole("button", { name: "Copy acs url (reply url)" }).click();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(acsUrl);
    await idp.registerServiceProvider({ entityId, acsUrl });

    await setup.getByLabel("IdP metadata XML").fill(await idp.metadataXml());
    // The mapping is folded away until asked for, from the keyboard as well.
    const mappingToggle = setup.getByRole("button", { name: "Attribute mapping" });
    expect(await mappingToggle.getAttribute("aria-expanded")).toBe("false");
    await mappingToggle.focus();
    await page.keyboard.press("Enter");
    expect(await mappingToggle.getAttribute("aria-expanded")).toBe("true");
    await setup.getByLabel("Full name attribute").fill("displayName");
    await setup.getByLabel("Groups attribute").fill("groups");
    await setup.getByRole("button", { name: "Add group mapping" }).click();
    await setup.getByLabel("Group", { exact: true }).fill("engineering");
    await setup.getByRole("combobox", { name: "Team" }).click();
    await page.getByRole("option", { name: "Engineering" }).click();
    await setup.getByRole("button", { name: "Save connection" }).click();

    const card = page.locator(`[id^="sso-"]`).filter({ hasText: "SAML 2.0" });
    await card.getByText("Domain verified").waitFor();
    await card.getByText(domain, { exact: true }).waitFor();
    await captureScreen(page, "org-sso", "connection");

    // The test sign-in: a new tab through the IdP's auto-posting form; this tab polls for what came back.
    await idp.next({ email: `tess@${domain}`, name: "Tess Tester", groups: ["engineering", "staff"] });
    const [tab] = await Promise.all([
      context.waitForEvent("page"),
      page.getByRole("button", { name: "Test sign-in" }).click(),
    ]);
    await tab.waitForURL(/\/sso-test\?/, { timeout: 20_000 });
    await tab.getByTestId("sso-test-email").getByText(`tess@${domain}`).waitFor();
    await tab.getByText("You can close this tab").waitFor();
    await captureScreen(tab, "sso-test", "landing");
    await tab.close();

    const result = page.getByTestId("sso-test-result");
    await result.getByTestId("sso-test-email").getByText(`tess@${domain}`).waitFor();
    await expect.poll(() => result.getByTestId("sso-test-name").textContent()).toBe("Tess Tester");
    await expect.poll(() => result.getByTestId("sso-test-role").textContent()).toBe("Member");
    await result.getByText("Engineering", { exact: true }).waitFor();
    await result.getByRole("cell", { name: "displayName" }).waitFor();
    await captureScreen(page, "org-sso", "test-result");

    // A response signed with another key: the test reports the refusal with its code, explained.
    await idp.next({ email: `tess@${domain}`, mode: "forged-signature" });
    const [failing] = await Promise.all([
      context.waitForEvent("page"),
      page.getByRole("button", { name: "Test sign-in" }).click(),
    ]);
    await failing.waitForURL(/\/sso-test\?/, { timeout: 20_000 });
    await failing.getByText(/Error code: /).waitFor();
    await failing.close();
    const failure = page.locator("#sso-test").getByRole("alert");
    await failure.getByText(/Error code: /).waitFor();
    await failure
      .getByText(/administrator|try again/i)
      .first()
      .waitFor();
    // Nobody was signed in: the owner is still the owner in this browser.
    await page.reload();
    await page.getByRole("heading", { name: org.name }).waitFor();
  });

  it("a colleague, signed out, continues with SSO from the sign-in page and lands as a member", async () => {
    const theirs = await browser.newContext({ viewport: PHONE });
    const phone = await theirs.newPage();
    await phone.goto(`${server.url}/sign-in`);
    await phone.getByRole("link", { name: "Continue with SSO" }).click();
    await phone.waitForURL(/\/sign-in\/sso/);
    const email = `cara@${domain}`;
    await phone.getByLabel("Work email").fill(email);
    await captureScreen(phone, "sign-in-sso", "email");

    // A domain without single sign-on is told so, in words.
    await phone.getByLabel("Work email").fill("someone@elsewhere.test");
    await phone.getByRole("button", { name: "Continue" }).click();
    await phone.getByText("Single sign-on isn't set up for elsewhere.test.").waitFor();

    // Typing again keeps the keys in the field (the failure takes focus once, not at every key), and Enter sends it.
    await idp.next({ email, name: "Cara Colleague" });
    const field = phone.getByLabel("Work email");
    await field.fill("");
    await field.pressSequentially(email);
    expect(await field.inputValue()).toBe(email);
    await phone.keyboard.press("Enter");
    await phone.waitForURL(`${server.url}/`, { timeout: 20_000 });
    const session = await theirs.cookies(server.url);
    const cookie = session.map((c) => `${c.name}=${c.value}`).join("; ");
    const mine = await authApi(server, "/organization/list", { cookie });
    expect(mine.map((o: { slug: string }) => o.slug)).toContain(org.slug);
    const full = await authApi(
      server,
      `/organization/get-full-organization?organizationId=${organizationId}`,
      {
        cookie: owner.cookie,
      },
    );
    const member = full.members.find((m: { user: { email: string } }) => m.user.email === email);
    expect(member?.role).toBe("member");
    // A member has no Single sign-on tab: only owners see it.
    await phone.goto(`${server.url}/org/${org.slug}`);
    const sections = phone.getByRole("navigation", { name: "Organization sections" });
    await sections.getByRole("link", { name: "Members" }).waitFor();
    expect(await sections.getByRole("link", { name: "Single sign-on" }).count()).toBe(0);
    await theirs.close();
  });

  it("with single sign-on required, a password sign-in at the domain is refused with the way on", async () => {
    const pat = await seedUser(server, person("Pat Password", { email: `pat@${domain}` }));
    await page.goto(`${server.url}/org/${org.slug}/sso`);
    await page.getByRole("button", { name: "Edit" }).click();
    const setup = page.locator("#sso-setup");
    await setup.getByRole("switch", { name: `Require single sign-on for @${domain}` }).check();
    await setup.getByRole("button", { name: "Save changes" }).click();
    await page.getByText("Required", { exact: true }).waitFor();

    const theirs = await browser.newContext({ viewport: DESKTOP });
    const other = await theirs.newPage();
    await submitSignIn(other, server, pat.email, pat.password);
    const refusal = other.getByTestId("sso-required");
    await refusal.waitFor();
    // The organization is named, in the reader's words (the server sends its name apart from its message).
    await refusal.getByText(`${org.name} signs in with single sign-on`, { exact: false }).waitFor();
    await captureScreen(other, "sign-in-sso", "required");
    await refusal.getByRole("link", { name: "Continue with SSO" }).click();
    await other.waitForURL(/\/sign-in\/sso/);
    expect(await other.getByLabel("Work email").inputValue()).toBe(pat.email);

    // A new account at the domain is refused the same way: it comes from the identity provider.
    await other.goto(`${server.url}/sign-up`);
    await other.getByLabel("Name", { exact: true }).fill("Nina New");
    await other.getByLabel("Email", { exact: true }).fill(`nina@${domain}`);
    await other.getByLabel("Password", { exact: true }).fill(pat.password);
    await other.getByLabel("Confirm password", { exact: true }).fill(pat.password);
    await other.getByRole("button", { name: "Create account" }).click();
    await other.getByTestId("sso-required").getByRole("link", { name: "Continue with SSO" }).waitFor();
    await theirs.close();
  });

  it("directory sync: an owner creates a SCIM connection, copies its token once and rotates it", async () => {
    await page.goto(`${server.url}/org/${org.slug}/sso`);
    await page.getByText("No directory sync yet").waitFor();
    await page.getByRole("button", { name: "Create SCIM connection" }).first().click();
    const dialog = page.getByRole("dialog", { name: "Create SCIM connection" });
    await dialog.getByLabel("Name").fill("Okta");
    await dialog.getByRole("button", { name: "Create connection" }).click();
    const tokenDialog = page.getByRole("dialog", { name: "Copy your SCIM token" });
    const first = (await tokenDialog.getByTestId("scim-token").textContent()) ?? "";
    const baseUrl = (await tokenDialog.locator("code").first().textContent()) ?? "";
    expect(await scimStatus(baseUrl, first)).toBe(200);
    await captureScreen(page, "org-sso", "scim-token");
    await tokenDialog.getByRole("button", { name: "Done" }).click();

    const row = page.getByTestId("scim-row-Okta");
    await row.getByText(`Token …${first.slice(-4)}`, { exact: false }).waitFor();
    await row.getByRole("button", { name: "Actions for SCIM connection Okta" }).click();
    await page.getByRole("menuitem", { name: "Rotate token" }).click();
    await page
      .getByRole("dialog", { name: "Rotate SCIM token" })
      .getByRole("button", { name: "Rotate token" })
      .click();
    const second = (await tokenDialog.getByTestId("scim-token").textContent()) ?? "";
    expect(second).not.toBe(first);
    expect(await scimStatus(baseUrl, first)).toBe(401);
    expect(await scimStatus(baseUrl, second)).toBe(200);
    await tokenDialog.getByRole("button", { name: "Done" }).click();
    await captureScreen(page, "org-sso", "tab");
  });

  /** What the SCIM endpoint answers a token: 200 for a working one, 401 for a revoked one. */
  async function scimStatus(baseUrl: string, token: string): Promise<number> {
    const response = await fetch(`${baseUrl.replace(/\/$/, "")}/Users`, {
      headers: { Authorization: `Bearer ${token}`, Accept: "application/scim+json" },
    });
    await response.body?.cancel();
    return response.status;
  }
});
