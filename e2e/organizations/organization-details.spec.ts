import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { captureScreen, DESKTOP, launchChromium, PHONE } from "../support/browser.ts";
import { authApi, person, type SeededUser, seedUser, signedInContext } from "../support/seed.ts";
import { type E2EServer, startE2EServer } from "../support/server.ts";

/** Issue 20's organization minors: slug feedback, the overview's teams, the invite form, the only owner. */
describe("organization details in Chromium", () => {
  let server: E2EServer;
  let browser: Browser;
  let owner: SeededUser;
  let page: Page;
  const org = { name: "Zephyr Works", slug: "zephyr-works" };
  // The later steps' own organization, so that each fails for its own reason.
  const yonder = { name: "Yonder Labs", slug: "yonder-labs", id: "" };

  beforeAll(async () => {
    server = await startE2EServer();
    browser = await launchChromium();
    owner = await seedUser(server, person("Otto Owner"));
    page = await (await signedInContext(browser, server, owner, DESKTOP)).newPage();
    ({ id: yonder.id } = await authApi<{ id: string }>(server, "/organization/create", {
      cookie: owner.cookie,
      json: { name: yonder.name, slug: yonder.slug },
    }));
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  const capture = (screen: string) => captureScreen(page, "org-details", screen);
  const slugField = () => page.getByLabel("Slug");

  it("checks the slug as it is typed and offers a free one when it is taken", async () => {
    await authApi(server, "/organization/create", {
      cookie: owner.cookie,
      json: { name: "Zephyr", slug: org.slug },
    });
    await page.goto(`${server.url}/organizations/new`);
    await page.getByLabel("Name", { exact: true }).fill(org.name);

    // No blur: the error shows while the field still has focus.
    await slugField().fill("zephyr_works");
    await page.getByText("Use lowercase letters, digits and dashes only").waitFor();
    expect(await slugField().evaluate((el) => el === document.activeElement)).toBe(true);

    await slugField().fill(org.slug);
    await page.getByText(`${org.slug} is taken`).waitFor();
    const suggestion = page.getByRole("button", { name: `Use ${org.slug}-2 instead` });
    await suggestion.waitFor();
    await capture("slug-taken");
    await suggestion.click();
    expect(await slugField().inputValue()).toBe(`${org.slug}-2`);
    await page.getByText(`${org.slug}-2 is available`).waitFor();

    await page.getByRole("button", { name: "Create organization" }).click();
    await page.waitForURL(`${server.url}/org/${org.slug}-2`);
  });

  it("the overview's Teams counter and its checklist tell the same story", async () => {
    await page.goto(`${server.url}/org/${yonder.slug}`);
    const started = page.getByRole("link", { name: "Create a team" });
    await started.waitFor();
    const stat = page.locator(".mantine-Card-root", { hasText: /^Teams/ });
    expect(await stat.textContent()).toContain("1");
    // The one team counted is named in the step, not silently ignored.
    await page.getByText(`“${yonder.name}” came with the organization`).waitFor();
    await capture("overview-new");

    await authApi(server, "/organization/create-team", {
      cookie: owner.cookie,
      json: { organizationId: yonder.id, name: "Research" },
    });
    await page.reload();
    await page.getByText("Create a team (done)").waitFor();
    expect(await stat.textContent()).toContain("2");
  });

  it("the invite form goes back to its defaults after each invitation", async () => {
    await authApi(server, "/organization/create-team", {
      cookie: owner.cookie,
      json: { organizationId: yonder.id, name: "Outreach" },
    });
    await page.goto(`${server.url}/org/${yonder.slug}/invitations`);
    await page.getByLabel("Email", { exact: true }).fill(person("Ivy Invitee").email);
    // The field's empty end, clear of the pills' remove buttons.
    const roles = page.locator("form .mantine-MultiSelect-input");
    const box = await roles.boundingBox();
    await roles.click({ position: { x: (box?.width ?? 200) - 48, y: (box?.height ?? 40) / 2 } });
    await page.getByRole("option", { name: /^Admin/ }).click();
    await page.keyboard.press("Escape");
    await page.getByRole("combobox", { name: "Team (optional)" }).click();
    await page.getByRole("option", { name: "Outreach" }).click();
    await page.getByRole("button", { name: "Send invitation", exact: true }).click();
    await page.getByText("Invitation sent", { exact: true }).waitFor();

    const form = page.locator("form", { has: page.getByRole("button", { name: "Send invitation" }) });
    await expect.poll(() => page.getByLabel("Email", { exact: true }).inputValue()).toBe("");
    expect(await form.locator(".mantine-Pill-root").allTextContents()).toEqual(["Member"]);
    expect(await page.getByRole("combobox", { name: "Team (optional)" }).inputValue()).toBe("");
  });

  it("the only owner sees why Leave is disabled, and the way to transfer ownership", async () => {
    await page.goto(`${server.url}/org/${yonder.slug}/settings`);
    const leave = page.getByRole("button", { name: "Leave organization" });
    await page.getByText("You're the only owner — transfer ownership first.").waitFor();
    await expect.poll(() => leave.isDisabled()).toBe(true);
    await page.getByRole("link", { name: "Transfer ownership" }).click();
    await page.waitForURL(/#ownership$/);
    await capture("settings-only-owner");
  });

  it("the members table fits a phone", async () => {
    const member = await seedUser(server, person("Maximiliane Bartholomew-Featherstonehaugh"));
    const invitation = await authApi<{ id: string }>(server, "/organization/invite-member", {
      cookie: owner.cookie,
      json: { email: member.email, role: ["admin", "member"], organizationId: yonder.id },
    });
    await authApi(server, "/organization/accept-invitation", {
      cookie: member.cookie,
      json: { invitationId: invitation.id },
    });
    await page.setViewportSize(PHONE);
    await page.goto(`${server.url}/org/${yonder.slug}/members`);
    await page.getByTestId(`member-row-${owner.email}`).waitFor();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    // Every row's menu is on screen, not past a table that scrolls out of sight.
    const actions = page.getByRole("button", { name: `Actions for ${member.name}` });
    const box = await actions.boundingBox();
    expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(PHONE.width);
    await page.setViewportSize(DESKTOP);
    await capture("members");
  });
});
