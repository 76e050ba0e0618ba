import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { linkIn } from "../../test/support/smtp-sink.ts";
import { captureScreen, DESKTOP, launchChromium } from "../support/browser.ts";
import {
  authApi,
  person,
  type SeededUser,
  seedUser,
  signedInContext,
  submitSignIn,
} from "../support/seed.ts";
import { type E2EServer, startE2EServer } from "../support/server.ts";

/** Issue 18: an invite link made, shared and used from a second browser; pending invitations surfaced. */
describe("invite links and pending invitations in Chromium", () => {
  let server: E2EServer;
  let browser: Browser;
  let owner: SeededUser;
  let context: BrowserContext;
  let page: Page;
  let url = "";
  const org = { name: "Linked Works", slug: "linked-works" };
  const joiner = person("Jonas Joiner");

  beforeAll(async () => {
    server = await startE2EServer();
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
  });

  const capture = (target: Page, screen: string) => captureScreen(target, "org-invite-links", screen);

  it("an owner makes a one-use link: its URL and QR code are shown once, and it is listed without them", async () => {
    await page.goto(`${server.url}/org/${org.slug}/invitations`);
    await page.getByText("No invite links yet").waitFor();
    await page.getByRole("button", { name: "Create invite link" }).click();
    const dialog = page.getByRole("dialog", { name: "Create invite link" });
    await dialog.getByRole("combobox", { name: "Expires after" }).click();
    await page.getByRole("option", { name: "1 day" }).click();
    await dialog.getByLabel("Maximum uses (optional)").fill("1");
    await capture(page, "create");
    await dialog.getByRole("button", { name: "Create link" }).click();

    const shown = page.getByRole("dialog", { name: "Share your invite link" });
    await shown.getByText("This is the only time you will see this link").waitFor();
    url = (await shown.getByTestId("new-invite-link").textContent()) ?? "";
    expect(url).toMatch(new RegExp(`^${server.url}/join/[A-Za-z0-9_-]{43}$`));
    await shown.getByRole("img", { name: "QR code of the invite link" }).waitFor();
    await shown.getByRole("button", { name: "Copy link" }).click();
    await shown.getByRole("button", { name: "Copied" }).waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(url);
    await capture(page, "created");
    await shown.getByRole("button", { name: "Done" }).click();
    await page.getByText("0 of 1 used", { exact: true }).waitFor();
    expect(await page.content()).not.toContain(url.split("/join/")[1]);
  });

  it("someone signed out opens the link in a second browser, signs up, verifies and joins", async () => {
    const guest = await browser.newContext({ viewport: DESKTOP });
    const guestPage = await guest.newPage();
    await guestPage.goto(url);
    await guestPage.getByRole("heading", { name: `Join ${org.name}` }).waitFor();
    await capture(guestPage, "landing-signed-out");
    await guestPage.getByRole("link", { name: "Create an account" }).click();
    await guestPage.waitForURL(/\/sign-up\?/);
    await guestPage.getByLabel("Name", { exact: true }).fill(joiner.name);
    await guestPage.getByLabel("Email", { exact: true }).fill(joiner.email);
    await guestPage.getByLabel("Password", { exact: true }).fill(joiner.password);
    await guestPage.getByLabel("Confirm password", { exact: true }).fill(joiner.password);
    await guestPage.getByRole("button", { name: "Create account" }).click();
    await guestPage.waitForURL(/\/check-inbox/);
    const mail = await server.sink.waitFor(joiner.email, /verify/i, 15_000);
    // The verification link brings them back to the invite link, signed in.
    await guestPage.goto(linkIn(mail, `${server.url}/api/auth/verify-email`));
    await guestPage.waitForURL(url);
    const join = guestPage.getByRole("button", { name: `Join ${org.name}` });
    await join.waitFor();
    await capture(guestPage, "landing-signed-in");
    // Keyboard: the join button is reached and pressed without a mouse.
    await join.focus();
    await guestPage.keyboard.press("Enter");
    await guestPage.waitForURL(`${server.url}/org/${org.slug}`);
    await guestPage.getByRole("heading", { name: org.name }).first().waitFor();
    await guest.close();
  });

  it("the used-up link says so to the next person; the owner sees its use and revokes another link", async () => {
    const late = await browser.newContext({ viewport: DESKTOP });
    const latePage = await late.newPage();
    await latePage.goto(url);
    await latePage.getByRole("heading", { name: "This invite link has been used up" }).waitFor();
    expect(await latePage.getByRole("button", { name: /^Join/ }).count()).toBe(0);
    await capture(latePage, "used-up");
    await late.close();

    await page.reload();
    await page.getByText("1 of 1 used", { exact: true }).waitFor();
    await page.getByText("Used up", { exact: true }).first().waitFor();
    await page.getByRole("button", { name: "Create invite link" }).click();
    await page
      .getByRole("dialog", { name: "Create invite link" })
      .getByRole("button", { name: "Create link" })
      .click();
    await page
      .getByRole("dialog", { name: "Share your invite link" })
      .getByRole("button", { name: "Done" })
      .click();
    await page.getByRole("button", { name: "Actions for this invite link" }).first().click();
    await page.getByRole("menuitem", { name: "Revoke link" }).click();
    const confirm = page.getByRole("dialog", { name: "Revoke invite link" });
    await confirm.getByRole("button", { name: "Revoke link" }).click();
    await page.getByText("Invite link revoked").first().waitFor();
    await page.getByText("Revoked", { exact: true }).first().waitFor();
    await capture(page, "list");
  });

  it("someone with an account opens a link signed out, signs in from it and joins", async () => {
    const organizationId = (await authApi(server, "/organization/list", { cookie: owner.cookie })).find(
      (o: { slug: string }) => o.slug === org.slug,
    ).id;
    const made = await authApi(server, "/organization/create-invite-link", {
      cookie: owner.cookie,
      json: { organizationId, role: "member", expiresIn: 3600 },
    });
    const member = await seedUser(server, person("Sigrid Signin"));
    const visitor = await browser.newContext({ viewport: DESKTOP });
    const visitorPage = await visitor.newPage();
    await visitorPage.goto(made.url);
    await visitorPage.getByRole("heading", { name: `Join ${org.name}` }).waitFor();
    await visitorPage.getByRole("link", { name: "I already have an account" }).click();
    await visitorPage.waitForURL(/\/sign-in\?/);
    await submitSignIn(visitorPage, server, member.email, member.password);
    // Signed in, they are back on the link, which now offers to join.
    await visitorPage.waitForURL(made.url);
    await visitorPage.getByRole("button", { name: `Join ${org.name}` }).click();
    await visitorPage.waitForURL(`${server.url}/org/${org.slug}`);
    await visitorPage.getByRole("heading", { name: org.name }).first().waitFor();
    await visitor.close();
    const members = await authApi(server, `/organization/list-members?organizationId=${organizationId}`, {
      cookie: owner.cookie,
    });
    expect(
      members.members.find((m: { user: { email: string } }) => m.user.email === member.email)?.role,
    ).toBe("member");
  });

  it("a pending invitation shows on the home page and in the switcher, and is accepted from the switcher by keyboard", async () => {
    const invitee = await seedUser(server, person("Ines Invitee"));
    const other = await authApi(server, "/organization/create", {
      cookie: owner.cookie,
      json: { name: "Second Shop", slug: "second-shop" },
    });
    for (const organizationId of [
      (await authApi(server, `/organization/list`, { cookie: owner.cookie })).find(
        (o: { slug: string }) => o.slug === org.slug,
      ).id,
      other.id,
    ]) {
      await authApi(server, "/organization/invite-member", {
        cookie: owner.cookie,
        json: { organizationId, email: invitee.email, role: "member" },
      });
    }
    const inviteeContext = await signedInContext(browser, server, invitee, DESKTOP);
    const home = await inviteeContext.newPage();
    await home.goto(`${server.url}/`);
    await home.getByRole("heading", { name: "You have 2 pending invitations" }).waitFor();
    await home.getByTestId("switcher-invitation-count").waitFor();
    await capture(home, "home");

    const switcher = home.getByRole("button", { name: /2 pending invitations/ });
    await switcher.click();
    const item = home.getByRole("menuitem", { name: org.name });
    await item.waitFor();
    await capture(home, "switcher");
    await home.keyboard.press("Escape");
    await expect.poll(() => item.count()).toBe(0);
    // The switcher again, opened, walked and answered with the keyboard alone.
    await switcher.focus();
    await home.keyboard.press("Enter");
    await item.waitFor();
    // The menu takes focus once its opening transition has run; arrow keys pressed before reach the button.
    const menu = home.getByRole("menu");
    await expect.poll(() => menu.evaluate((el) => el.contains(document.activeElement))).toBe(true);
    await home.keyboard.press("ArrowDown");
    await expect.poll(() => item.evaluate((el) => el === document.activeElement)).toBe(true);
    await home.keyboard.press("Enter");
    const dialog = home.getByRole("dialog", { name: `Invitation to ${org.name}` });
    await dialog.getByRole("button", { name: "Accept" }).focus();
    await home.keyboard.press("Enter");
    await home.waitForURL(`${server.url}/org/${org.slug}`);
    await home.goto(`${server.url}/`);
    await home.getByRole("heading", { name: "You have 1 pending invitation" }).waitFor();
    await home.getByTestId("my-invitation-second-shop").getByRole("button", { name: "Decline" }).click();
    await home.getByText("Invitation declined").first().waitFor();
    await expect
      .poll(() => home.getByRole("heading", { name: /pending invitation/ }).count(), { timeout: 10_000 })
      .toBe(0);
    await inviteeContext.close();
  });
});
