import { describe, expect, it } from "vitest";
import { z } from "zod";
import {
  confirmedPassword,
  emailSchema,
  hasControlCharacters,
  isPicture,
  nameSchema,
  normalizeTotpCode,
  optionalText,
  organizationNameSchema,
  pageNumber,
  slugSchema,
  totpCodeSchema,
} from "#shared/fields.ts";
import { LIMITS } from "#shared/limits.ts";

function firstError(schema: z.ZodType, value: unknown): string | undefined {
  return schema.safeParse(value).error?.issues[0]?.message;
}

describe("one rule per field, shared by forms, routes and the server", () => {
  it("names: trimmed, required in the screen's own words, capped", () => {
    expect(firstError(nameSchema("Enter your name"), "   ")).toBe("Enter your name");
    expect(firstError(nameSchema(), "x".repeat(LIMITS.name + 1))).toMatch(/at most 100/);
    expect(nameSchema().parse("  Ada  ")).toBe("Ada");
  });

  it("names: no line breaks or other control characters, in a person's or an organization's name", () => {
    for (const control of ["\n", "\t", "\u0000", "\u007f", "\u0085", "\u2028", "\u2029"]) {
      expect(hasControlCharacters(`Ada${control}Lovelace`)).toBe(true);
      expect(firstError(nameSchema(), `Ada${control}Lovelace`)).toMatch(/line breaks or control characters/);
      expect(firstError(organizationNameSchema(), `Acme${control}Inc`)).toMatch(/line breaks/);
    }
    expect(hasControlCharacters("Zoë O’Brien-Łukasz 李")).toBe(false);
  });

  it("email: required, capped and roughly shaped", () => {
    expect(firstError(emailSchema(), "")).toBe("Enter an email address");
    expect(firstError(emailSchema(), "not-an-email")).toMatch(/valid email/);
    expect(firstError(emailSchema(), `${"a".repeat(250)}@example.com`)).toMatch(/at most 254/);
    expect(emailSchema().parse(" ada@example.com ")).toBe("ada@example.com");
  });

  it("a new password and its confirmation: length limits, then the confirmation must match", () => {
    const schema = confirmedPassword("password", { min: 8, max: 12 });
    const issues = (value: object) =>
      schema.safeParse(value).error?.issues.map((issue) => [issue.path.join("."), issue.message]) ?? [];
    expect(issues({ password: "short", confirmPassword: "" })).toEqual([
      ["password", "Password must be at least 8 characters"],
      ["confirmPassword", "Confirm your password"],
    ]);
    expect(issues({ password: "x".repeat(13), confirmPassword: "x".repeat(13) })).toEqual([
      ["password", "Password must be at most 12 characters"],
    ]);
    expect(issues({ password: "long enough", confirmPassword: "long enougH" })).toEqual([
      ["confirmPassword", "Passwords do not match"],
    ]);
    expect(issues({ password: "long enough", confirmPassword: "long enough" })).toEqual([]);
  });

  it("slugs: 2 to 48 lowercase letters, digits and dashes", () => {
    expect(firstError(slugSchema, "")).toBe("Choose a slug");
    expect(firstError(slugSchema, "a")).toMatch(/at least 2/);
    expect(firstError(slugSchema, "Acme")).toMatch(/lowercase/);
    expect(firstError(slugSchema, "a".repeat(49))).toMatch(/at most 48/);
    expect(slugSchema.parse("acme-2")).toBe("acme-2");
  });

  it("pictures: empty, an http(s) URL or a small PNG/JPEG/WebP data URL", () => {
    expect(isPicture("")).toBe(true);
    expect(isPicture("https://example.com/a.png")).toBe(true);
    expect(isPicture("data:image/png;base64,iVBORw0KGgo=")).toBe(true);
    expect(isPicture("javascript:alert(1)")).toBe(false);
    expect(isPicture("data:image/svg+xml;base64,PHN2Zz4=")).toBe(false);
    expect(isPicture(`data:image/png;base64,${"A".repeat(LIMITS.pictureDataUrl)}`)).toBe(false);
    expect(isPicture(`https://example.com/${"a".repeat(2048)}`)).toBe(false);
  });

  it("URL search values: only non-empty strings and whole page numbers survive", () => {
    const search = z.object({ q: optionalText, page: pageNumber });
    expect(search.parse({ q: "ada", page: "3" })).toEqual({ q: "ada", page: 3 });
    expect(search.parse({ q: ["a", "b"], page: "-1" })).toEqual({ q: undefined, page: 1 });
    expect(search.parse({ q: { x: 1 }, page: "2.5" })).toEqual({ q: undefined, page: 1 });
    expect(search.parse({})).toEqual({ q: undefined, page: 1 });
  });

  it("takes an authenticator code with the spaces or dash some apps show, and only six digits", () => {
    expect(normalizeTotpCode(" 123 456 ")).toBe("123456");
    expect(normalizeTotpCode("123-456")).toBe("123456");
    expect(totpCodeSchema.safeParse("123 456").success).toBe(true);
    expect(firstError(totpCodeSchema, "12345")).toBe("Enter the 6-digit code from your app");
    expect(firstError(totpCodeSchema, "12345a")).toBe("Enter the 6-digit code from your app");
    expect(firstError(totpCodeSchema, "")).toBe("Enter the 6-digit code from your app");
  });
});
