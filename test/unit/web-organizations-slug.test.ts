import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ENGLISH_FIELD_WORDS, setFieldWords, slugSchema } from "#shared/fields.ts";
import { slugAlternatives, slugify, slugProblem } from "#web/features/organizations/lib/slug.ts";
import german from "#web/i18n/catalogues/de/common.json";
import { translateFieldWords } from "#web/i18n/field-words.ts";
import { activateLocale } from "#web/i18n/i18n.ts";

describe("slugify", () => {
  it("turns a display name into lowercase letters, digits and single dashes", () => {
    expect(slugify("Acme Inc.")).toBe("acme-inc");
    expect(slugify("  Hello --- World!  ")).toBe("hello-world");
  });

  it("drops accents rather than the letters carrying them", () => {
    expect(slugify("Café Zürich")).toBe("cafe-zurich");
  });

  it("keeps at most 48 characters without a trailing dash", () => {
    const slug = slugify(`${"a".repeat(47)} b`);
    expect(slug).toBe("a".repeat(47));
    expect(slugify("x".repeat(100))).toHaveLength(48);
  });

  it("gives a slug the shared schema accepts whenever the name has two usable characters", () => {
    for (const name of ["Acme Inc.", "Ünïcödé Team", "R2-D2", "a--b"]) {
      expect(slugSchema.safeParse(slugify(name)).success).toBe(true);
    }
    expect(slugify("日本")).toBe("");
  });
});

describe("slugProblem", () => {
  // The shared rules speak the web's words once the app has put them in (main.tsx).
  beforeAll(() => translateFieldWords());
  // Unit files share a worker: the server's suites after this one need the server's own words back.
  afterAll(async () => {
    setFieldWords(ENGLISH_FIELD_WORDS);
    await activateLocale("en");
  });

  it("says what is wrong as the slug is typed, by the shared schema's rules", () => {
    expect(slugProblem("a")).toBe("A slug needs at least 2 characters");
    expect(slugProblem("acme_rockets")).toBe("Use lowercase letters, digits and dashes only");
    expect(slugProblem("x".repeat(49))).toBe("A slug has at most 48 characters");
  });

  it("says it in the current language", async () => {
    await activateLocale("de");
    try {
      expect(slugProblem("a")).toBe(german["fields.slugTooShort"]);
      expect(slugProblem("acme_rockets")).toBe(german["fields.slugCharacters"]);
      expect(slugProblem("a")).not.toBe("A slug needs at least 2 characters");
    } finally {
      await activateLocale("en");
    }
  });

  it("says nothing of a good slug, nor of an empty field", () => {
    expect(slugProblem("acme-rockets")).toBeNull();
    expect(slugProblem("")).toBeNull();
  });
});

describe("slugAlternatives", () => {
  it("numbers a taken slug from 2, and counts on from a number it already ends in", () => {
    expect(slugAlternatives("acme", 3)).toEqual(["acme-2", "acme-3", "acme-4"]);
    expect(slugAlternatives("acme-2", 2)).toEqual(["acme-3", "acme-4"]);
    expect(slugAlternatives("r2-d2", 1)).toEqual(["r2-d2-2"]);
  });

  it("keeps a short slug whole: a bare number is not a suffix to count on from", () => {
    expect(slugAlternatives("42", 1)).toEqual(["42-2"]);
    expect(slugAlternatives("a-1", 1)).toEqual(["a-1-2"]);
  });

  it("shortens a long slug so that every alternative fits the shared schema", () => {
    const long = `${"a".repeat(45)}-bc`;
    for (const alternative of slugAlternatives(long)) {
      expect(alternative.length).toBeLessThanOrEqual(48);
      expect(slugSchema.safeParse(alternative).success).toBe(true);
    }
    expect(slugAlternatives(long, 1)).toEqual([`${"a".repeat(45)}-2`]);
  });
});
