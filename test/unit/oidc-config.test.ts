import { describe, expect, it } from "vitest";
import { signingKeyOptions } from "#server/auth/identity-keys.ts";
import { configLoader } from "../support/config-env.ts";

const { load, refusal } = configLoader("oidc-config");

describe("OpenID provider configuration", () => {
  it("defaults: RS256 keys rotated every 30 days with 7 days of grace, the `api` scope, no resources, no registration token", () => {
    expect(load({}).oidc).toEqual({
      jwksAlg: "RS256",
      rotationDays: 30,
      graceDays: 7,
      registrationToken: undefined,
      apiScopes: ["api"],
      resources: [],
      tokenLimit: 600,
      introspectionLimit: 6000,
    });
  });

  it("reads every variable; lists take commas or spaces", () => {
    const oidc = load({
      JWKS_ALG: "EdDSA",
      JWKS_ROTATION_DAYS: "0",
      JWKS_GRACE_DAYS: "2.5",
      OIDC_REGISTRATION_TOKEN: "t".repeat(32),
      OIDC_API_SCOPES: "orders:read, orders:write orders:read",
      OIDC_RESOURCES: "https://api.example.com,https://billing.example.com/v1",
      OIDC_TOKEN_LIMIT: "10",
      OIDC_INTROSPECTION_LIMIT: "20",
    }).oidc;
    expect(oidc).toEqual({
      jwksAlg: "EdDSA",
      rotationDays: 0,
      graceDays: 2.5,
      registrationToken: "t".repeat(32),
      apiScopes: ["orders:read", "orders:write"],
      resources: ["https://api.example.com", "https://billing.example.com/v1"],
      tokenLimit: 10,
      introspectionLimit: 20,
    });
  });

  it("refuses values that cannot work, naming the variable", () => {
    expect(refusal({ JWKS_ALG: "HS256" })).toMatch(/^JWKS_ALG:/);
    expect(refusal({ JWKS_ROTATION_DAYS: "-1" })).toMatch(/^JWKS_ROTATION_DAYS:/);
    expect(refusal({ JWKS_GRACE_DAYS: "0.1" })).toMatch(/^JWKS_GRACE_DAYS: must be at least 1/);
    expect(refusal({ OIDC_REGISTRATION_TOKEN: "short" })).toMatch(
      /^OIDC_REGISTRATION_TOKEN: must be at least 32/,
    );
    expect(refusal({ OIDC_API_SCOPES: "orders email" })).toMatch(/^OIDC_API_SCOPES: the user scopes/);
    expect(refusal({ OIDC_API_SCOPES: 'bad"scope' })).toMatch(/^OIDC_API_SCOPES:/);
    expect(refusal({ OIDC_RESOURCES: "not a uri" })).toMatch(/^OIDC_RESOURCES:/);
    expect(refusal({ OIDC_RESOURCES: "https://api.example.com/#frag" })).toMatch(/^OIDC_RESOURCES:/);
    expect(refusal({ OIDC_TOKEN_LIMIT: "0" })).toMatch(/^OIDC_TOKEN_LIMIT:/);
  });

  it("turns days into the jwt plugin's seconds; no rotation interval when JWKS_ROTATION_DAYS=0", () => {
    const keys = signingKeyOptions(
      load({ JWKS_ROTATION_DAYS: "30", JWKS_GRACE_DAYS: "7" }).oidc,
      "https://id.example",
      "https://id.example",
    );
    expect(keys.jwks).toMatchObject({
      keyPairConfig: { alg: "RS256", modulusLength: 2048 },
      rotationInterval: 30 * 86400,
      gracePeriod: 7 * 86400,
      disablePrivateKeyEncryption: false,
    });
    expect(keys.jwt).toMatchObject({ issuer: "https://id.example", audience: "https://id.example" });
    const never = signingKeyOptions(
      load({ JWKS_ROTATION_DAYS: "0", JWKS_ALG: "ES256" }).oidc,
      "https://id.example",
      "https://id.example",
    );
    expect(never.jwks?.rotationInterval).toBeUndefined();
    expect(never.jwks?.keyPairConfig).toEqual({ alg: "ES256" });
  });
});
