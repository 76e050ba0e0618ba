import { LIMITS } from "#shared/limits.ts";
import { checkEmail, checkName, checkNewPassword, type PasswordLimits } from "#web/lib/field-rules.ts";

export function validateEmail(value: string): string | null {
  return checkEmail(value, "Enter your email address");
}

export function validateName(value: string): string | null {
  return checkName(value, "Enter your name");
}

export const DEFAULT_PASSWORD_LIMITS: PasswordLimits = { min: LIMITS.passwordMin, max: LIMITS.passwordMax };

export function validateNewPassword(
  value: string,
  limits: PasswordLimits = DEFAULT_PASSWORD_LIMITS,
): string | null {
  return checkNewPassword(value, limits, "Enter a password");
}
