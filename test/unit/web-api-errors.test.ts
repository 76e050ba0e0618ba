import { describe, expect, it } from "vitest";
import {
  ApiError,
  isFreshnessError,
  isNotFound,
  isOnlyOwnerError,
  isRefusal,
  NETWORK_STATUS,
  shouldRetry,
} from "#web/lib/api/api-error.ts";
import { errorText } from "#web/lib/api/error-text.ts";

describe("the web's one retry rule", () => {
  it("never asks again after a refusal, so a 404 shows at once", () => {
    expect(shouldRetry(0, new ApiError(404, "User not found", "USER_NOT_FOUND"))).toBe(false);
    expect(shouldRetry(0, new ApiError(403, "Forbidden"))).toBe(false);
    expect(shouldRetry(0, new ApiError(429, "Too many requests"))).toBe(false);
  });

  it("asks again, twice at most, after a network or server fault", () => {
    const fault = new ApiError(503, "Service unavailable");
    expect(shouldRetry(0, fault)).toBe(true);
    expect(shouldRetry(1, fault)).toBe(true);
    expect(shouldRetry(2, fault)).toBe(false);
    expect(shouldRetry(0, new ApiError(NETWORK_STATUS, "Failed to fetch"))).toBe(true);
    expect(isRefusal(fault)).toBe(false);
  });
});

describe("error codes, not messages, decide behaviour", () => {
  it("recognises freshness by code only", () => {
    expect(isFreshnessError(new ApiError(403, "whatever", "SESSION_NOT_FRESH"))).toBe(true);
    expect(isFreshnessError(new ApiError(400, "whatever", "SESSION_EXPIRED"))).toBe(true);
    // The English message alone no longer counts: a client must not depend on wording.
    expect(isFreshnessError(new ApiError(403, "Session is not fresh"))).toBe(false);
    expect(isFreshnessError(new Error("Session is not fresh"))).toBe(false);
  });

  it("recognises the only-owner rule from leave/remove and from account deletion", () => {
    expect(isOnlyOwnerError(new ApiError(400, "x", "CANNOT_LEAVE_AS_THE_ONLY_OWNER"))).toBe(true);
    expect(isOnlyOwnerError(new ApiError(400, "x", "ONLY_OWNER"))).toBe(true);
    expect(isOnlyOwnerError(new ApiError(400, "cannot leave as the only owner"))).toBe(false);
  });

  it("treats a 404 and USER_NOT_FOUND as not found, other refusals not", () => {
    expect(isNotFound(new ApiError(404, "Not found"))).toBe(true);
    expect(isNotFound(new ApiError(400, "x", "USER_NOT_FOUND"))).toBe(true);
    expect(isNotFound(new ApiError(403, "x", "FORBIDDEN"))).toBe(false);
  });
});

describe("errorText", () => {
  it("words a known code in plain language, before the server's message", () => {
    expect(errorText(new ApiError(401, "Invalid email or password", "INVALID_EMAIL_OR_PASSWORD"))).toBe(
      "Invalid email or password. Check them and try again.",
    );
  });

  it("lets a screen word a code its own way, and any 403 when asked", () => {
    const gone = new ApiError(404, "User not found", "USER_NOT_FOUND");
    expect(errorText(gone)).toBe("We couldn't find that account.");
    expect(errorText(gone, { codes: { USER_NOT_FOUND: "This user no longer exists." } })).toBe(
      "This user no longer exists.",
    );
    const forbidden = new ApiError(403, "nope", "YOU_ARE_NOT_ALLOWED_TO_LIST_USERS");
    expect(errorText(forbidden, { forbidden: "Only admins can manage users." })).toBe(
      "Only admins can manage users.",
    );
    expect(errorText(forbidden)).toBe("nope");
  });

  it("keeps the server's message for an unknown code (it carries the SPEC §8 wording)", () => {
    expect(errorText(new ApiError(400, "Team name must have at least 1 character", "SOMETHING_NEW"))).toBe(
      "Team name must have at least 1 character",
    );
  });

  it("tells how long to wait after a 429", () => {
    expect(errorText(new ApiError(429, "", undefined, 1))).toBe("Too many attempts, try again in 1 second.");
    expect(errorText(new ApiError(429, "", undefined, 12))).toBe(
      "Too many attempts, try again in 12 seconds.",
    );
    expect(errorText(new ApiError(429, ""))).toBe("Too many attempts, please wait a moment and try again.");
  });

  it("words the two-factor lockout (a 429 with its own code) as the lockout, not as the rate limit", () => {
    expect(
      errorText(new ApiError(429, "Too many failed verification attempts.", "ACCOUNT_TEMPORARILY_LOCKED")),
    ).toBe("Too many wrong codes; try again in 15 minutes.");
  });

  it("says the server could not be reached instead of 'Failed to fetch'", () => {
    expect(errorText(new ApiError(NETWORK_STATUS, "Failed to fetch"))).toMatch(/couldn't reach the server/);
  });

  it("falls back by status when the server said nothing", () => {
    expect(errorText(new ApiError(502, ""))).toMatch(/server ran into a problem/);
    expect(errorText(new ApiError(400, ""))).toBe("Something went wrong. Please try again.");
    expect(errorText("not an error")).toBe("Something went wrong. Please try again.");
  });
});
