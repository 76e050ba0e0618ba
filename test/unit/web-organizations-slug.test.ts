import { describe, expect, it } from "vitest";
import { slugSchema } from "#shared/fields.ts";
import { slugify } from "#web/features/organizations/lib/slug.ts";

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
