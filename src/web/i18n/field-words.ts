import { setFieldWords } from "#shared/fields.ts";
import { t } from "./i18n.ts";

/** The shared field rules (#shared/fields.ts) speak the web app's language: each word is asked for when shown. */
export function translateFieldWords(): void {
  setFieldWords({
    enterName: () => t("common.fields.enterName"),
    enterKeyName: () => t("common.fields.enterKeyName"),
    nameControlCharacters: () => t("common.fields.nameControlCharacters"),
    nameTooLong: (max) => t("common.fields.nameTooLong", { max }),
    shortNameTooLong: (max) => t("common.fields.shortNameTooLong", { max }),
    enterEmail: () => t("common.fields.enterEmail"),
    emailTooLong: (max) => t("common.fields.emailTooLong", { max }),
    emailInvalid: () => t("common.fields.emailInvalid"),
    enterPassword: () => t("common.fields.enterPassword"),
    passwordTooShort: (min) => t("common.fields.passwordTooShort", { min }),
    passwordTooLong: (max) => t("common.fields.passwordTooLong", { max }),
    confirmPassword: () => t("common.fields.confirmPassword"),
    passwordsDiffer: () => t("common.fields.passwordsDiffer"),
    chooseSlug: () => t("common.fields.chooseSlug"),
    slugTooShort: () => t("common.fields.slugTooShort"),
    slugTooLong: (max) => t("common.fields.slugTooLong", { max }),
    slugCharacters: () => t("common.fields.slugCharacters"),
    pictureInvalid: (max) => t("common.fields.pictureInvalid", { max }),
    totpCode: () => t("common.fields.totpCode"),
    enterBackupCode: () => t("common.fields.enterBackupCode"),
    notBackupCode: () => t("common.fields.notBackupCode"),
    enterSecondFactorCode: () => t("common.fields.enterSecondFactorCode"),
    notSecondFactorCode: () => t("common.fields.notSecondFactorCode"),
    // Only the signed-in screens check role names and domains: their words come with those screens (the app group).
    roleNameTooShort: (min) => t("organizations.roles.nameTooShort", { min }),
    roleNameTooLong: (max) => t("organizations.roles.nameTooLong", { max }),
    roleNameCharacters: () => t("organizations.roles.nameCharacters"),
    roleNameBuiltIn: () => t("organizations.roles.nameBuiltIn"),
    descriptionTooLong: (max) => t("organizations.roles.descriptionTooLong", { max }),
    domainTooLong: (max) => t("integrations.domains.problem.tooLong", { max }),
    domainIpAddress: () => t("integrations.domains.problem.ipAddress"),
    domainTwoLabels: () => t("integrations.domains.problem.twoLabels"),
    domainHostname: () => t("integrations.domains.problem.hostname"),
    domainLetterLabel: () => t("integrations.domains.problem.letterLabel"),
    domainPublicSuffix: () => t("integrations.domains.problem.publicSuffix"),
  });
}
