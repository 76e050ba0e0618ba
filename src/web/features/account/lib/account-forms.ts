import { z } from "zod";
import { confirmedPassword, type PasswordLimits } from "#shared/fields.ts";
import { t } from "#web/i18n/i18n.ts";

/** The current password, then a new one typed twice that differs from it. */
export function changePasswordSchema(limits: PasswordLimits) {
  return z
    .object({ currentPassword: z.string().min(1, t("account.password.currentMissing")) })
    .and(
      confirmedPassword(
        "newPassword",
        limits,
        t("account.password.newMissing"),
        t("account.password.confirmNewMissing"),
      ),
    )
    .refine((values) => values.newPassword !== values.currentPassword, {
      path: ["newPassword"],
      message: t("account.password.sameAsCurrent"),
    });
}

/** The word typed to confirm an account deletion. */
export const DELETE_WORD = "DELETE";

/** Deletion by mail or by password; both checks at once, so a missing password and a missing word show together. */
export function deleteAccountSchema() {
  return z
    .object({ method: z.enum(["mail", "password"]), password: z.string(), confirm: z.string() })
    .superRefine((values, context) => {
      if (values.method === "password" && !values.password)
        context.addIssue({
          code: "custom",
          path: ["password"],
          message: t("account.delete.passwordMissing"),
        });
      if (values.confirm.trim() !== DELETE_WORD)
        context.addIssue({
          code: "custom",
          path: ["confirm"],
          message: t("account.delete.confirmWordMissing", { word: DELETE_WORD }),
        });
    });
}
