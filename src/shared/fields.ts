import { z } from "zod";
import { LIMITS } from "./limits.ts";

/**
 * The rules of every field a person types, once: the web's forms (through @mantine/form's
 * schemaResolver), the router's search parsers and the server's input limits use these.
 * `missing` lets a screen word the empty case in its own voice ("Enter your name").
 */

// Deliberately loose: the server has the final word, this only catches typos.
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/** An uploaded picture: a PNG, JPEG or WebP data URL. */
export const PICTURE_DATA_URL = /^data:image\/(png|jpeg|webp);base64,[A-Za-z0-9+/]+=*$/;
/** The longest picture URL or any other URL field accepted. */
export const URL_MAX = 2048;

/** The shortest and longest password the server accepts (from /api/config). */
export interface PasswordLimits {
  min: number;
  max: number;
}

export const DEFAULT_PASSWORD_LIMITS: PasswordLimits = { min: LIMITS.passwordMin, max: LIMITS.passwordMax };

/** Why a name with a control character is refused (shown by the web's forms and the server's 400). */
export const NAME_CONTROL_CHARACTERS_MESSAGE = "Names cannot contain line breaks or control characters";

/**
 * Whether a value holds a control character: C0 (line breaks, tabs, NUL…), DEL, C1, or the Unicode line
 * and paragraph separators. Names travel into mails to other people, where such characters would start
 * lines the sender wrote.
 */
export function hasControlCharacters(value: string): boolean {
  for (let i = 0; i < value.length; i++) {
    const code = value.charCodeAt(i);
    if (code <= 0x1f || (code >= 0x7f && code <= 0x9f) || code === 0x2028 || code === 0x2029) return true;
  }
  return false;
}

/** A name people see: trimmed, required, capped, on one line. */
function displayName(missing: string, max: number, tooLong: string) {
  return z
    .string()
    .trim()
    .min(1, missing)
    .max(max, tooLong)
    .refine((value) => !hasControlCharacters(value), NAME_CONTROL_CHARACTERS_MESSAGE);
}

export function nameSchema(missing = "Enter a name") {
  return displayName(missing, LIMITS.name, `Name must be at most ${LIMITS.name} characters`);
}

/** A passkey's name: what the account's list shows for it. */
export function passkeyNameSchema(missing = "Enter a name") {
  return displayName(missing, LIMITS.passkeyName, `A name has at most ${LIMITS.passkeyName} characters`);
}

export function emailSchema(missing = "Enter an email address") {
  return z
    .string()
    .trim()
    .min(1, missing)
    .max(LIMITS.email, `Email must be at most ${LIMITS.email} characters`)
    .regex(EMAIL_PATTERN, "Enter a valid email address, like name@example.com");
}

export function newPasswordSchema(
  limits: PasswordLimits = DEFAULT_PASSWORD_LIMITS,
  missing = "Enter a password",
) {
  return z
    .string()
    .min(1, missing)
    .min(limits.min, `Password must be at least ${limits.min} characters`)
    .max(limits.max, `Password must be at most ${limits.max} characters`);
}

/** A password typed for the first time, checked against its repetition in `confirmPassword`. */
export function confirmedPassword<K extends string>(
  field: K,
  limits: PasswordLimits = DEFAULT_PASSWORD_LIMITS,
  missing = "Enter a password",
  confirmMissing = "Confirm your password",
) {
  const shape = { [field]: newPasswordSchema(limits, missing), confirmPassword: z.string() } as Record<
    K | "confirmPassword",
    z.ZodString
  >;
  return z.object(shape).superRefine((parsed, context) => {
    const values = parsed as Record<string, string>;
    const confirmation = values.confirmPassword;
    if (!confirmation) {
      context.addIssue({ code: "custom", path: ["confirmPassword"], message: confirmMissing });
    } else if (confirmation !== values[field]) {
      context.addIssue({ code: "custom", path: ["confirmPassword"], message: "Passwords do not match" });
    }
  });
}

export function organizationNameSchema(missing = "Enter a name") {
  return displayName(
    missing,
    LIMITS.organizationName,
    `A name has at most ${LIMITS.organizationName} characters`,
  );
}

export const SLUG_MAX = 48;

export const slugSchema = z
  .string()
  .min(1, "Choose a slug")
  .min(2, "A slug needs at least 2 characters")
  .max(SLUG_MAX, `A slug has at most ${SLUG_MAX} characters`)
  .regex(LIMITS.slugPattern, "Use lowercase letters, digits and dashes only");

/** An avatar or logo: empty, an http(s) URL, or a small uploaded image. */
export const pictureSchema = z.string().refine(isPicture, {
  message: `Use an http(s) address of at most ${URL_MAX} characters, or upload a PNG, JPEG or WebP image`,
});

export function isPicture(value: string): boolean {
  if (value === "") return true;
  if (value.startsWith("data:")) return value.length <= LIMITS.pictureDataUrl && PICTURE_DATA_URL.test(value);
  return value.length <= URL_MAX && /^https?:\/\//i.test(value) && URL.canParse(value);
}

/** A search parameter that is kept only when it is a non-empty string (never an array or object). */
export const optionalText = z
  .unknown()
  .transform((value) => (typeof value === "string" && value.length > 0 ? value : undefined))
  .optional();

/** A page number from the URL: a whole number ≥ 1, else 1. */
export const pageNumber = z
  .unknown()
  .optional()
  .transform((value) => {
    // Number(), not parseInt: "2.5" or "3abc" is not a page, and falls back to the first.
    const page = typeof value === "number" || typeof value === "string" ? Number(value) : Number.NaN;
    return Number.isInteger(page) && page >= 1 ? page : 1;
  });

/** A code as typed: spaces and dashes some apps show inside a code are not part of it. */
export function normalizeTotpCode(value: string): string {
  return value.replace(/[\s-]/g, "");
}

/** The code an authenticator app shows: six digits (spaces allowed, as some apps group them). */
export const totpCodeSchema = z
  .string()
  .refine((value) => /^\d{6}$/.test(normalizeTotpCode(value)), "Enter the 6-digit code from your app");

/** One of the backup codes shown at enrolment (`xxxxx-xxxxx`). */
export const backupCodeSchema = z
  .string()
  .trim()
  .min(1, "Enter one of your backup codes")
  .max(64, "That is not a backup code");

/** Either: an authenticator code or a backup code (turning two-factor off accepts both). */
export const secondFactorCodeSchema = z
  .string()
  .trim()
  .min(1, "Enter a code from your app or a backup code")
  .max(64, "That is not a code");
