import type { Browser, BrowserContext, Page } from "playwright-core";
import { Webhook } from "standardwebhooks";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { captureScreen, DESKTOP, launchChromium } from "../support/browser.ts";
import { authApi, person, type SeededUser, seedUser, signedInContext } from "../support/seed.ts";
import { type E2EServer, startE2EServer } from "../support/server.ts";
import { startWebhookReceiver, type WebhookReceiver } from "../support/webhook-receiver.ts";

describe("organization webhooks in Chromium", () => {
  let server: E2EServer;
  let receiver: WebhookReceiver;
  let browser: Browser;
  let owner: SeededUser;
  let context: BrowserContext;
  let page: Page;
  let organizationId = "";
  let secret = "";
  const org = { name: "Hooked Corp", slug: "hooked-corp" };

  /** The delivery was signed with `key`: the receiver side of Standard Webhooks, by its own library. */
  function verifies(key: string, delivery: { body: string; headers: Record<string, unknown> }) {
    const headers = Object.fromEntries(
      ["webhook-id", "webhook-timestamp", "webhook-signature"].map((name) => [
        name,
        String(delivery.headers[name]),
      ]),
    );
    return new Webhook(key).verify(delivery.body, headers);
  }

  beforeAll(async () => {
    receiver = await startWebhookReceiver();
    server = await startE2EServer({ WEBHOOK_ALLOW_PRIVATE: "1", WEBHOOK_ALLOW_HTTP: "1" });
    browser = await launchChromium();
    owner = await seedUser(server, person("Wanda Webhook"));
    organizationId = (await authApi(server, "/organization/create", { cookie: owner.cookie, json: org })).id;
    context = await signedInContext(browser, server, owner, DESKTOP);
    await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: server.url });
    page = await context.newPage();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
    await receiver?.close();
  });

  const capture = (screen: string) => captureScreen(page, "org-webhooks", screen);

  it("an admin adds an endpoint for chosen events and sees its signing secret once", async () => {
    await page.goto(`${server.url}/org/${org.slug}`);
    await page.getByRole("link", { name: "Webhooks" }).click();
    await page.waitForURL(/\/webhooks$/);
    await page.getByText("No endpoints yet").waitFor();
    await capture("empty");

    await page.getByRole("button", { name: "Add endpoint" }).first().click();
    const dialog = page.getByRole("dialog", { name: "Add endpoint" });
    // A wrong URL is refused in place, before anything is sent.
    await dialog.getByLabel("Endpoint URL").fill("not a url");
    await dialog.getByRole("button", { name: "Add endpoint" }).click();
    await dialog.getByText(/invalid url/i).waitFor();
    await dialog.getByLabel("Endpoint URL").fill(receiver.url);
    await dialog.getByRole("button", { name: "Add endpoint" }).click();
    await dialog.getByText("Choose at least one event").waitFor();
    const events = dialog.getByRole("combobox", { name: "Events" });
    for (const event of ["invitation.created", "member.role_changed"]) {
      await events.first().fill(event);
      await page.getByRole("option", { name: new RegExp(`^${event.replace(".", "\\.")}`) }).click();
    }
    // Typing the description closes the events' list (Escape would close the dialog).
    await dialog.getByLabel("Description").fill("Our CRM sync");
    await page.waitForTimeout(300);
    await capture("add");
    await dialog.getByRole("button", { name: "Add endpoint" }).click();

    const shown = page.getByRole("dialog", { name: "Copy the signing secret" });
    await shown.getByText("This is the only time you will see this signing secret").waitFor();
    secret = (await shown.getByTestId("webhook-secret").textContent()) ?? "";
    expect(secret).toMatch(/^whsec_/);
    await shown.getByRole("button", { name: "Copy secret" }).click();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);
    await capture("secret");
    await shown.getByRole("button", { name: "Done" }).click();

    const item = page.getByTestId("webhook-endpoint");
    await item.getByText(receiver.url).waitFor();
    await item.getByText("invitation.created").waitFor();
    expect(await item.getByTestId("webhook-health").textContent()).toBe("Enabled");
    expect(await page.content()).not.toContain(secret);
    await capture("list");
  });

  it("sends a test event, signed, and shows the delivery; a real event follows and can be resent", async () => {
    // The keyboard opens the deliveries as well as a click.
    await page.getByRole("button", { name: `Deliveries of ${receiver.url}` }).focus();
    await page.keyboard.press("Enter");
    const drawer = page.getByRole("dialog", { name: "Deliveries" });
    await drawer.getByText("No deliveries yet").waitFor();
    await drawer.getByRole("button", { name: "Send test event" }).click();

    const [test] = await receiver.waitFor("webhook.test");
    expect(test && verifies(secret, test)).toBeTruthy();
    const row = drawer.getByTestId("delivery-row").filter({ hasText: "webhook.test" });
    await row.getByText("Delivered").waitFor({ timeout: 15_000 });
    await row.getByText("HTTP 200").waitFor();

    // A real change in the organization reaches the receiver without anyone asking.
    await authApi(server, "/organization/invite-member", {
      cookie: owner.cookie,
      json: { organizationId, email: "newcomer@example.test", role: "member" },
    });
    const [invited] = await receiver.waitFor("invitation.created");
    expect(invited && verifies(secret, invited)).toBeTruthy();
    expect(invited?.payload.data).toBeTruthy();
    const invitedRow = drawer.getByTestId("delivery-row").filter({ hasText: "invitation.created" });
    await invitedRow.getByText("Delivered").waitFor({ timeout: 15_000 });
    await page.waitForTimeout(400);
    await capture("deliveries");

    await invitedRow.getByRole("button", { name: "Resend invitation.created" }).click();
    const again = await receiver.waitFor("invitation.created", 2);
    // The same event: a receiver that already has it recognises it by its webhook-id.
    expect(again[1]?.headers["webhook-id"]).toBe(again[0]?.headers["webhook-id"]);
    await page.keyboard.press("Escape");
    await drawer.waitFor({ state: "hidden" });
  });

  it("edits, rotates the secret (shown once), disables, enables and deletes the endpoint", async () => {
    const item = page.getByTestId("webhook-endpoint");
    await item.getByRole("button", { name: `Actions for ${receiver.url}` }).click();
    await page.getByRole("menuitem", { name: "Edit" }).click();
    const edit = page.getByRole("dialog", { name: "Edit endpoint" });
    expect(await edit.getByLabel("Endpoint URL").inputValue()).toBe(receiver.url);
    await edit.getByLabel("Description").fill("CRM sync, every event");
    await edit.getByRole("switch", { name: "Send all events" }).check();
    await edit.getByRole("button", { name: "Save endpoint" }).click();
    await item.getByText("CRM sync, every event").waitFor();
    await item.getByText("All events").waitFor();

    await item.getByRole("button", { name: `Actions for ${receiver.url}` }).click();
    await page.getByRole("menuitem", { name: "Rotate secret" }).click();
    const confirm = page.getByRole("dialog", { name: "Rotate signing secret" });
    await confirm.getByRole("button", { name: "Rotate secret" }).click();
    const shown = page.getByRole("dialog", { name: "Copy the new signing secret" });
    const rotated = (await shown.getByTestId("webhook-secret").textContent()) ?? "";
    expect(rotated).toMatch(/^whsec_/);
    expect(rotated).not.toBe(secret);
    await shown.getByText("The previous secret also signs deliveries until").waitFor();
    await shown.getByRole("button", { name: "Done" }).click();

    await item.getByRole("button", { name: `Actions for ${receiver.url}` }).click();
    await page.getByRole("menuitem", { name: "Disable" }).click();
    await expect.poll(() => item.getByTestId("webhook-health").textContent()).toBe("Disabled");
    await item.getByRole("button", { name: `Actions for ${receiver.url}` }).click();
    await page.getByRole("menuitem", { name: "Enable" }).click();
    await expect.poll(() => item.getByTestId("webhook-health").textContent()).toBe("Enabled");

    await item.getByRole("button", { name: `Actions for ${receiver.url}` }).click();
    await page.getByRole("menuitem", { name: "Delete" }).click();
    const remove = page.getByRole("dialog", { name: "Delete endpoint" });
    expect(
      await remove.getByRole("button", { name: "Cancel" }).evaluate((el) => el === document.activeElement),
    ).toBe(true);
    await remove.getByRole("button", { name: "Delete endpoint" }).click();
    await page.getByText("No endpoints yet").waitFor();
  });
});
