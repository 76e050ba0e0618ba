import { readFileSync } from "node:fs";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditCsvColumns } from "../../src/shared/contracts/audit.ts";
import { captureScreen, DESKTOP, launchChromium } from "../support/browser.ts";
import { authApi, person, type SeededUser, seedUser, signedInContext } from "../support/seed.ts";
import { type E2EServer, startE2EServer } from "../support/server.ts";

describe("admin audit log and webhooks in Chromium", () => {
  let server: E2EServer;
  let browser: Browser;
  let admin: SeededUser;
  let other: SeededUser;
  let context: BrowserContext;
  let page: Page;
  const adminPerson = person("Alma Admin");

  beforeAll(async () => {
    server = await startE2EServer({
      ADMIN_EMAILS: adminPerson.email,
      WEBHOOK_ALLOW_PRIVATE: "1",
      WEBHOOK_ALLOW_HTTP: "1",
    });
    browser = await launchChromium();
    admin = await seedUser(server, adminPerson);
    other = await seedUser(server, person("Olaf Other"));
    await authApi(server, "/organization/create", {
      cookie: other.cookie,
      json: { name: "Other Org", slug: "other-org" },
    });
    context = await signedInContext(browser, server, admin, DESKTOP);
    page = await context.newPage();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it("lists every event of the installation, searchable, filtered and exported", async () => {
    await page.goto(`${server.url}/admin/users`);
    await page.getByRole("link", { name: "Audit log" }).click();
    await page.waitForURL(/\/admin\/audit$/);
    const rows = page.getByTestId("audit-row");
    await rows.first().waitFor();
    const actions = await rows.evaluateAll((all) => all.map((row) => row.getAttribute("data-action")));
    expect(actions).toContain("organization.created");
    expect(actions).toContain("user.created");
    await captureScreen(page, "admin", "audit-log");

    // A name in the list keeps only that person's events; "Show everyone" brings the rest back.
    const total = await rows.count();
    await rows.getByRole("button", { name: "Olaf Other" }).first().click();
    await page.waitForURL(/actor=/);
    const actors = () => rows.evaluateAll((all) => [...new Set(all.map((row) => row.dataset.actor))]);
    await expect.poll(async () => (await actors()).length).toBe(1);
    expect(await rows.count()).toBeLessThan(total);
    expect(await rows.first().textContent()).toContain("Olaf Other");
    await page.getByRole("button", { name: "Show everyone" }).click();
    await expect.poll(() => rows.count()).toBe(total);

    await page.getByRole("textbox", { name: "Search" }).fill(other.email);
    await page.waitForURL(/q=/);
    await expect.poll(async () => (await actors()).length).toBe(1);
    expect(await rows.first().textContent()).toContain("Olaf Other");
    await page.getByRole("combobox", { name: "Action" }).click();
    await page.getByRole("option", { name: "An organization was created" }).click();
    await expect.poll(() => rows.count()).toBe(1);
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("button", { name: "Export CSV" }).click(),
    ]);
    const lines = readFileSync(await download.path(), "utf8")
      .trim()
      .split(/\r?\n/);
    expect(lines[0]?.split(",")).toEqual([...auditCsvColumns]);
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain("organization.created");
  });

  it("adds an installation-wide endpoint for every event", async () => {
    await page.getByRole("link", { name: "Webhooks" }).click();
    await page.waitForURL(/\/admin\/webhooks$/);
    await page.getByText("No endpoints yet").waitFor();
    await page.getByRole("button", { name: "Add endpoint" }).first().click();
    const dialog = page.getByRole("dialog", { name: "Add endpoint" });
    await dialog.getByLabel("Endpoint URL").fill("http://127.0.0.1:9/everything");
    await dialog.getByRole("switch", { name: "Send all events" }).check();
    await dialog.getByRole("button", { name: "Add endpoint" }).click();
    const shown = page.getByRole("dialog", { name: "Copy the signing secret" });
    expect(await shown.getByTestId("webhook-secret").textContent()).toMatch(/^whsec_/);
    await shown.getByRole("button", { name: "Done" }).click();
    const item = page.getByTestId("webhook-endpoint");
    await item.getByText("All events").waitFor();
    await captureScreen(page, "admin", "webhooks");
  });
});
