import { describe, expect, it } from "vitest";
import { SSO_ERROR_CODES } from "#shared/contracts/sso.ts";
import {
  describeRedirectError,
  isLinkError,
  isSsoRetryError,
  sanitizeErrorCode,
} from "#web/lib/redirect-errors.ts";
import { SPEC_REDIRECT_CODES } from "../support/spec-codes.ts";

describe("redirect error screens (SPEC §8)", () => {
  it.each(SPEC_REDIRECT_CODES)("explain %s in words of their own", (code) => {
    const text = describeRedirectError(code);
    expect(text.known).toBe(true);
    expect(text.title).not.toBe("Something went wrong");
    expect(text.description.length).toBeGreaterThan(20);
  });

  // Issue 19: every code a single sign-on can end with has its own words and a next step.
  it.each(SSO_ERROR_CODES)("explain the single sign-on code %s with a next step", (code) => {
    const text = describeRedirectError(code);
    expect(text.known).toBe(true);
    expect(text.title).not.toBe("Something went wrong");
    expect(text.description).toMatch(/sign|administrator|tab/i);
  });

  // A social or SSO provider's refusals, passed on as they came (RFC 6749 §4.1.2.1, OpenID Connect Core
  // §3.1.2.6, Sign in with Apple's cancel): each says what happened and what the person can do.
  it.each([
    ["server_error", /wait a few minutes/i],
    ["temporarily_unavailable", /wait a few minutes/i],
    ["login_required", /complete its steps/i],
    ["interaction_required", /complete its steps/i],
    ["consent_required", /complete its steps/i],
    ["account_selection_required", /complete its steps/i],
    ["unauthorized_client", /tell your administrator/i],
    ["invalid_client", /tell your administrator/i],
    ["invalid_scope", /tell your administrator/i],
    ["unsupported_response_type", /tell your administrator/i],
    ["user_cancelled_authorize", /did not allow the sign-in/i],
  ])("explain a provider's %s with what to do next", (code, next) => {
    const text = describeRedirectError(code);
    expect(text.known).toBe(true);
    expect(text.title).not.toBe("Something went wrong");
    expect(text.description).toMatch(next);
  });

  it("offers the SSO step again where starting over is the way on, not where an administrator must act", () => {
    expect(isSsoRetryError("SSO_REQUIRED")).toBe(true);
    expect(isSsoRetryError("SSO_IDP_INITIATED_DISABLED")).toBe(true);
    expect(isSsoRetryError("SSO_DOMAIN_NOT_VERIFIED")).toBe(false);
    expect(isSsoRetryError("state_not_found")).toBe(false);
  });

  it("names an unknown code only after stripping what could be markup or a link", () => {
    const text = describeRedirectError('<a href="https://evil.example">x</a>');
    expect(text.known).toBe(false);
    expect(text.code).toBe("ahrefhttpsevil.examplexa");
    expect(text.description).not.toMatch(/[<>"]|https?:\/\//);
    expect(sanitizeErrorCode(["token_expired"])).toBe("");
    expect(sanitizeErrorCode("x".repeat(100))).toHaveLength(64);
  });

  it("treats expired and used links as link errors, in both spellings", () => {
    for (const code of ["token_expired", "invalid_token", "INVALID_TOKEN", "TOKEN_EXPIRED"]) {
      expect(isLinkError(code)).toBe(true);
    }
    expect(isLinkError("state_not_found")).toBe(false);
  });
});
