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

/** Why a name with a control character is refused (the server's 400; the web shows its own words for it). */
export const NAME_CONTROL_CHARACTERS_MESSAGE = "Names cannot contain line breaks or control characters";

/**
 * The words of the rules below. English here (the server's messages); the web app puts in its translations at
 * start (`setFieldWords`). Each is asked for when a value fails, so the words follow a change of language.
 */
export const ENGLISH_FIELD_WORDS = {
  enterName: () => "Enter a name",
  enterKeyName: () => "Enter a name for the key",
  nameControlCharacters: () => NAME_CONTROL_CHARACTERS_MESSAGE,
  nameTooLong: (max: number) => `Name must be at most ${max} characters`,
  shortNameTooLong: (max: number) => `A name has at most ${max} characters`,
  enterEmail: () => "Enter an email address",
  emailTooLong: (max: number) => `Email must be at most ${max} characters`,
  emailInvalid: () => "Enter a valid email address, like name@example.com",
  enterPassword: () => "Enter a password",
  passwordTooShort: (min: number) => `Password must be at least ${min} characters`,
  passwordTooLong: (max: number) => `Password must be at most ${max} characters`,
  confirmPassword: () => "Confirm your password",
  passwordsDiffer: () => "Passwords do not match",
  chooseSlug: () => "Choose a slug",
  slugTooShort: () => "A slug needs at least 2 characters",
  slugTooLong: (max: number) => `A slug has at most ${max} characters`,
  slugCharacters: () => "Use lowercase letters, digits and dashes only",
  pictureInvalid: (max: number) =>
    `Use an http(s) address of at most ${max} characters, or upload a PNG, JPEG or WebP image`,
  totpCode: () => "Enter the 6-digit code from your app",
  enterBackupCode: () => "Enter one of your backup codes",
  notBackupCode: () => "That is not a backup code",
  enterSecondFactorCode: () => "Enter a code from your app or a backup code",
  notSecondFactorCode: () => "That is not a code",
  roleNameTooShort: (min: number) => `A role name needs at least ${min} characters`,
  roleNameTooLong: (max: number) => `A role name has at most ${max} characters`,
  roleNameCharacters: () => "Use lowercase letters, digits and hyphens, starting with a letter",
  roleNameBuiltIn: () => "owner, admin and member are built-in roles",
  descriptionTooLong: (max: number) => `A description has at most ${max} characters`,
  domainTooLong: (max: number) => `must be at most ${max} characters`,
  domainIpAddress: () => "must be a domain name, not an IP address",
  domainTwoLabels: () => "must have at least two labels, like acme.com",
  domainHostname: () => "must be a hostname: letters, digits and hyphens between dots",
  domainLetterLabel: () => "must end with a letter label",
  domainPublicSuffix: () => "is a public suffix: use your own domain under it",
};
export type FieldWords = typeof ENGLISH_FIELD_WORDS;

let words: FieldWords = ENGLISH_FIELD_WORDS;

/** The web app's translations of the field rules' words (src/web/i18n). */
export function setFieldWords(translated: FieldWords): void {
  words = translated;
}

/** The words in use, for the rules defined beside their feature (custom roles, domains). */
export function fieldWords(): FieldWords {
  return words;
}

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
function displayName(missing: string | (() => string) | undefined, max: number, tooLong: () => string) {
  return z
    .string()
    .trim()
    .min(1, { error: () => (typeof missing === "function" ? missing() : (missing ?? words.enterName())) })
    .max(max, { error: tooLong })
    .refine((value) => !hasControlCharacters(value), { error: () => words.nameControlCharacters() });
}

export function nameSchema(missing?: string) {
  return displayName(missing, LIMITS.name, () => words.nameTooLong(LIMITS.name));
}

/** An API key's name (shared/api-keys.ts). */
export function apiKeyName(max: number) {
  return displayName(
    () => words.enterKeyName(),
    max,
    () => words.nameTooLong(max),
  );
}

/** A passkey's name: what the account's list shows for it. */
export function passkeyNameSchema(missing?: string) {
  return displayName(missing, LIMITS.passkeyName, () => words.shortNameTooLong(LIMITS.passkeyName));
}

export function emailSchema(missing?: string) {
  return z
    .string()
    .trim()
    .min(1, { error: () => missing ?? words.enterEmail() })
    .max(LIMITS.email, { error: () => words.emailTooLong(LIMITS.email) })
    .regex(EMAIL_PATTERN, { error: () => words.emailInvalid() });
}

export function newPasswordSchema(limits: PasswordLimits = DEFAULT_PASSWORD_LIMITS, missing?: string) {
  return z
    .string()
    .min(1, { error: () => missing ?? words.enterPassword() })
    .min(limits.min, { error: () => words.passwordTooShort(limits.min) })
    .max(limits.max, { error: () => words.passwordTooLong(limits.max) });
}

/** A password typed for the first time, checked against its repetition in `confirmPassword`. */
export function confirmedPassword<K extends string>(
  field: K,
  limits: PasswordLimits = DEFAULT_PASSWORD_LIMITS,
  missing?: string,
  confirmMissing?: string,
) {
  const shape = { [field]: newPasswordSchema(limits, missing), confirmPassword: z.string() } as Record<
    K | "confirmPassword",
    z.ZodString
  >;
  return z.object(shape).superRefine((parsed, context) => {
    const values = parsed as Record<string, string>;
    const confirmation = values.confirmPassword;
    if (!confirmation) {
      const message = confirmMissing ?? words.confirmPassword();
      context.addIssue({ code: "custom", path: ["confirmPassword"], message });
    } else if (confirmation !== values[field]) {
      context.addIssue({ code: "custom", path: ["confirmPassword"], message: words.passwordsDiffer() });
    }
  });
}

export function organizationNameSchema(missing?: string) {
  return displayName(missing, LIMITS.organizationName, () => words.shortNameTooLong(LIMITS.organizationName));
}

export const SLUG_MAX = 48;

export const slugSchema = z
  .string()
  .min(1, { error: () => words.chooseSlug() })
  .min(2, { error: () => words.slugTooShort() })
  .max(SLUG_MAX, { error: () => words.slugTooLong(SLUG_MAX) })
  .regex(LIMITS.slugPattern, { error: () => words.slugCharacters() });

/** An avatar or logo: empty, an http(s) URL, or a small uploaded image. */
export const pictureSchema = z.string().refine(isPicture, { error: () => words.pictureInvalid(URL_MAX) });

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
  .refine((value) => /^\d{6}$/.test(normalizeTotpCode(value)), { error: () => words.totpCode() });

/** One of the backup codes shown at enrolment (`xxxxx-xxxxx`). */
export const backupCodeSchema = z
  .string()
  .trim()
  .min(1, { error: () => words.enterBackupCode() })
  .max(64, { error: () => words.notBackupCode() });

/** Either: an authenticator code or a backup code (turning two-factor off accepts both). */
export const secondFactorCodeSchema = z
  .string()
  .trim()
  .min(1, { error: () => words.enterSecondFactorCode() })
  .max(64, { error: () => words.notSecondFactorCode() });
