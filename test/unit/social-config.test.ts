import { describe, expect, it } from "vitest";
import {
  BUILT_IN_PROVIDERS,
  DEFAULT_TRUSTED_LINKING_PROVIDERS,
  enabledSocialProviders,
} from "#server/auth/social-config.ts";
import { configLoader } from "../support/config-env.ts";

const { load, refusal } = configLoader("social-config");

describe("social sign-in configuration", () => {
  it("enables nothing by default, and every SPEC §9 provider by its id and secret", () => {
    expect(load({}).social.providers).toEqual([]);
    expect(BUILT_IN_PROVIDERS.map((p) => p.id).sort()).toEqual([
      "apple",
      "discord",
      "dropbox",
      "facebook",
      "github",
      "gitlab",
      "google",
      "linkedin",
      "microsoft",
      "reddit",
      "spotify",
      "tiktok",
      "twitch",
      "twitter",
      "vk",
      "zoom",
    ]);
    const env: Record<string, string> = {};
    for (const { id } of BUILT_IN_PROVIDERS) {
      env[id === "tiktok" ? "TIKTOK_CLIENT_KEY" : `${id.toUpperCase()}_CLIENT_ID`] = `${id}-id`;
      env[`${id.toUpperCase()}_CLIENT_SECRET`] = `${id}-secret`;
    }
    const config = load({
      ...env,
      GITLAB_ISSUER: "https://git.example.com/",
      MICROSOFT_TENANT_ID: "contoso.onmicrosoft.com",
    });
    expect(config.social.providers.map((p) => p.id)).toEqual(BUILT_IN_PROVIDERS.map((p) => p.id));
    expect(config.social.providers.find((p) => p.id === "gitlab")?.issuer).toBe("https://git.example.com");
    expect(config.social.providers.find((p) => p.id === "microsoft")?.tenantId).toBe(
      "contoso.onmicrosoft.com",
    );
    expect(config.social.providers.find((p) => p.id === "tiktok")?.clientId).toBe("tiktok-id");
    expect(config.trustedOrigins).toContain("https://appleid.apple.com");
  });

  it("names the missing half of a half-configured provider", () => {
    expect(refusal({ GITHUB_CLIENT_ID: "id" })).toBe(
      "GITHUB_CLIENT_SECRET: required when GITHUB_CLIENT_ID is set",
    );
    expect(refusal({ GOOGLE_CLIENT_SECRET: "s" })).toBe(
      "GOOGLE_CLIENT_ID: required when GOOGLE_CLIENT_SECRET is set",
    );
    expect(refusal({ TIKTOK_CLIENT_KEY: "k" })).toMatch(/^TIKTOK_CLIENT_SECRET:/);
    expect(refusal({ GITLAB_ISSUER: "https://git.example.com" })).toMatch(
      /^GITLAB_ISSUER: set GITLAB_CLIENT_ID/,
    );
    expect(refusal({ GITLAB_CLIENT_ID: "i", GITLAB_CLIENT_SECRET: "s", GITLAB_ISSUER: "ftp://x" })).toMatch(
      /^GITLAB_ISSUER:/,
    );
    expect(refusal({ OIDC_CLIENT_ID: "i", OIDC_CLIENT_SECRET: "s" })).toMatch(/^OIDC_ISSUER: required/);
    expect(refusal({ OIDC_ISSUER: "https://id.example.com" })).toMatch(/^OIDC_ISSUER: set OIDC_CLIENT_ID/);
    expect(refusal({ TRUSTED_LINKING_PROVIDERS: "google,myspace" })).toBe(
      'TRUSTED_LINKING_PROVIDERS: unknown provider "myspace"',
    );
  });

  it("lists the generic OIDC provider under OIDC_NAME, and keeps the linking defaults documented in the README", () => {
    const config = load({
      OIDC_ISSUER: "https://id.example.com/realms/acme",
      OIDC_CLIENT_ID: "gatehouse",
      OIDC_CLIENT_SECRET: "s",
      OIDC_NAME: "Acme SSO",
      GITHUB_CLIENT_ID: "i",
      GITHUB_CLIENT_SECRET: "s",
    });
    expect(enabledSocialProviders(config.social)).toEqual([
      { id: "github", name: "GitHub" },
      { id: "oidc", name: "Acme SSO" },
    ]);
    expect(config.social.trustedLinkingProviders).toEqual(DEFAULT_TRUSTED_LINKING_PROVIDERS);
    expect(config.social.allowDifferentLinkedEmails).toBe(false);
    expect(load({ TRUSTED_LINKING_PROVIDERS: "" }).social.trustedLinkingProviders).toEqual([]);
    expect(load({ ACCOUNT_LINKING_ALLOW_DIFFERENT_EMAILS: "1" }).social.allowDifferentLinkedEmails).toBe(
      true,
    );
  });
});
