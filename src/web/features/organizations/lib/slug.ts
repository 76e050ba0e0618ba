import { SLUG_MAX, slugSchema } from "#shared/fields.ts";

/** A URL slug from a display name: lowercase ASCII letters, digits and single dashes. */
export function slugify(name: string): string {
  return name
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, SLUG_MAX)
    .replace(/-+$/g, "");
}

/** What is wrong with a slug as typed, in the shared schema's words; null when it is fine, or still empty. */
export function slugProblem(slug: string): string | null {
  if (!slug) return null;
  const parsed = slugSchema.safeParse(slug);
  return parsed.success ? null : (parsed.error.issues[0]?.message ?? null);
}

/**
 * Slugs to offer instead of a taken one, in order: `acme-2`, `acme-3`…; a slug that already ends in a
 * number counts on from it (`acme-2` → `acme-3`). Each fits the shared schema, shortened if need be.
 */
export function slugAlternatives(slug: string, count = 5): string[] {
  const numbered = /^(.{2,}?)-(\d{1,6})$/.exec(slug);
  const base = numbered?.[1] ?? slug;
  const start = numbered ? Number(numbered[2]) + 1 : 2;
  return Array.from({ length: count }, (_, i) => {
    const suffix = `-${start + i}`;
    return `${base.slice(0, SLUG_MAX - suffix.length).replace(/-+$/, "")}${suffix}`;
  });
}
