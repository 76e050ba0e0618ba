import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DESKTOP, launchChromium, PHONE, screenshotBoth } from "../support/browser.ts";
import { person, type SeededUser, seedUser } from "../support/seed.ts";
import { type E2EServer, startE2EServer } from "../support/server.ts";

/** What has the focus: its accessible-ish name, role and type. */
function focused(page: Page) {
  return page.evaluate(() => {
    const element = document.activeElement as HTMLElement | null;
    return {
      tag: element?.tagName.toLowerCase() ?? "",
      id: element?.id ?? "",
      type: element?.getAttribute("type") ?? "",
      role: element?.getAttribute("role") ?? "",
      label: element?.getAttribute("aria-label") ?? "",
      text: element?.textContent?.trim() ?? "",
    };
  });
}

describe("signing in with the keyboard alone", () => {
  let server: E2EServer;
  let browser: Browser;
  let user: SeededUser;

  beforeAll(async () => {
    server = await startE2EServer();
    [browser, user] = await Promise.all([launchChromium(), seedUser(server, person("Kim Keys"))]);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it("Tab, typing and Enter only: first field focused, show-password reachable, focus on what failed, signed in", async () => {
    const context = await browser.newContext({ viewport: DESKTOP });
    const page = await context.newPage();
    await page.goto(`${server.url}/sign-in`);
    await page.getByRole("heading", { name: "Sign in" }).waitFor();

    // The page starts in its first field.
    await expect.poll(async () => (await focused(page)).type).toBe("email");

    // A password without an address: the form takes focus back to the address it refused.
    await page.keyboard.press("Tab"); // "Forgot password?"
    await page.keyboard.press("Tab");
    expect((await focused(page)).id).toBe("sign-in-password");
    await page.keyboard.type("wrong password");
    await page.keyboard.press("Enter");
    await page.getByText("Enter your email address").waitFor();
    await expect.poll(async () => (await focused(page)).type).toBe("email");

    // The show-password button is on the Tab path, named, and works with the keyboard.
    await page.keyboard.type(user.email);
    await page.keyboard.press("Tab");
    await page.keyboard.press("Tab");
    await page.keyboard.press("Tab");
    expect(await focused(page)).toMatchObject({ tag: "button", label: "Show password" });
    await page.keyboard.press("Space");
    expect(await page.locator("#sign-in-password").getAttribute("type")).toBe("text");
    expect(await page.getByRole("button", { name: "Show password" }).getAttribute("aria-pressed")).toBe(
      "true",
    );

    // A wrong password: focus moves to the alert that says so.
    await page.keyboard.press("Enter"); // toggles back to hidden
    await page.keyboard.press("Shift+Tab");
    await page.keyboard.press("Enter");
    await page.getByText(/invalid email or password/i).waitFor();
    await expect.poll(async () => (await focused(page)).role).toBe("alert");
    expect((await focused(page)).text).toMatch(/invalid email or password/i);

    // From the alert, Tab leads back through the form; the right password signs in.
    await page.keyboard.press("Tab"); // email
    await page.keyboard.press("Tab"); // "Forgot password?"
    await page.keyboard.press("Tab");
    expect((await focused(page)).id).toBe("sign-in-password");
    await page.keyboard.press("ControlOrMeta+A");
    await page.keyboard.type(user.password);
    await page.keyboard.press("Enter");
    await page.waitForURL(`${server.url}/`);
    await page.getByTestId("user-menu").waitFor();

    // Signed in: the first Tab stop is "Skip to content", shown once focused; Enter lands in the main region.
    await page.goto(`${server.url}/account`);
    await page.getByRole("heading", { name: "Account" }).first().waitFor();
    await page.keyboard.press("Tab");
    expect(await focused(page)).toMatchObject({ tag: "a", text: "Skip to content" });
    const skip = await page.getByRole("link", { name: "Skip to content" }).boundingBox();
    expect(skip && skip.y >= 0 && skip.x >= 0, "the skip link shows on screen").toBe(true);
    await page.setViewportSize(PHONE);
    await screenshotBoth(page, "keyboard-skip-link-390");
    await page.setViewportSize(DESKTOP);
    await page.keyboard.press("Enter");
    await expect.poll(async () => (await focused(page)).id).toBe("main");
    await page.keyboard.press("Tab");
    const next = await focused(page);
    expect(
      await page.evaluate(() => document.getElementById("main")?.contains(document.activeElement)),
      `Tab after the skip link stays in main (${next.tag} ${next.text})`,
    ).toBe(true);
    await context.close();
  });
});
