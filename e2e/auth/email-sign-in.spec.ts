import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  captureScreen,
  expectAccessible,
  launchChromium,
  PHONE,
  screenshotBoth,
  tabTo,
} from "../support/browser.ts";
import { person, seedUser } from "../support/seed.ts";
import { type E2EServer, startE2EServer } from "../support/server.ts";

/** Sign-in with a mailed code and a mailed link, and the "this wasn't me" page, in Chromium. */
describe("email codes, sign-in links and security mails in Chromium", () => {
  let server: E2EServer;
  let browser: Browser;

  beforeAll(async () => {
    server = await startE2EServer({ EMAIL_CODE_SIGN_IN: "1", MAGIC_LINK_SIGN_IN: "1" });
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  async function newPage(viewport = { width: 1280, height: 860 }): Promise<Page> {
    const context = await browser.newContext({ viewport });
    return context.newPage();
  }

  async function mailedCode(email: string, since: number): Promise<string> {
    await expect
      .poll(
        () =>
          server.sink.mails.slice(since).some((m) => m.to.includes(email) && /sign-in code/.test(m.subject)),
        {
          timeout: 15_000,
        },
      )
      .toBe(true);
    const mail = server.sink.mails
      .slice(since)
      .find((m) => m.to.includes(email) && /sign-in code/.test(m.subject));
    return mail?.subject.slice(0, 6) ?? "";
  }

  it("signs in with an emailed code, keyboard only, after a wrong code", async () => {
    const user = await seedUser(server, person("Grace"));
    const page = await newPage();
    await page.goto(`${server.url}/sign-in?redirect=%2Faccount`);
    await page.getByLabel("Email", { exact: true }).fill(user.email);
    await page.getByRole("link", { name: "Email me a sign-in code" }).waitFor();
    await captureScreen(page, "sign-in", "email-options");

    await page.getByRole("link", { name: "Email me a sign-in code" }).click();
    // The pointer stays where the link was; on the next screen it would hover whatever lies there.
    await page.mouse.move(0, 0);
    await page.waitForURL(/\/sign-in\/code/);
    await page.getByRole("heading", { name: "Sign in with a code" }).waitFor();
    await captureScreen(page, "email-code", "request");

    let since = server.sink.mails.length;
    // The address came along from the sign-in form; Enter sends.
    await page.getByLabel("Email", { exact: true }).press("Enter");
    await page.getByLabel("6-digit code").waitFor();
    const code = await mailedCode(user.email, since);
    expect(code).toMatch(/^\d{6}$/);
    await expect.poll(() => page.getByRole("button", { name: /Send a new code in \d+ s/ }).count()).toBe(1);
    await screenshotBoth(page, "email-code-entry");
    await expectAccessible(page, "email code entry", { schemes: ["light", "dark"] });

    // A wrong code is explained; the field empties for the next try.
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, "0");
    await page.getByLabel("6-digit code").pressSequentially(wrong);
    await page.getByText("That code is not correct").waitFor();
    await screenshotBoth(page, "email-code-wrong");
    await expectAccessible(page, "email code wrong");

    since = server.sink.mails.length;
    await page.getByLabel("6-digit code").focus();
    await page.keyboard.type(code);
    await page.waitForURL(`${server.url}/account`);
    await expect.poll(() => page.getByLabel("Name", { exact: true }).inputValue()).toBe(user.name);

    // Chromium is a device this account had not used: a security mail with a "this wasn't me" link.
    await expect
      .poll(
        () =>
          server.sink.mails
            .slice(since)
            .some((m) => m.to.includes(user.email) && /new sign-in/i.test(m.subject)),
        {
          timeout: 15_000,
        },
      )
      .toBe(true);
    const notice = server.sink.mails.slice(since).find((m) => /new sign-in/i.test(m.subject));
    expect(notice?.text).toMatch(/Device: Chrome (Headless )?\d+ on Linux/);
    const notMe = notice?.text.match(/https?:\/\/\S+\/not-me\?token=\S+/)?.[0] ?? "";
    expect(notMe).not.toBe("");

    // "This wasn't me": the page asks first, then signs out everywhere and leads to a new password.
    const other = await newPage();
    await other.goto(notMe.replace(/^https?:\/\/[^/]+/, server.url));
    await other.getByRole("heading", { name: "Secure your account" }).waitFor();
    await captureScreen(other, "not-me", "confirm");
    // With the keyboard: Tab to the button, Enter.
    const signOut = other.getByRole("button", { name: "Sign out everywhere" });
    await tabTo(other, signOut);
    await other.keyboard.press("Enter");
    await other.waitForURL(/\/reset-password\?token=/);
    await other.getByRole("heading", { level: 1 }).waitFor();

    // The code-signed-in browser is signed out too.
    await page.reload();
    await page.waitForURL(/\/sign-in/);
  });

  it("the code screen on a phone", async () => {
    const user = await seedUser(server, person("Katherine"));
    const page = await newPage(PHONE);
    await page.goto(`${server.url}/sign-in/code?email=${encodeURIComponent(user.email)}`);
    await page.getByRole("button", { name: "Email me a code" }).click();
    await page.getByLabel("6-digit code").waitFor();
    await screenshotBoth(page, "email-code-entry-phone");
    await expectAccessible(page, "email code entry (phone)");
  });

  it("signs in with an emailed link and goes on to the redirect target", async () => {
    const user = await seedUser(server, person("Dorothy"));
    const page = await newPage();
    await page.goto(`${server.url}/sign-in?redirect=%2Faccount`);
    await page.getByRole("link", { name: "Email me a sign-in link" }).click();
    await page.waitForURL(/\/sign-in\/email-link/);
    await page.getByRole("heading", { name: "Sign in with a link" }).waitFor();
    await captureScreen(page, "email-link", "request");
    const since = server.sink.mails.length;
    await page.getByLabel("Email", { exact: true }).fill(user.email);
    await page.getByRole("button", { name: "Email me a link" }).click();
    await page.getByRole("heading", { name: "Check your inbox" }).waitFor();
    await captureScreen(page, "email-link", "sent");

    await expect
      .poll(
        () =>
          server.sink.mails
            .slice(since)
            .some((m) => m.to.includes(user.email) && /sign-in link/.test(m.subject)),
        {
          timeout: 15_000,
        },
      )
      .toBe(true);
    const mail = server.sink.mails.slice(since).find((m) => /sign-in link/.test(m.subject));
    const link = (mail?.text.match(/https?:\/\/\S+\/sign-in\/link\?\S+/)?.[0] ?? "").replace(
      /^https?:\/\/[^/]+/,
      server.url,
    );
    await page.goto(link);
    await page.waitForURL(`${server.url}/account`);
    await expect.poll(() => page.getByLabel("Name", { exact: true }).inputValue()).toBe(user.name);

    // The link works once: opened again in another browser, it explains and offers a new one.
    const other = await newPage(PHONE);
    await other.goto(link);
    await other.getByRole("heading", { name: "This sign-in link doesn't work" }).waitFor();
    await screenshotBoth(other, "email-link-used-phone");
    await expectAccessible(other, "email link used");
  });
});
