import { APIError } from "better-auth/api";
import { LIMITS } from "#shared/limits.ts";

type Rule = { field: string; max?: number; pattern?: RegExp; label: string };

const name: Rule = { field: "name", max: LIMITS.name, label: "name" };
const email: Rule = { field: "email", max: LIMITS.email, label: "email" };
const image: Rule = { field: "image", max: 2048, label: "image" };
const orgName: Rule = { field: "name", max: LIMITS.organizationName, label: "organization name" };
const slug: Rule = { field: "slug", pattern: LIMITS.slugPattern, label: "slug" };

/**
 * Length and shape caps per auth path, checked before better-auth sees the body,
 * so an over-long value is refused with 400 and nothing is written.
 * Nested objects (e.g. organization/update's `data`) are named by their key.
 */
const RULES: Record<string, Rule[]> = {
  "/sign-up/email": [name, email, image],
  "/sign-in/email": [email],
  "/send-verification-email": [email],
  "/request-password-reset": [email],
  "/forget-password": [email],
  "/change-email": [{ field: "newEmail", max: LIMITS.email, label: "newEmail" }],
  "/update-user": [name, image],
  "/organization/create": [orgName, slug, { field: "logo", max: 2048, label: "logo" }],
  "/organization/check-slug": [slug],
  "/organization/update": [
    { ...orgName, field: "data.name" },
    { ...slug, field: "data.slug" },
    { field: "data.logo", max: 2048, label: "logo" },
  ],
  "/organization/invite-member": [email],
  "/organization/create-team": [{ field: "name", max: LIMITS.organizationName, label: "team name" }],
  "/organization/update-team": [{ field: "data.name", max: LIMITS.organizationName, label: "team name" }],
  "/admin/create-user": [name, email],
};

function valueAt(body: unknown, path: string): unknown {
  let current: unknown = body;
  for (const key of path.split(".")) {
    if (current === null || typeof current !== "object") return undefined;
    current = (current as Record<string, unknown>)[key];
  }
  return current;
}

/** Throws a 400 APIError naming the first field that breaks its rule. */
export function checkInputLimits(path: string, body: unknown): void {
  const rules = RULES[path];
  if (!rules) return;
  for (const rule of rules) {
    const value = valueAt(body, rule.field);
    if (value === undefined || value === null) continue;
    if (typeof value !== "string") {
      throw APIError.from("BAD_REQUEST", { code: "INVALID_FIELD", message: `${rule.label} must be a string` });
    }
    if (rule.max !== undefined && value.length > rule.max) {
      throw APIError.from("BAD_REQUEST", {
        code: "FIELD_TOO_LONG",
        message: `${rule.label} is too long (at most ${rule.max} characters)`,
      });
    }
    if (rule.pattern && !rule.pattern.test(value)) {
      throw APIError.from("BAD_REQUEST", {
        code: "INVALID_SLUG",
        message: `${rule.label} must be 2 to 48 characters: lowercase letters, digits and dashes`,
      });
    }
  }
}
