import { LIMITS } from "#shared/limits.ts";

/** The shortest and longest password the server accepts (from /api/config). */
export interface PasswordLimits {
  min: number;
  max: number;
}

// Deliberately loose: the server has the final word, this only catches typos.
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

// Each check returns the message to show under the field, or null when it is fine;
// `missing` is the screen's own words for an empty field.

export function checkName(value: string, missing: string): string | null {
  const name = value.trim();
  if (!name) return missing;
  if (name.length > LIMITS.name) return `Name must be at most ${LIMITS.name} characters`;
  return null;
}

export function checkEmail(value: string, missing: string): string | null {
  const email = value.trim();
  if (!email) return missing;
  if (email.length > LIMITS.email) return `Email must be at most ${LIMITS.email} characters`;
  if (!EMAIL_PATTERN.test(email)) return "Enter a valid email address, like name@example.com";
  return null;
}

export function checkNewPassword(value: string, limits: PasswordLimits, missing: string): string | null {
  if (!value) return missing;
  if (value.length < limits.min) return `Password must be at least ${limits.min} characters`;
  if (value.length > limits.max) return `Password must be at most ${limits.max} characters`;
  return null;
}
