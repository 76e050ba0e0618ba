import { APIError } from "better-auth/api";
import { hasControlCharacters, isPicture, NAME_CONTROL_CHARACTERS_MESSAGE, URL_MAX } from "#shared/fields.ts";
import { LIMITS, ORGANIZATION_METADATA_LIMITS } from "#shared/limits.ts";

/** `min` counts characters after trimming, so a blank value is refused too. */
type Rule = {
  field: string;
  min?: number;
  max?: number;
  pattern?: RegExp;
  label: string;
  /** A name people see, in mails to others too: no line breaks or other control characters. */
  name?: boolean;
  /** An avatar or logo: an http(s) URL (≤ URL_MAX) or a small PNG/JPEG/WebP data URL (≤ LIMITS.pictureDataUrl). */
  picture?: boolean;
  /** An organization's metadata: a JSON object within ORGANIZATION_METADATA_LIMITS. */
  metadata?: boolean;
};

const name: Rule = { field: "name", max: LIMITS.name, label: "name", name: true };
const email: Rule = { field: "email", max: LIMITS.email, label: "email" };
const image: Rule = { field: "image", label: "image", picture: true };
const logo = (field: string): Rule => ({ field, label: "logo", picture: true });
const metadata = (field: string): Rule => ({ field, label: "metadata", metadata: true });
const orgName: Rule = { field: "name", max: LIMITS.organizationName, label: "organization name", name: true };
const slug: Rule = { field: "slug", pattern: LIMITS.slugPattern, label: "slug" };
const url = (field: string): Rule => ({ field, max: URL_MAX, label: field });
const id = (field: string): Rule => ({ field, max: 255, label: field });
const teamName: Rule = {
  field: "data.name",
  min: 1,
  max: LIMITS.organizationName,
  label: "team name",
  name: true,
};
const passkeyName: Rule = { field: "name", max: LIMITS.passkeyName, label: "passkey name", name: true };
const token: Rule = { field: "token", max: 512, label: "token" };
const accountSelection: Rule[] = [
  { field: "accountId", max: 255, label: "accountId" },
  { field: "providerId", max: 64, label: "providerId" },
  { field: "userId", max: 255, label: "userId" },
];
const socialCallbacks = [url("callbackURL"), url("errorCallbackURL"), url("newUserCallbackURL")];

/**
 * Length and shape caps per auth path, checked before better-auth sees the body,
 * so an over-long value is refused with 400 and nothing is written.
 * Nested objects (e.g. organization/update's `data`) are named by their key.
 */
const RULES: Record<string, Rule[]> = {
  "/sign-up/email": [name, email, image],
  "/sign-in/email": [email, url("callbackURL")],
  // Email codes and links (email-sign-in.ts).
  "/email-otp/send-verification-otp": [email],
  "/sign-in/email-otp": [email, { field: "otp", max: 16, label: "otp" }, name],
  "/sign-in/magic-link": [email, name, ...socialCallbacks],
  "/security/not-me": [token],
  "/sign-in/social": [{ field: "provider", max: 64, label: "provider" }, ...socialCallbacks],
  "/link-social": [{ field: "provider", max: 64, label: "provider" }, ...socialCallbacks],
  "/send-verification-email": [email, url("callbackURL")],
  "/request-password-reset": [email, url("redirectTo")],
  "/forget-password": [email, url("redirectTo")],
  "/reset-password": [token],
  "/change-email": [{ field: "newEmail", max: LIMITS.email, label: "newEmail" }, url("callbackURL")],
  "/revoke-session": [token],
  "/delete-user": [token, url("callbackURL")],
  "/unlink-account": accountSelection,
  "/get-access-token": accountSelection,
  "/refresh-token": accountSelection,
  "/account-info": accountSelection,
  "/update-user": [name, image],
  "/organization/create": [orgName, slug, logo("logo"), metadata("metadata")],
  "/organization/check-slug": [slug],
  "/organization/update": [
    { ...orgName, field: "data.name" },
    { ...slug, field: "data.slug" },
    logo("data.logo"),
    metadata("data.metadata"),
  ],
  "/organization/invite-member": [email, id("organizationId")],
  // SPEC §5: a team name has at least 1 character, on create as on update.
  "/organization/create-team": [{ ...teamName, field: "name" }, id("organizationId")],
  "/organization/update-team": [teamName, id("teamId")],
  "/organization/update-member-role": [id("memberId"), id("organizationId")],
  "/organization/remove-member": [
    { field: "memberIdOrEmail", max: LIMITS.email, label: "memberIdOrEmail" },
    id("organizationId"),
  ],
  "/organization/accept-invitation": [id("invitationId")],
  "/organization/reject-invitation": [id("invitationId")],
  "/organization/cancel-invitation": [id("invitationId")],
  "/organization/leave": [id("organizationId")],
  "/organization/delete": [id("organizationId")],
  "/organization/set-active": [id("organizationId"), { ...slug, field: "organizationSlug" }],
  "/organization/set-active-team": [id("teamId")],
  "/organization/add-team-member": [id("teamId"), id("userId"), id("organizationId")],
  "/organization/remove-team-member": [id("teamId"), id("userId"), id("organizationId")],
  "/passkey/verify-registration": [passkeyName],
  "/passkey/update-passkey": [{ ...passkeyName, min: 1 }, id("id")],
  "/passkey/delete-passkey": [id("id")],
  "/admin/create-user": [name, email],
  "/admin/update-user": [
    { ...name, field: "data.name" },
    { ...email, field: "data.email" },
  ],
};

