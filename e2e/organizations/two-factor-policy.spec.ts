import { generate } from "otplib";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { captureScreen, DESKTOP, hasFocus, launchChromium, tabTo } from "../support/browser.ts";
import {
  authApi,
  invitationLink,
  mailedInvitationId,
  person,
  type SeededUser,
  seedUser,
  signedInContext,
} from "../support/seed.ts";
import { type E2EServer, startE2EServer } from "../support/server.ts";

const ADMIN_EMAIL = `ada-${Date.now().toString(36)}@example.test`;

describe("organizations that require two-factor, and admins, in Chromium", () => {
  let server: E2EServer;
  let browser: Browser;
  let owner: SeededUser;
  let member: SeededUser;
  let invitee: SeededUser;
  let admin: SeededUser;
  let ownerPage: Page;
  const contexts: BrowserContext[] = [];
  const org = { name: "Strict Corp", slug: "strict-corp" };

  /**
   * Turns on an authenticator app through better-auth's endpoints, confirmed with an otplib code (the enrolment
   * screen is the account's Security section); returns the session cookie that confirmation issues.
   */
  async function enrolTotp(user: SeededUser): Promise<string> {
    const enabled = await authApi(server, "/two-factor/enable", {
      cookie: user.cookie,
      json: { password: user.password },
    });
    const secret = new URL(enabled.totpURI).searchParams.get("secret") ?? "";
    const res = await fetch(`${server.url}/api/auth/two-factor/verify-totp`, {
      method: "POST",
      headers: { Origin: server.url, "Content-Type": "application/json", Cookie: user.cookie },
      body: JSON.stringify({ code: await generate({ secret }) }),
    });
    expect(res.status).toBe(200);
    return res.headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .filter((c) => c && !c.endsWith("="))
      .join("; ");
  }

  async function pageFor(user: SeededUser, viewport = DESKTOP) {
    const context = await signedInContext(browser, server, user, viewport);
    contexts.push(context);
    return context.newPage();
  }

  const capture = (target: Page, screen: string) => captureScreen(target, "two-factor-policy", screen);

  beforeAll(async () => {
    server = await startE2EServer({ ADMIN_EMAILS: ADMIN_EMAIL, REQUIRE_2FA_FOR_ADMINS: "1" });
    browser = await launchChromium();
    owner = await seedUser(server, person("Olga Owner"));
    member = await seedUser(server, person("Milo Member"));
    invitee = await seedUser(server, person("Ivy Invitee"));
    admin = await seedUser(server, person("Ada Admin", { email: ADMIN_EMAIL }));
    const created = await authApi(server, "/organization/create", { cookie: owner.cookie, json: org });
    await authApi(server, "/organization/invite-member", {
      cookie: owner.cookie,
      json: { organizationId: created.id, email: member.email, role: "member" },
    });
    const invitationId = await mailedInvitationId(server, member.email);
    await authApi(server, "/organization/accept-invitation", {
      cookie: member.cookie,
      json: { invitationId },
    });
    owner.cookie = await enrolTotp(owner);
    ownerPage = await pageFor(owner);
  });
  afterAll(async () => {
    for (const context of contexts) await context.close();
    await browser?.close();
    await server?.close();
  });

  it("an owner turns the requirement on in Settings", async () => {
    await ownerPage.goto(`${server.url}/org/${org.slug}/settings`);
    const toggle = ownerPage.getByRole("switch", { name: "Require two-factor for all members" });
    await toggle.waitFor();
    expect(await toggle.isChecked()).toBe(false);
    // Keyboard: the switch takes focus and Space turns it on.
    await toggle.focus();
    await ownerPage.keyboard.press("Space");
    await ownerPage.getByText("Two-factor required", { exact: true }).first().waitFor();
    await expect.poll(() => toggle.isChecked()).toBe(true);
    await ownerPage.locator("#two-factor-policy").getByText("Required", { exact: true }).waitFor();
    await capture(ownerPage, "settings");
  });

  it("the owner sees who has not set it up on the members page", async () => {
    await ownerPage.goto(`${server.url}/org/${org.slug}/members`);
    const milo = ownerPage.getByTestId(`member-row-${member.email}`);
    await milo.getByText("No two-factor").waitFor();
    expect(await ownerPage.getByTestId(`member-row-${owner.email}`).getByText("No two-factor").count()).toBe(
      0,
    );
    await ownerPage.getByRole("switch", { name: "Without two-factor only" }).check();
    await ownerPage.waitForURL(/twoFactor=missing/);
    await expect.poll(() => ownerPage.getByTestId(`member-row-${owner.email}`).count()).toBe(0);
    await milo.waitFor();
    await capture(ownerPage, "members");
  });

  it("an invitee is told before accepting", async () => {
    await authApi(server, "/organization/invite-member", {
      cookie: owner.cookie,
      json: {
        organizationId: (
          await authApi(server, `/organization/get-full-organization?organizationSlug=${org.slug}`, {
            cookie: owner.cookie,
          })
        ).id,
        email: invitee.email,
        role: "member",
      },
    });
    const link = await invitationLink(server, invitee.email);
    const page = await pageFor(invitee);
    await page.goto(link);
    await page
      .getByTestId("invitation-two-factor")
      .getByText(/requires two-factor authentication/)
      .waitFor();
    const mail = server.sink.mails.filter((m) => m.to.includes(invitee.email.toLowerCase())).at(-1);
    expect(mail?.text).toMatch(/requires two-factor authentication/);
    await capture(page, "invitation");
  });

  it("a member without two-factor is led to enrol, and gets in once enrolled", async () => {
    const page = await pageFor(member);
    await page.goto(`${server.url}/org/${org.slug}`);
    const required = page.getByTestId("two-factor-required");
    await required.getByRole("heading", { name: "Two-factor authentication required" }).waitFor();
    await required.getByText(/Strict Corp requires two-factor authentication/).waitFor();
    // No broken page: neither the sections nor an error.
    expect(await page.getByRole("navigation", { name: "Organization sections" }).count()).toBe(0);
    expect(await page.getByText(/couldn't load/i).count()).toBe(0);
    await capture(page, "required");

    // Keyboard: the way to enrol is a link reached by focus and followed with Enter.
    const enrol = required.getByRole("link", { name: "Set up two-factor" });
    await enrol.focus();
    await page.keyboard.press("Enter");
    await page.waitForURL(`${server.url}/account?section=security`);

    member.cookie = await enrolTotp(member);
    await page.context().clearCookies();
    const fresh = await pageFor(member);
    await fresh.goto(`${server.url}/org/${org.slug}`);
    await fresh.getByRole("navigation", { name: "Organization sections" }).waitFor();
    expect(await fresh.getByTestId("two-factor-required").count()).toBe(0);
  });

  it("REQUIRE_2FA_FOR_ADMINS: an admin without two-factor is led to enrol; once enrolled, sees and resets a user's two-factor", async () => {
    const page = await pageFor(admin);
    await page.goto(`${server.url}/admin/users`);
    const required = page.getByTestId("two-factor-required");
    await required.getByText(/admin area requires two-factor/).waitFor();
    await capture(page, "admin-required");

    admin.cookie = await enrolTotp(admin);
    const adminPage = await pageFor(admin);
    const { user } = await authApi(server, "/get-session", { cookie: owner.cookie });
    await adminPage.goto(`${server.url}/admin/users/${user.id}`);
    const status = adminPage.getByTestId("admin-two-factor-status");
    await status.getByText("Authenticator app on").waitFor();
    await status.getByText("0 passkeys").waitFor();
    await capture(adminPage, "admin-user");

    // With the keyboard: Tab to the button, Enter; in the dialog, past Cancel (focused first) to the reset.
    await tabTo(adminPage, adminPage.getByRole("button", { name: "Reset two-factor" }));
    await adminPage.keyboard.press("Enter");
    const dialog = adminPage.getByRole("dialog", { name: "Reset two-factor?" });
    await expect.poll(() => hasFocus(dialog.getByRole("button", { name: "Cancel" }))).toBe(true);
    await capture(adminPage, "admin-reset");
    await tabTo(adminPage, dialog.getByRole("button", { name: "Reset two-factor" }));
    await adminPage.keyboard.press("Enter");
    await status.getByText("Authenticator app off").waitFor();
    const mail = await server.sink.waitFor(owner.email, /two-factor authentication was reset/i, 15_000);
    expect(mail.text).toContain(`${server.url}/account?section=security`);
  });
});
