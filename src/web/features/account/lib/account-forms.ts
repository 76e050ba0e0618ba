import { z } from "zod";
import { confirmedPassword, type PasswordLimits } from "#shared/fields.ts";

/** The current password, then a new one typed twice that differs from it. */
export function changePasswordSchema(limits: PasswordLimits) {
  return z
    .object({ currentPassword: z.string().min(1, "Enter your current password") })
    .and(confirmedPassword("newPassword", limits, "Enter a new password", "Confirm your new password"))
    .refine((values) => values.newPassword !== values.currentPassword, {
      path: ["newPassword"],
      message: "Choose a password different from the current one",
    });
}

/** The word typed to confirm an account deletion. */
export const DELETE_WORD = "DELETE";

/** Deletion by mail or by password; both checks at once, so a missing password and a missing word show together. */
export const deleteAccountSchema = z
  .object({ method: z.enum(["mail", "password"]), password: z.string(), confirm: z.string() })
  .superRefine((values, context) => {
    if (values.method === "password" && !values.password)
      context.addIssue({ code: "custom", path: ["password"], message: "Enter your password" });
    if (values.confirm.trim() !== DELETE_WORD)
      context.addIssue({
        code: "custom",
        path: ["confirm"],
        message: `Type ${DELETE_WORD} in capital letters`,
      });
  });
