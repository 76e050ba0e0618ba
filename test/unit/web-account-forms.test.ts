import deApp from "virtual:gatehouse-catalogue/de/app";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { changePasswordSchema, deleteAccountSchema } from "#web/features/account/lib/account-forms.ts";
import german from "#web/i18n/catalogues/de/account.json";
import { i18n, loadAppMessages } from "#web/i18n/i18n.ts";

// The forms speak English here: the signed-in screens' words, as the account page loads them.
beforeAll(() => loadAppMessages());

const limits = { min: 8, max: 64 };

function messages(result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) {
  return Object.fromEntries(
    (result.error?.issues ?? []).map((issue) => [issue.path.join("."), issue.message]),
  );
}

describe("changePasswordSchema: the password change form", () => {
  const valid = {
    currentPassword: "old password 1",
    newPassword: "new password 2",
    confirmPassword: "new password 2",
  };

  it("accepts a new password within the limits, typed twice", () => {
    expect(changePasswordSchema(limits).safeParse(valid).success).toBe(true);
  });

  it("asks for the current password", () => {
    expect(messages(changePasswordSchema(limits).safeParse({ ...valid, currentPassword: "" }))).toEqual({
      currentPassword: "Enter your current password",
    });
  });

  it("holds the new password to the server's limits", () => {
    const short = { ...valid, newPassword: "short", confirmPassword: "short" };
    expect(messages(changePasswordSchema(limits).safeParse(short)).newPassword).toBe(
      "Password must be at least 8 characters",
    );
    const long = "x".repeat(65);
    expect(
      messages(changePasswordSchema(limits).safeParse({ ...valid, newPassword: long, confirmPassword: long }))
        .newPassword,
    ).toBe("Password must be at most 64 characters");
  });

  it("refuses a repetition that differs, or is missing", () => {
    expect(
      messages(changePasswordSchema(limits).safeParse({ ...valid, confirmPassword: "new password 3" })),
    ).toEqual({
      confirmPassword: "Passwords do not match",
    });
    expect(messages(changePasswordSchema(limits).safeParse({ ...valid, confirmPassword: "" }))).toEqual({
      confirmPassword: "Confirm your new password",
    });
  });

  it("refuses the current password as the new one", () => {
    const same = {
      currentPassword: "same password",
      newPassword: "same password",
      confirmPassword: "same password",
    };
    expect(messages(changePasswordSchema(limits).safeParse(same))).toEqual({
      newPassword: "Choose a password different from the current one",
    });
  });
});

describe("deleteAccountSchema: the deletion is confirmed on purpose", () => {
  it("deletes by mail once DELETE is typed, with or without spaces around it", () => {
    expect(
      deleteAccountSchema().safeParse({ method: "mail", password: "", confirm: " DELETE " }).success,
    ).toBe(true);
  });

  it.each(["", "delete", "Delete", "DELETE ME"])("refuses the word %j", (confirm) => {
    expect(messages(deleteAccountSchema().safeParse({ method: "mail", password: "", confirm }))).toEqual({
      confirm: "Type DELETE in capital letters",
    });
  });

  it("needs the password to delete at once, and says both problems together", () => {
    expect(
      messages(deleteAccountSchema().safeParse({ method: "password", password: "", confirm: "" })),
    ).toEqual({
      password: "Enter your password",
      confirm: "Type DELETE in capital letters",
    });
    expect(
      deleteAccountSchema().safeParse({ method: "password", password: "secret", confirm: "DELETE" }).success,
    ).toBe(true);
  });
});

describe("deleteAccountSchema in another language", () => {
  afterAll(() => i18n.activate("en"));

  it("still wants the untranslated word DELETE, and the German message names it", () => {
    i18n.load("de", deApp);
    i18n.activate("de");
    expect(
      messages(deleteAccountSchema().safeParse({ method: "mail", password: "", confirm: "LÖSCHEN" })),
    ).toEqual({
      confirm: german["delete.confirmWordMissing"].replace("{word}", "DELETE"),
    });
    expect(deleteAccountSchema().safeParse({ method: "mail", password: "", confirm: "DELETE" }).success).toBe(
      true,
    );
  });
});
