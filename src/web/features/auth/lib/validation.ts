import { LIMITS } from "#shared/limits.ts";

// Deliberately loose: the server has the final word, this only catches typos.
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function validateEmail(value: string): string | null {
  const email = value.trim();
  if (!email) return "Enter your email address";
  if (email.length > LIMITS.email) return `Email must be at most ${LIMITS.email} characters`;
  if (!EMAIL_PATTERN.test(email)) return "Enter a valid email address, like name@example.com";
  return null;
}

export function validateName(value: string): string | null {
  const name = value.trim();
  if (!name) return "Enter your name";
  if (name.length > LIMITS.name) return `Name must be at most ${LIMITS.name} characters`;
  return null;
}

export interface PasswordLimits {
  min: number;
  max: number;
}

export const DEFAULT_PASSWORD_LIMITS: PasswordLimits = { min: LIMITS.passwordMin, max: LIMITS.passwordMax };

export function validateNewPassword(
  value: string,
  limits: PasswordLimits = DEFAULT_PASSWORD_LIMITS,
): string | null {
  if (!value) return "Enter a password";
  if (value.length < limits.min) return `Password must be at least ${limits.min} characters`;
  if (value.length > limits.max) return `Password must be at most ${limits.max} characters`;
  return null;
}

/** A rough 0–4 strength score from length and variety; advice only, never a rule. */
export function passwordStrength(value: string): number {
  if (!value) return 0;
  let score = 0;
  if (value.length >= 8) score++;
  if (value.length >= 12) score++;
  if (value.length >= 16) score++;
  const classes = [/[a-z]/, /[A-Z]/, /[0-9]/, /[^A-Za-z0-9]/].filter((pattern) => pattern.test(value)).length;
  if (classes >= 3) score++;
  if (/^(.)\1+$/.test(value) || /^(password|12345678|qwerty)/i.test(value)) score = Math.min(score, 1);
  return Math.min(score, 4);
}
