import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp, testDatabase } from "../support/test-app.ts";
import { createUser, signUpVerified } from "../support/users.ts";

/** The user's `locale` as GET /get-session answers it. */
async function localeOf(t: TestApp, cookie: string): Promise<unknown> {
  const res = await t.request("/api/auth/get-session", { cookie });
  const body = (await res.json()) as { user: Record<string, unknown> };
  return body.user.locale;
}

// Issue 21: a person's chosen language, kept on their account, among the configured LOCALES only.
describe(`the user's locale (${testDatabase})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ LOCALES: "en,de,ja", DEFAULT_LOCALE: "en" });
  });
  afterAll(() => t.close());

  it("is unset for a new account, then set by update-user and answered by get-session", async () => {
    const user = await signUpVerified(t);
    expect(await localeOf(t, user.cookie)).toBeNull();
    const res = await t.request("/api/auth/update-user", { cookie: user.cookie, json: { locale: "de" } });
    expect(res.status).toBe(200);
    expect(await localeOf(t, user.cookie)).toBe("de");
    // null gives the choice back to the browser.
    const cleared = await t.request("/api/auth/update-user", { cookie: user.cookie, json: { locale: null } });
    expect(cleared.status).toBe(200);
    expect(await localeOf(t, user.cookie)).toBeNull();
  });

  it("refuses a language that is not configured, or not a language, with 400 INVALID_LOCALE and keeps the old one", async () => {
    const user = await signUpVerified(t);
    await t.request("/api/auth/update-user", { cookie: user.cookie, json: { locale: "ja" } });
    // fr is bundled but not in this server's LOCALES; the others are not languages Gatehouse has.
    for (const locale of ["fr", "xx", "DE", "", 42, ["de"]]) {
      const res = await t.request("/api/auth/update-user", { cookie: user.cookie, json: { locale } });
      expect(res.status, JSON.stringify(locale)).toBe(400);
      expect((await res.json()).code).toBe("INVALID_LOCALE");
    }
    expect(await localeOf(t, user.cookie)).toBe("ja");
  });

  it("is taken at sign-up, and an unknown one refuses the sign-up without creating the account", async () => {
    const refused = createUser();
    const bad = await t.request("/api/auth/sign-up/email", { json: { ...refused, locale: "klingon" } });
    expect(bad.status).toBe(400);
    expect((await bad.json()).code).toBe("INVALID_LOCALE");
    const ctx = await t.server.auth.$context;
    expect(await ctx.internalAdapter.findUserByEmail(refused.email)).toBeNull();

    const input = createUser();
    const ok = await t.request("/api/auth/sign-up/email", { json: { ...input, locale: "ja" } });
    expect(ok.status).toBe(200);
    const found = await ctx.internalAdapter.findUserByEmail(input.email);
    expect((found?.user as { locale?: unknown } | undefined)?.locale).toBe("ja");
  });

  it("answers the configured languages and the default in GET /api/config", async () => {
    const res = await t.request("/api/config");
    const body = await res.json();
    expect(body.locales).toEqual(["en", "de", "ja"]);
    expect(body.defaultLocale).toBe("en");
  });
});
