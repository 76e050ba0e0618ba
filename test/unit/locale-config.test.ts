import { describe, expect, it } from "vitest";
import { checkLocaleInput } from "#server/auth/user-locale.ts";
import { mailLocale, mailRolesText } from "#server/mail/i18n.ts";
import { configLoader } from "../support/config-env.ts";

const { load, refusal } = configLoader("locale-config");

describe("LOCALES and DEFAULT_LOCALE", () => {
  it("offer every bundled language with English as the default when unset", () => {
    const config = load({});
    expect(config.locales).toEqual(["en", "de", "fr", "es", "pt-BR", "ja"]);
    expect(config.defaultLocale).toBe("en");
  });

  it("narrow the languages in the order given; the default is English when listed, else the first", () => {
    expect(load({ LOCALES: "de, en,ja,de" }).locales).toEqual(["de", "en", "ja"]);
    expect(load({ LOCALES: "de,en" }).defaultLocale).toBe("en");
    expect(load({ LOCALES: "ja,fr" }).defaultLocale).toBe("ja");
    expect(load({ LOCALES: "fr,pt-BR", DEFAULT_LOCALE: "pt-BR" }).defaultLocale).toBe("pt-BR");
  });

  it("refuse an unknown language, naming it, and a default outside LOCALES", () => {
    expect(refusal({ LOCALES: "en,xx" })).toBe(
      'LOCALES: "xx" is not a bundled language (comma-separated, among en, de, fr, es, pt-BR, ja)',
    );
    expect(refusal({ LOCALES: "en,pt" })).toMatch(/^LOCALES: "pt" is not a bundled language/);
    expect(refusal({ LOCALES: " , " })).toMatch(/^LOCALES: name at least one of/);
    expect(refusal({ DEFAULT_LOCALE: "klingon" })).toBe(
      "DEFAULT_LOCALE: must be one of the bundled languages: en, de, fr, es, pt-BR, ja",
    );
    expect(refusal({ LOCALES: "de,fr", DEFAULT_LOCALE: "en" })).toBe(
      'DEFAULT_LOCALE: "en" is not one of LOCALES (de, fr)',
    );
  });

  it("let a user's locale be one of the configured languages, or none", () => {
    expect(() => checkLocaleInput(["en", "de"], { locale: "de" })).not.toThrow();
    expect(() => checkLocaleInput(["en", "de"], { locale: null })).not.toThrow();
    expect(() => checkLocaleInput(["en", "de"], { name: "x" })).not.toThrow();
    for (const locale of ["fr", "de-DE", "", 1, {}]) {
      expect(() => checkLocaleInput(["en", "de"], { locale }), String(locale)).toThrow(
        /locale must be one of en, de/,
      );
    }
  });
});

describe("a mail's language", () => {
  const languages = { locales: ["en", "de", "ja"] as const, defaultLocale: "en" as const };
  const asking = (header: string) => new Headers({ "accept-language": header });

  it("is the recipient's saved locale first, while it is offered", () => {
    expect(mailLocale(languages, { user: { locale: "de" }, request: asking("ja") })).toBe("de");
    // A language the server no longer offers is passed over, like no choice at all.
    expect(mailLocale(languages, { user: { locale: "fr" }, request: asking("ja") })).toBe("ja");
    expect(mailLocale(languages, { user: { locale: null }, request: asking("ja") })).toBe("ja");
  });

  it("is else the request's best offered language (a Request or its headers), else DEFAULT_LOCALE", () => {
    const request = new Request("http://localhost/", { headers: asking("fr-CA, de-AT;q=0.8") });
    expect(mailLocale(languages, { request })).toBe("de");
    expect(mailLocale(languages, { user: {}, request: asking("pt-BR, es") })).toBe("en");
    expect(mailLocale({ ...languages, defaultLocale: "ja" }, { request: null })).toBe("ja");
    expect(mailLocale(languages, {})).toBe("en");
  });

  it("names built-in roles in the language and keeps custom role names", () => {
    expect(mailRolesText("en", "admin,member")).toBe("Admin and Member");
    expect(mailRolesText("de", "owner, auditor")).toBe("Inhaber und auditor");
    expect(mailRolesText("ja", ["member"])).toBe("メンバー");
  });
});
