import { readdirSync, readFileSync } from "node:fs";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LOCALE_NAMES, type Locale } from "#shared/i18n/locales.ts";
import { linkIn } from "../../test/support/smtp-sink.ts";
import { captureScreen, DESKTOP, launchChromium } from "../support/browser.ts";
import { person } from "../support/seed.ts";
import { type E2EServer, startE2EServer } from "../support/server.ts";

// Issue 21's acceptance: a person whose browser speaks German or Japanese signs up, reads the verification mail,
// creates an organization and invites a colleague, every screen and mail in that language. The words expected
// are read from the catalogues: the message whose English original is the one these screens show in English.

const ROOT = new URL("../../", import.meta.url).pathname;

/** Every message of a set of catalogues for a locale, by "namespace.key". */
function catalogue(folder: string, locale: Locale): Map<string, string> {
  const messages = new Map<string, string>();
  const directory = `${ROOT}${folder}/${locale}/`;
  for (const file of readdirSync(directory).filter((f) => f.endsWith(".json"))) {
    const entries = JSON.parse(readFileSync(directory + file, "utf8")) as Record<string, string>;
    for (const [key, message] of Object.entries(entries))
      messages.set(`${file.slice(0, -5)}.${key}`, message);
  }
  return messages;
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/**
 * The translation into `locale` of a text as English shows it: the catalogue message whose English template
 * reads `english` once its simple placeholders are filled, filled alike in `locale`.
 */
function translator(folder: string, locale: Locale) {
  const english = catalogue(folder, "en");
  const target = catalogue(folder, locale);
  return (shown: string, namespace?: string): string => {
    for (const [id, template] of english) {
      if (namespace && !id.startsWith(`${namespace}.`)) continue;
      const parts = template.split(/\{(\w+)\}/);
      const names = parts.filter((_, i) => i % 2 === 1);
      const pattern = parts.map((part, i) => (i % 2 ? "(.+?)" : escapeRegExp(part))).join("");
      const match = new RegExp(`^${pattern}$`).exec(shown);
      if (!match) continue;
      const values = Object.fromEntries(names.map((name, i) => [name, match[i + 1] ?? ""]));
      const translated = target.get(id) ?? "";
      return translated.replace(/\{(\w+)\}/g, (_, name: string) => values[name] ?? `{${name}}`);
    }
    throw new Error(`no ${folder} message reads "${shown}" in English`);
  };
}

const lang = (page: Page) => page.evaluate(() => document.documentElement.lang);

describe("sign-up to a first invitation in German and Japanese (issue 21)", () => {
  let server: E2EServer;
  let browser: Browser;
  beforeAll(async () => {
    server = await startE2EServer();
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  for (const [locale, browserLocale] of [
    ["de", "de-DE"],
    ["ja", "ja-JP"],
  ] as const) {
    it(`${LOCALE_NAMES[locale]}: signs up, verifies from the mail, creates an organization and invites a colleague`, async () => {
      const words = translator("src/web/i18n/catalogues", locale);
      const mailWords = translator("src/server/mail/catalogues", locale);
      const capture = (page: Page, screen: string) => captureScreen(page, `i18n-${locale}`, screen);
      const user = person(locale === "de" ? "Jürgen Schäfer" : "山田 花子");
      const colleague = person(locale === "de" ? "Anna Kollegin" : "佐藤 次郎");
      const organization = {
        name: locale === "de" ? "Müller Raketen" : "東京ロケット",
        slug: `rockets-${locale}`,
      };

      const context = await browser.newContext({ locale: browserLocale, viewport: DESKTOP });
      const page = await context.newPage();
      await page.goto(`${server.url}/sign-up`);
      await expect.poll(() => lang(page), { timeout: 15_000 }).toBe(locale);
      await page.getByRole("heading", { level: 1, name: words("Create your account", "auth") }).waitFor();
      await page.getByLabel(words("Name", "auth"), { exact: true }).fill(user.name);
      await page.getByLabel(words("Email", "auth"), { exact: true }).fill(user.email);
      await page.getByLabel(words("Password", "auth"), { exact: true }).fill(user.password);
      await page.getByLabel(words("Confirm password", "common"), { exact: true }).fill(user.password);
      await capture(page, "sign-up");
      await page.getByRole("button", { name: words("Create account", "auth") }).click();

      await page.waitForURL(/\/check-inbox/);
      await page.getByRole("heading", { name: words("Check your inbox", "auth") }).waitFor();
      await capture(page, "check-inbox");

      // The verification mail speaks the language of the sign-up (saved on the new account).
      const verification = await server.sink.waitFor(user.email, /./, 15_000);
      expect(verification.subject).toBe(mailWords("Verify your email for Gatehouse"));
      await page.goto(linkIn(verification, `${server.url}/api/auth/verify-email`));
      await page.waitForURL(/\/verified/);
      await page.getByRole("heading", { name: words("Email verified", "auth") }).waitFor();
      await capture(page, "email-verified");

      await page.goto(`${server.url}/organizations/new`);
      await page
        .getByRole("heading", { name: words("Create organization", "organizations") })
        .first()
        .waitFor();
      await page.getByLabel(words("Name", "organizations"), { exact: true }).fill(organization.name);
      await page.getByLabel(words("Slug", "organizations"), { exact: true }).fill(organization.slug);
      await capture(page, "create-organization");
      await page.getByRole("button", { name: words("Create organization", "organizations") }).click();
      await page.waitForURL(`${server.url}/org/${organization.slug}`);

      await page.goto(`${server.url}/org/${organization.slug}/invitations`);
      await page.getByLabel(words("Email", "organizations"), { exact: true }).fill(colleague.email);
      await page
        .getByRole("button", { name: words("Send invitation", "organizations"), exact: true })
        .click();
      await page.getByTestId(`invitation-row-${colleague.email}`).waitFor();
      await capture(page, "invitations");

      // The colleague has no account: the mail goes in the language of the inviter's request.
      const invitation = await server.sink.waitFor(colleague.email, /./, 15_000);
      expect(invitation.text).toContain(mailWords("The invitation is valid for 2 days."));
      expect(invitation.subject).toContain(organization.name);
      expect(invitation.subject).not.toMatch(/invited you/);
      await context.close();
    });
  }
});
