import { LIMITS } from "#shared/limits.ts";

const SLUG_MAX = 48;

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

/** The field error for a slug, or null when its shape is valid (availability is checked separately). */
export function validateSlug(value: string): string | null {
  if (!value) return "Choose a slug";
  if (value.length < 2) return "A slug needs at least 2 characters";
  if (value.length > SLUG_MAX) return `A slug has at most ${SLUG_MAX} characters`;
  if (!LIMITS.slugPattern.test(value)) return "Use lowercase letters, digits and dashes only";
  return null;
}

export function validateOrganizationName(value: string): string | null {
  const name = value.trim();
  if (!name) return "Enter a name";
  if (name.length > LIMITS.organizationName)
    return `A name has at most ${LIMITS.organizationName} characters`;
  return null;
}
