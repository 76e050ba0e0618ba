import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startDnsServer, type TestDnsServer } from "../../test/support/dns-server.ts";
import { captureScreen, DESKTOP, launchChromium, PHONE } from "../support/browser.ts";
import { authApi, person, type SeededUser, seedUser, signedInContext } from "../support/seed.ts";
import { type E2EServer, startE2EServer } from "../support/server.ts";

describe("verified domains in Chromium: verify against a loopback DNS server, a colleague auto-joins", () => {
  let dns: TestDnsServer;
  let server: E2EServer;
  let browser: Browser;
  let owner: SeededUser;
  let context: BrowserContext;
  let page: Page;
  const org = { name: "Acme Domains", slug: "acme-domains" };
  const domain = `acme-${Date.now().toString(36)}.test`;

  beforeAll(async () => {
    dns = await startDnsServer();
    server = await startE2EServer({ DNS_SERVERS: dns.address });
    browser = await launchChromium();
    owner = await seedUser(server, person("Olga Owner"));
    await authApi(server, "/organization/create", { cookie: owner.cookie, json: org });
    context = await signedInContext(browser, server, owner, DESKTOP);
    await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: server.url });
    page = await context.newPage();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
    await dns?.close();
  });

  it("an owner adds a domain, is told when the record is missing, publishes it and verifies", async () => {
    await page.goto(`${server.url}/org/${org.slug}`);
    await page.getByRole("link", { name: "Domains" }).click();
    await page.waitForURL(/\/domains$/);
    await page.getByText("No domains yet").waitFor();
    await captureScreen(page, "org-domains", "empty");

    // A public suffix is refused in place, before anything is sent.
    await page.getByLabel("Domain", { exact: true }).fill("co.uk");
    await page.getByRole("button", { name: "Add domain" }).click();
    await page.getByText("The domain is a public suffix").waitFor();
    await page.getByLabel("Domain", { exact: true }).fill(domain.toUpperCase());
    await page.getByLabel("Domain", { exact: true }).press("Enter");
    const card = page.locator(`#domain-${await domainId()}`);
    await card.getByText("Not verified").waitFor();
    const name = (await card.getByTestId("txt-name").textContent()) ?? "";
    const value = (await card.getByTestId("txt-value").textContent()) ?? "";
    expect(name).toBe(`_gatehouse-challenge.${domain}`);
    await card.getByRole("button", { name: "Copy value" }).click();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(value);
    await captureScreen(page, "org-domains", "record");

    await card.getByRole("button", { name: "Verify" }).click();
    await card.getByText(`No TXT record found at ${name}`).waitFor();

    dns.setTxt(name, [value]);
    // The keyboard verifies as well as a click.
    await card.getByRole("button", { name: "Verify" }).focus();
    await page.keyboard.press("Enter");
    await card.getByText("Verified", { exact: true }).waitFor();

    await card.getByRole("combobox", { name: "People at this domain" }).click();
    await page.getByRole("option", { name: /^Auto-join/ }).click();
    await expect
      .poll(() => card.getByRole("combobox", { name: "People at this domain" }).inputValue())
      .toMatch(/^Auto-join/);
    await captureScreen(page, "org-domains", "verified");
  });

  it("a colleague signs up with an address there, verifies it and joins by themselves", async () => {
    const colleague = await seedUser(server, person("Cora Colleague", { email: `cora@${domain}` }));
    const theirs = await signedInContext(browser, server, colleague, PHONE);
    const phone = await theirs.newPage();
    // The home page offers it first thing, and so does the organizations page.
    await phone.goto(`${server.url}/`);
    await phone.getByTestId("domain-offers").getByText(`You have an @${domain} address.`).waitFor();
    await captureScreen(phone, "home-domain-offer", "colleague");
    await phone.goto(`${server.url}/organizations`);
    const offer = phone.getByTestId("domain-offers");
    await offer.getByText(`You have an @${domain} address.`).waitFor();
    // The header's switcher offers it on every page too.
    await phone.getByTestId("organization-switcher").click();
    await phone.getByRole("menuitem", { name: `Join ${org.name}` }).waitFor();
    await phone.keyboard.press("Escape");
    await phone.getByRole("menuitem", { name: `Join ${org.name}` }).waitFor({ state: "hidden" });
    await captureScreen(phone, "org-domains", "offer");
    await offer.getByRole("button", { name: `Join ${org.name}` }).focus();
    await phone.keyboard.press("Enter");
    await phone.getByRole("link", { name: new RegExp(org.name) }).waitFor();
    await offer.waitFor({ state: "detached" });
    const full = await authApi(server, `/organization/get-full-organization?organizationSlug=${org.slug}`, {
      cookie: colleague.cookie,
    });
    expect(full.members.map((m: { user: { email: string } }) => m.user.email)).toContain(colleague.email);
    await theirs.close();
  });

  it("with requests instead, a colleague asks and an owner approves from the Domains tab; the colleague is mailed", async () => {
    const card = page.locator(`#domain-${await domainId()}`);
    await card.getByRole("combobox", { name: "People at this domain" }).click();
    await page.getByRole("option", { name: /^Request to join/ }).click();
    await expect
      .poll(() => card.getByRole("combobox", { name: "People at this domain" }).inputValue())
      .toMatch(/^Request to join/);

    const dan = await seedUser(server, person("Dan Requester", { email: `dan@${domain}` }));
    const theirs = await signedInContext(browser, server, dan, DESKTOP);
    const other = await theirs.newPage();
    await other.goto(`${server.url}/organizations`);
    const offer = other.getByTestId("domain-offers");
    await offer.getByRole("button", { name: "Ask to join" }).click();
    await offer.getByText("an admin will decide").waitFor();
    await theirs.close();

    await page.reload();
    const requests = page.locator("#join-requests");
    await requests.getByText(dan.email, { exact: false }).waitFor();
    await captureScreen(page, "org-domains", "requests");
    await requests.getByRole("button", { name: "Approve Dan Requester" }).click();
    await requests.getByText("No requests waiting.").waitFor();
    const mail = await server.sink.waitFor(dan.email, /approved/i, 15_000);
    expect(mail.text).toContain(org.name);
  });

  /** The id of the domain just added, from the API the page uses. */
  async function domainId(): Promise<string> {
    const orgs = await authApi(server, "/organization/list", { cookie: owner.cookie });
    const id = orgs.find((o: { slug: string }) => o.slug === org.slug).id;
    for (let attempt = 0; attempt < 50; attempt++) {
      const res = await fetch(`${server.url}/api/organizations/${id}/domains`, {
        headers: { Cookie: owner.cookie },
      });
      const found = ((await res.json()).domains as { id: string; domain: string }[]).find(
        (d) => d.domain === domain,
      );
      if (found) return found.id;
      await new Promise((done) => setTimeout(done, 100));
    }
    throw new Error("the domain was not added");
  }
});
