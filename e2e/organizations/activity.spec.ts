import { readFileSync } from "node:fs";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditCsvColumns } from "../../src/shared/contracts/audit.ts";
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

/** The rows of a CSV file (RFC 4180: quoted fields may hold commas, line breaks and doubled quotes). */
function csvRows(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = "";
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const char = text[i] ?? "";
    if (quoted && char === '"' && text[i + 1] === '"') {
      field += '"';
      i++;
    } else if (char === '"') {
      quoted = !quoted;
    } else if (!quoted && char === ",") {
      row.push(field);
      field = "";
    } else if (!quoted && (char === "\n" || char === "\r")) {
      if (char === "\r" && text[i + 1] === "\n") i++;
      rows.push([...row, field]);
      row = [];
      field = "";
    } else {
      field += char;
    }
  }
  if (field || row.length) rows.push([...row, field]);
  return rows;
}

describe("organization activity in Chromium", () => {
  let server: E2EServer;
  let browser: Browser;
  let owner: SeededUser;
  let member: SeededUser;
  let context: BrowserContext;
  let page: Page;
  let orgId: string;
  const org = { name: "Audited Corp", slug: "audited-corp" };

  beforeAll(async () => {
    server = await startE2EServer();
    browser = await launchChromium();
    owner = await seedUser(server, person("Otto Owner"));
    member = await seedUser(server, person("Mia Member"));
    const created = await authApi(server, "/organization/create", { cookie: owner.cookie, json: org });
    orgId = created.id;
    await authApi(server, "/organization/invite-member", {
      cookie: owner.cookie,
      json: { organizationId: created.id, email: member.email, role: "member" },
    });
    const invitationId = await mailedInvitationId(server, member.email);
    const accepted = await authApi(server, "/organization/accept-invitation", {
      cookie: member.cookie,
      json: { invitationId },
    });
    await authApi(server, "/organization/update-member-role", {
      cookie: owner.cookie,
      json: { organizationId: created.id, memberId: accepted.member.id, role: "admin" },
    });
    await authApi(server, "/organization/update-member-role", {
      cookie: owner.cookie,
      json: { organizationId: created.id, memberId: accepted.member.id, role: "member" },
    });
    await authApi(server, "/organization/create-team", {
      cookie: owner.cookie,
      json: { organizationId: created.id, name: "Platform" },
    });
    context = await signedInContext(browser, server, owner, DESKTOP);
    page = await context.newPage();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  const capture = (screen: string) => captureScreen(page, "org-activity", screen);

  it("the overview shows the newest events instead of join dates, with a link to all activity", async () => {
    await page.goto(`${server.url}/org/${org.slug}`);
    const card = page
      .getByRole("heading", { name: "Recent activity" })
      .locator("xpath=ancestor::div[contains(@class,'mantine-Card-root')]");
    await card.getByText("created a team: Platform").waitFor();
    await card.getByText("changed a member's roles").first().waitFor();
    await capture("overview");
    await card.getByRole("link", { name: "See all activity" }).click();
    await page.waitForURL(/\/activity$/);
  });

  it("lists every event newest first, and filters by action, person and days", async () => {
    const rows = page.getByTestId("audit-row");
    await rows.first().waitFor();
    expect(await rows.first().getAttribute("data-action")).toBe("team.created");
    const total = await rows.count();
    expect(total).toBeGreaterThanOrEqual(5);
    await capture("list");

    // With the keyboard alone: type into the action filter, pick the first match, Enter.
    await page.getByRole("combobox", { name: "Action" }).focus();
    await page.keyboard.type("roles changed");
    await page.keyboard.press("ArrowDown");
    await page.keyboard.press("Enter");
    await page.waitForURL(/action=member\.role_changed/);
    await expect.poll(() => rows.count()).toBe(2);
    expect(await rows.first().textContent()).toContain("Otto Owner");
    await capture("filtered");

    // By person: the member did none of the role changes.
    await page.getByRole("combobox", { name: "Person" }).click();
    await page.getByRole("option", { name: "Mia Member" }).click();
    await page.getByText("No events match these filters").waitFor();
    await page.getByRole("combobox", { name: "Action" }).click();
    await page.getByRole("option", { name: "Any of invitations" }).click();
    await expect.poll(() => rows.count()).toBe(1);
    expect(await rows.first().getAttribute("data-action")).toBe("invitation.accepted");

    // By days: today keeps them, tomorrow on has none.
    await page.getByRole("button", { name: "Clear filters" }).first().click();
    await expect.poll(() => rows.count()).toBe(total);
    const day = (offset: number) => {
      const date = new Date(Date.now() + offset * 86_400_000);
      return `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, "0")}-${String(date.getDate()).padStart(2, "0")}`;
    };
    await page.getByLabel("From").fill(day(0));
    await expect.poll(() => rows.count()).toBe(total);
    await page.getByLabel("From").fill(day(1));
    await page.getByText("No events match these filters").waitFor();
    await page.getByLabel("From").fill("");
    await expect.poll(() => rows.count()).toBe(total);
    await expectAccessible(page, "activity after filtering");
  });

  it("exports the filtered list as a CSV download", async () => {
    await page.getByRole("combobox", { name: "Action" }).click();
    await page.getByRole("option", { name: "Any of members" }).click();
    const rows = page.getByTestId("audit-row");
    await expect
      .poll(async () => (await rows.first().getAttribute("data-action"))?.startsWith("member."))
      .toBe(true);
    const shown = await rows.count();
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("button", { name: "Export CSV" }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^activity-audited-corp-\d{4}-\d{2}-\d{2}\.csv$/);
    const file = await download.path();
    const [header, ...lines] = csvRows(readFileSync(file, "utf8")).filter((r) => r.some(Boolean));
    expect(header).toEqual([...auditCsvColumns]);
    expect(lines).toHaveLength(shown);
    const action = header?.indexOf("action") ?? -1;
    expect(lines.every((line) => line[action]?.startsWith("member."))).toBe(true);
  });

  it("shows the newest page and loads the older events with Load more", async () => {
    // More than a page (50) of events: 55 teams, one team.created each.
    for (let i = 1; i <= 55; i++) {
      await authApi(server, "/organization/create-team", {
        cookie: owner.cookie,
        json: { organizationId: orgId, name: `Squad ${String(i).padStart(2, "0")}` },
      });
    }
    const everything = await fetch(`${server.url}/api/audit?organizationId=${orgId}&limit=200`, {
      headers: { cookie: owner.cookie },
    });
    const all = (await everything.json()) as { events: { action: string }[]; nextCursor: string | null };
    expect(all.nextCursor).toBeNull();
    const total = all.events.length;
    expect(total).toBeGreaterThan(55);

    await page.goto(`${server.url}/org/${org.slug}/activity`);
    const rows = page.getByTestId("audit-row");
    await page.getByText("Showing the newest 50").waitFor();
    expect(await rows.count()).toBe(50);
    expect(await rows.first().textContent()).toContain("Squad 55");
    await page.getByRole("button", { name: "Load more" }).click();
    await page.getByText(`All ${total} shown`).waitFor();
    expect(await rows.count()).toBe(total);
    // The older page follows the newer one, down to the organization's first event.
    expect(await rows.nth(50).getAttribute("data-action")).toBe(all.events[50]?.action);
    expect(await rows.last().getAttribute("data-action")).toBe(all.events.at(-1)?.action);
    expect(await page.getByRole("button", { name: "Load more" }).count()).toBe(0);
  });

  it("a member sees no Activity tab, and its address explains why", async () => {
    const memberContext = await signedInContext(browser, server, member, DESKTOP);
    const memberPage = await memberContext.newPage();
    await memberPage.goto(`${server.url}/org/${org.slug}`);
    await memberPage.getByRole("link", { name: "Members", exact: true }).waitFor();
    expect(await memberPage.getByRole("link", { name: "Activity" }).count()).toBe(0);
    expect(await memberPage.getByRole("heading", { name: "Recent activity" }).count()).toBe(0);
    await memberPage.goto(`${server.url}/org/${org.slug}/activity`);
    await memberPage.getByText("Only owners and admins").waitFor();
    await expectAccessible(memberPage, "activity as a member", { schemes: ["light", "dark"] });
    await memberContext.close();
  });
});