function valueAt(body: unknown, path: string): unknown {
  let current: unknown = body;
  for (const key of path.split(".")) {
    if (current === null || typeof current !== "object") return undefined;
    current = (current as Record<string, unknown>)[key];
  }
  return current;
}

/** A picture field: the shared rule (#shared/fields.ts isPicture), refused with the reason it failed. */
function checkPicture(rule: Rule, value: string): void {
  if (isPicture(value)) return;
  if (!value.startsWith("data:")) {
    throw APIError.from("BAD_REQUEST", {
      code: "INVALID_PICTURE",
      message: `${rule.label} must be an http(s) URL of at most ${URL_MAX} characters, or an uploaded image`,
    });
  }
  if (value.length > LIMITS.pictureDataUrl) {
    throw APIError.from("BAD_REQUEST", {
      code: "FIELD_TOO_LONG",
      message: `${rule.label} is too large (an uploaded picture may be at most ${LIMITS.pictureDataUrl / 1024} KB once encoded)`,
    });
  }
  throw APIError.from("BAD_REQUEST", {
    code: "INVALID_PICTURE",
    message: `${rule.label} must be a PNG, JPEG or WebP image`,
  });
}

/** Deeper than `max` (objects and arrays within each other, the outermost being 1)? Stops at max + 1. */
function deeperThan(value: unknown, max: number): boolean {
  const stack: [unknown, number][] = [[value, 1]];
  while (stack.length > 0) {
    const [current, depth] = stack.pop() as [unknown, number];
    if (current === null || typeof current !== "object") continue;
    if (depth > max) return true;
    for (const child of Object.values(current)) stack.push([child, depth + 1]);
  }
  return false;
}

function checkMetadata(rule: Rule, value: unknown): void {
  const { maxDepth, maxBytes } = ORGANIZATION_METADATA_LIMITS;
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    throw APIError.from("BAD_REQUEST", {
      code: "INVALID_FIELD",
      message: `${rule.label} must be a JSON object`,
    });
  }
  if (deeperThan(value, maxDepth)) {
    throw APIError.from("BAD_REQUEST", {
      code: "METADATA_TOO_DEEP",
      message: `${rule.label} may nest objects and arrays at most ${maxDepth} levels deep`,
    });
  }
  // Safe once the depth is bounded (and the body's size is, by the body limit).
  if (Buffer.byteLength(JSON.stringify(value)) > maxBytes) {
    throw APIError.from("BAD_REQUEST", {
      code: "FIELD_TOO_LONG",
      message: `${rule.label} is too large (at most ${maxBytes / 1024} KB once serialized)`,
    });
  }
}

/** Whether a path has rules at all (so the check runs only where it can matter). */
export function hasInputLimits(path: string): boolean {
  return Object.hasOwn(RULES, path);
}

/** Throws a 400 APIError naming the first field that breaks its rule. */
export function checkInputLimits(path: string, body: unknown): void {
  const rules = RULES[path];
  if (!rules) return;
  for (const rule of rules) {
    const value = valueAt(body, rule.field);
    if (value === undefined || value === null) continue;
    if (rule.metadata) {
      checkMetadata(rule, value);
      continue;
    }
    if (typeof value !== "string") {
      throw APIError.from("BAD_REQUEST", {
        code: "INVALID_FIELD",
        message: `${rule.label} must be a string`,
      });
    }
    if (rule.picture) {
      checkPicture(rule, value);
      continue;
    }
    if (rule.min !== undefined && value.trim().length < rule.min) {
      throw APIError.from("BAD_REQUEST", {
        code: "FIELD_TOO_SHORT",
        message: `${rule.label} must have at least ${rule.min} character${rule.min === 1 ? "" : "s"}`,
      });
    }
    if (rule.max !== undefined && value.length > rule.max) {
      throw APIError.from("BAD_REQUEST", {
        code: "FIELD_TOO_LONG",
        message: `${rule.label} is too long (at most ${rule.max} characters)`,
      });
    }
    if (rule.name && hasControlCharacters(value)) {
      throw APIError.from("BAD_REQUEST", { code: "INVALID_FIELD", message: NAME_CONTROL_CHARACTERS_MESSAGE });
    }
    if (rule.pattern && !rule.pattern.test(value)) {
      throw APIError.from("BAD_REQUEST", {
        code: "INVALID_SLUG",
        message: `${rule.label} must be 2 to 48 characters: lowercase letters, digits and dashes`,
      });
    }
  }
}
