import { afterAll, describe, expect, it } from "vitest";
import { domainName } from "#shared/contracts/domains.ts";
import { roleDescriptionSchema, roleNameSchema } from "#shared/custom-roles.ts";
import { ENGLISH_FIELD_WORDS, setFieldWords } from "#shared/fields.ts";
import germanIntegrations from "#web/i18n/catalogues/de/integrations.json";
import germanOrganizations from "#web/i18n/catalogues/de/organizations.json";
import { translateFieldWords } from "#web/i18n/field-words.ts";
import { activateLocale, loadAppMessages } from "#web/i18n/i18n.ts";
import { fieldProblem } from "#web/lib/field-problem.ts";

describe("the shared rules' problems on the web", () => {
  afterAll(async () => {
    setFieldWords(ENGLISH_FIELD_WORDS);
    await activateLocale("en");
  });

  it("are the server's English words until the web puts in its own", () => {
    expect(fieldProblem(domainName, "localhost")).toBe("must have at least two labels, like acme.com");
    expect(fieldProblem(domainName, "co.uk")).toBe("is a public suffix: use your own domain under it");
    expect(fieldProblem(roleNameSchema, "Team lead")).toBe(
      "Use lowercase letters, digits and hyphens, starting with a letter",
    );
    expect(fieldProblem(roleNameSchema, "owner")).toBe("owner, admin and member are built-in roles");
    expect(fieldProblem(domainName, "acme.com")).toBeNull();
    expect(fieldProblem(roleNameSchema, "team-lead")).toBeNull();
  });

  it("speak the chosen language, numbers and all, once the web's words are in", async () => {
    translateFieldWords();
    await activateLocale("de");
    await loadAppMessages();
    expect(fieldProblem(domainName, "localhost")).toBe(germanIntegrations["domains.problem.twoLabels"]);
    expect(fieldProblem(domainName, "10.0.0.1")).toBe(germanIntegrations["domains.problem.ipAddress"]);
    expect(fieldProblem(domainName, `${"a".repeat(250)}.com`)).toBe(
      germanIntegrations["domains.problem.tooLong"].replace("{max, number}", "253"),
    );
    expect(fieldProblem(roleNameSchema, "x")).toBe(
      germanOrganizations["roles.nameTooShort"].replace("{min, number}", "2"),
    );
    expect(fieldProblem(roleNameSchema, "admin")).toBe(germanOrganizations["roles.nameBuiltIn"]);
    expect(fieldProblem(roleDescriptionSchema, "d".repeat(201))).toBe(
      germanOrganizations["roles.descriptionTooLong"].replace("{max, number}", "200"),
    );
  });
});
