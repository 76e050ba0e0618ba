import { LIMITS } from "#shared/limits.ts";

export interface PasswordLimits {
  min: number;
  max: number;
}

export function validateNewPassword(value: string, limits: PasswordLimits): string | null {
  if (!value) return "Enter a new password";
  if (value.length < limits.min) return `Password must be at least ${limits.min} characters`;
  if (value.length > limits.max) return `Password must be at most ${limits.max} characters`;
  return null;
}

export function validateName(value: string): string | null {
  const name = value.trim();
  if (!name) return "Enter your name";
  if (name.length > LIMITS.name) return `Name must be at most ${LIMITS.name} characters`;
  return null;
}

// Loose on purpose: the server decides; this catches typos only.
const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function validateEmail(value: string): string | null {
  const email = value.trim();
  if (!email) return "Enter an email address";
  if (email.length > LIMITS.email) return `Email must be at most ${LIMITS.email} characters`;
  if (!EMAIL_SHAPE.test(email)) return "Enter a valid email address, like name@example.com";
  return null;
}

/** A 0–4 advice score from length and character variety; never a rule. */
export function strengthScore(value: string): number {
  if (!value) return 0;
  const variety = [/[a-z]/, /[A-Z]/, /\d/, /[^A-Za-z0-9]/].filter((re) => re.test(value)).length;
  let score = [8, 12, 16].filter((length) => value.length >= length).length;
  if (variety >= 3) score += 1;
  if (/^(.)\1+$/.test(value) || /^(password|12345678|qwerty)/i.test(value)) score = Math.min(score, 1);
  return Math.min(score, 4);
}
