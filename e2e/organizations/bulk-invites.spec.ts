import { readFileSync } from "node:fs";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseCsv } from "../../src/server/http/csv.ts";
import { captureScreen, DESKTOP, launchChromium } from "../support/browser.ts";
import { authApi, person, type SeededUser, seedUser, signedInContext } from "../support/seed.ts";
import { type E2EServer, startE2EServer } from "../support/server.ts";

describe("bulk invitations and exports in Chromium", () => {
  let server: E2EServer;
  let browser: Browser;
  let owner: SeededUser;
  let context: BrowserContext;
  let page: Page;
  const org = { name: "Bulk Corp", slug: "bulk-corp" };
  const stamp = Date.now().toString(36);
  const ana = `ana-${stamp}@example.test`;
  const bo = `bo-${stamp}@example.test`;

  beforeAll(async () => {
    server = await startE2EServer();
    browser = await launchChromium();
    owner = await seedUser(server, person("Bea Bulk"));
    const created = await authApi(server, "/organization/create", { cookie: owner.cookie, json: org });
    await authApi(server, "/organization/create-team", {
      cookie: owner.cookie,
      json: { organizationId: created.id, name: "Design" },
    });
    context = await signedInContext(browser, server, owner, DESKTOP);
    page = await context.newPage();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  const capture = (screen: string) => captureScreen(page, "org-bulk-invites", screen);

  it("uploads a CSV with a bad row, sees each row's problems, sends the good ones and reads the summary", async () => {
    await page.goto(`${server.url}/org/${org.slug}/invitations`);
    await page.getByRole("heading", { name: "Invite many people" }).waitFor();
    const csv = ["email,roles,team", `${ana},admin,Design`, "not an address,member,", `${bo},,`].join("\r\n");
    await page
      .locator('input[type="file"]')
      .setInputFiles({ name: "people.csv", mimeType: "text/csv", buffer: Buffer.from(csv) });
    await expect.poll(() => page.getByLabel("Addresses or CSV").inputValue()).toContain(ana);
    await page.getByRole("button", { name: "Check the list" }).click();

    const table = page.getByRole("region", { name: "Rows of the list" });
    await table.locator("[data-line='3']").getByText("Not a valid email address").waitFor();
    expect(await table.locator("[data-line='2']").textContent()).toContain("Design");
    await page.getByText("2 rows ready to send, 1 row with problems (not sent).").waitFor();
    await capture("preview");

    // With the keyboard: focus the send button and press Enter.
    await page.getByRole("button", { name: "Send 2 invitations" }).focus();
    await page.keyboard.press("Enter");
    await page.getByText("2 invitations sent").waitFor();
    const skipped = page.getByRole("region", { name: "Rows not sent" });
    await skipped.locator("[data-line='3']").getByText("Not a valid email address").waitFor();
    await capture("summary");
    await server.sink.waitFor(ana, /invited you/i, 15_000);
    await server.sink.waitFor(bo, /invited you/i, 15_000);
    // The list below shows them.
    await page.getByText(bo).first().waitFor();
  });

  it("exports the invitations and the members as CSV files", async () => {
    const [invitations] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("button", { name: "Export invitations as CSV" }).click(),
    ]);
    expect(invitations.suggestedFilename()).toBe(`${org.slug}-invitations.csv`);
    const rows = parseCsv(readFileSync(await invitations.path(), "utf8")).map((r) => r.cells);
    expect(rows[0]).toEqual(["email", "roles", "team", "status", "expires", "invitedBy"]);
    const byEmail = Object.fromEntries(rows.slice(1).map((r) => [r[0], r]));
    expect(byEmail[ana]?.slice(1, 4)).toEqual(["admin", "Design", "pending"]);
    expect(byEmail[bo]?.slice(1, 4)).toEqual(["member", "", "pending"]);
    expect(byEmail[ana]?.[5]).toBe(`${owner.name} <${owner.email}>`);

    await page.getByRole("link", { name: "Members", exact: true }).click();
    await page.waitForURL(/\/members$/);
    const [members] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("button", { name: "Export members as CSV" }).click(),
    ]);
    expect(members.suggestedFilename()).toBe(`${org.slug}-members.csv`);
    const memberRows = parseCsv(readFileSync(await members.path(), "utf8")).map((r) => r.cells);
    expect(memberRows[0]).toEqual(["name", "email", "roles", "teams", "joined"]);
    expect(memberRows.slice(1).map((r) => r.slice(0, 3))).toEqual([[owner.name, owner.email, "owner"]]);
  });
});
