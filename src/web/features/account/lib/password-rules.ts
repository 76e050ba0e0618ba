import { checkEmail, checkName, checkNewPassword, type PasswordLimits } from "#web/lib/field-rules.ts";

export function validateNewPassword(value: string, limits: PasswordLimits): string | null {
  return checkNewPassword(value, limits, "Enter a new password");
}

export function validateName(value: string): string | null {
  return checkName(value, "Enter your name");
}

export function validateEmail(value: string): string | null {
  return checkEmail(value, "Enter an email address");
}
