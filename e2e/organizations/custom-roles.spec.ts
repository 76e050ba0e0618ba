import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { linkIn } from "../../test/support/smtp-sink.ts";
import { captureScreen, DESKTOP, launchChromium } from "../support/browser.ts";
import {
  authApi,
  mailedInvitationId,
  person,
  type SeededUser,
  seedUser,
  signedInContext,
} from "../support/seed.ts";
import { type E2EServer, startE2EServer } from "../support/server.ts";

/** Issue 18: a custom role given to a member, who sees exactly what it allows; ownership handed over. */
describe("custom roles and ownership transfer, in Chromium", () => {
  let server: E2EServer;
  let browser: Browser;
  let owner: SeededUser;
  let lead: SeededUser;
  let heir: SeededUser;
  let ownerPage: Page;
  let orgId = "";
  const contexts: BrowserContext[] = [];
  const org = { name: "Growing Corp", slug: "growing-corp" };

  async function pageFor(user: SeededUser, viewport = DESKTOP) {
    const context = await signedInContext(browser, server, user, viewport);
    contexts.push(context);
    return context.newPage();
  }

  async function join(user: SeededUser) {
    await authApi(server, "/organization/invite-member", {
      cookie: owner.cookie,
      json: { organizationId: orgId, email: user.email, role: "member" },
    });
    const invitationId = await mailedInvitationId(server, user.email);
    await authApi(server, "/organization/accept-invitation", { cookie: user.cookie, json: { invitationId } });
  }

  const members = async () =>
    (
      await authApi<{ members: { id: string; role: string; user: { email: string } }[] }>(
        server,
        `/organization/list-members?organizationId=${orgId}&limit=10&offset=0`,
        { cookie: owner.cookie },
      )
    ).members;

  const capture = (target: Page, screen: string) => captureScreen(target, "custom-roles", screen);

  beforeAll(async () => {
    server = await startE2EServer();
    browser = await launchChromium();
    owner = await seedUser(server, person("Olga Owner"));
    lead = await seedUser(server, person("Leo Lead"));
    heir = await seedUser(server, person("Hana Heir"));
    orgId = (await authApi(server, "/organization/create", { cookie: owner.cookie, json: org })).id;
    await join(lead);
    await join(heir);
    ownerPage = await pageFor(owner);
  });
  afterAll(async () => {
    for (const context of contexts) await context.close();
    await browser?.close();
    await server?.close();
  });

  it("an owner creates a custom role from the Roles tab, by keyboard", async () => {
    await ownerPage.goto(`${server.url}/org/${org.slug}/roles`);
    await ownerPage.getByRole("button", { name: "Create role" }).click();
    const dialog = ownerPage.getByRole("dialog", { name: "Create role" });
    await dialog.getByLabel("Role name").fill("Team Lead");
    await dialog.getByLabel("Description").click();
    await dialog.getByText(/lowercase letters, digits and hyphens, starting/i).waitFor();
    await dialog.getByLabel("Role name").fill("team-lead");
    await dialog.getByLabel("Description").fill("Runs the teams");
    await dialog.getByRole("checkbox", { name: "Create teams" }).check();
    await dialog.getByRole("checkbox", { name: "Rename teams and manage their members" }).check();
    await dialog.getByRole("checkbox", { name: "See roles" }).check();
    await dialog.getByRole("button", { name: "Create role" }).focus();
    await ownerPage.keyboard.press("Enter");
    await dialog.waitFor({ state: "detached" });
    const card = ownerPage.getByRole("listitem", { name: "team-lead" });
    await card.getByText("Runs the teams").waitFor();
    await card.getByText("Create teams").waitFor();
    await capture(ownerPage, "roles");
  });

  it("the role picker offers it; the member holding it sees exactly the controls it allows", async () => {
    // The owner gives it to Leo with the role picker of the members page.
    await ownerPage.goto(`${server.url}/org/${org.slug}/members`);
    await ownerPage.getByRole("button", { name: "Actions for Leo Lead" }).click();
    await ownerPage.getByRole("menuitem", { name: "Change roles" }).click();
    const dialog = ownerPage.getByRole("dialog", { name: "Change roles" });
    await dialog.waitFor();
    await dialog.locator(".mantine-MultiSelect-input").click({ position: { x: 340, y: 20 } });
    await ownerPage.getByRole("option", { name: /^team-lead/ }).click();
    await dialog.getByRole("heading", { name: "Change roles" }).click();
    await dialog.getByRole("button", { name: "Save roles" }).click();
    await ownerPage.getByText("Roles updated").first().waitFor();
    const leader = (await members()).find((m) => m.user.email === lead.email.toLowerCase());
    expect(leader?.role).toBe("member,team-lead");
    // A role someone holds cannot be deleted, and the refusal counts who holds it.
    await ownerPage.goto(`${server.url}/org/${org.slug}/roles`);
    await ownerPage.getByRole("button", { name: "Delete role team-lead" }).click();
    const confirm = ownerPage.getByRole("dialog", { name: "Delete role" });
    await confirm.getByRole("button", { name: "Delete role" }).click();
    await confirm.getByText("1 member holds this role. Give them another role first.").waitFor();
    await confirm.getByRole("button", { name: "Cancel" }).click();
    await confirm.waitFor({ state: "hidden" });

    const page = await pageFor(lead);
    await page.goto(`${server.url}/org/${org.slug}/teams`);
    const nav = page.getByRole("navigation", { name: "Organization sections" });
    await nav.getByRole("link", { name: "Roles" }).waitFor();
    await page.getByRole("button", { name: "Create team" }).waitFor();
    // Not granted: invitations, API keys, roles management.
    expect(await nav.getByRole("link", { name: "Invitations" }).count()).toBe(0);
    expect(await nav.getByRole("link", { name: "API keys" }).count()).toBe(0);
    await capture(page, "member-teams");
    await page.goto(`${server.url}/org/${org.slug}/members`);
    await page.getByRole("heading", { name: "Members" }).waitFor();
    expect(await page.getByRole("link", { name: "Invite people" }).count()).toBe(0);
    await page.goto(`${server.url}/org/${org.slug}/roles`);
    await page.getByRole("listitem", { name: "team-lead" }).waitFor();
    expect(await page.getByRole("button", { name: "Create role" }).count()).toBe(0);
    expect(await page.getByRole("button", { name: /Delete role/ }).count()).toBe(0);

    // A permission removed holds at once: the next load no longer offers it.
    await authApi(server, "/organization/update-role", {
      cookie: owner.cookie,
      json: {
        organizationId: orgId,
        roleName: "team-lead",
        data: { permission: { team: ["update"], ac: ["read"] } },
      },
    });
    await page.goto(`${server.url}/org/${org.slug}/teams`);
    await page.getByRole("heading", { name: "Teams" }).waitFor();
    await nav.getByRole("link", { name: "Roles" }).waitFor();
    expect(await page.getByRole("button", { name: "Create team" }).count()).toBe(0);
  });

  it("the owner offers ownership; the heir accepts from the mailed link", async () => {
    await ownerPage.goto(`${server.url}/org/${org.slug}/settings`);
    const card = ownerPage.locator("#ownership");
    // The heir is found by the server's search, so a member past the first page of a large organization can
    // be picked too (the picker once filtered the first 100 members it had loaded).
    const searched = ownerPage.waitForRequest(
      (r) =>
        r.url().includes("/api/auth/organization/list-members?") &&
        new URL(r.url()).searchParams.get("search") === "Hana",
    );
    await card.getByRole("combobox", { name: "New owner" }).click();
    // Owners are never offered it (Olga, the only owner, is the one offering).
    await ownerPage.getByRole("option", { name: /Leo Lead/ }).waitFor();
    expect(await ownerPage.getByRole("option", { name: /Olga Owner/ }).count()).toBe(0);
    await card.getByRole("combobox", { name: "New owner" }).fill("Hana");
    await searched;
    await ownerPage.getByRole("option", { name: /Hana Heir/ }).click();
    await card.getByRole("button", { name: "Offer ownership" }).click();
    await card.getByRole("button", { name: "Withdraw offer" }).waitFor();
    await capture(ownerPage, "offer");
    // Nothing changed yet.
    expect((await members()).find((m) => m.user.email === owner.email.toLowerCase())?.role).toBe("owner");

    const mail = await server.sink.waitFor(heir.email, /ownership/i, 15_000);
    const link = linkIn(mail, `${server.url}/ownership/accept?token=`);
    const page = await pageFor(heir);
    // The heir also sees the offer in the app, on the organization's overview.
    await page.goto(`${server.url}/org/${org.slug}`);
    await page.getByRole("button", { name: "Accept ownership" }).waitFor();
    await page.goto(link);
    await page.getByRole("heading", { name: "Accept ownership" }).waitFor();
    await capture(page, "accept");
    await page.getByRole("button", { name: "Accept ownership" }).click();
    await page.waitForURL(`${server.url}/organizations`);
    const after = await members();
    expect(after.find((m) => m.user.email === heir.email.toLowerCase())?.role).toBe("owner,member");
    expect(after.find((m) => m.user.email === owner.email.toLowerCase())?.role).toBe("admin");
    // The link is spent.
    await page.goto(link);
    await page.getByRole("button", { name: "Accept ownership" }).click();
    await page.getByText(/already accepted, withdrawn, or has expired/).waitFor();
  });
});
