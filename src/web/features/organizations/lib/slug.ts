import { SLUG_MAX, slugSchema } from "#shared/fields.ts";
import { fieldProblem } from "#web/lib/field-problem.ts";

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

/** What is wrong with a slug by the shared schema, in the current language; null when it is fine. */
export function slugFieldProblem(slug: string): string | null {
  return fieldProblem(slugSchema, slug);
}

/** What is wrong with a slug as typed; null when it is fine, or still empty (the form's to judge). */
export function slugProblem(slug: string): string | null {
  return slug ? slugFieldProblem(slug) : null;
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
