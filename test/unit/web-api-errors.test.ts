import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadAppMessages } from "#web/i18n/i18n.ts";
import {
  ApiError,
  isFreshnessError,
  isNetworkError,
  isNotFound,
  isOnlyOwnerError,
  isRefusal,
  isWorthRetrying,
  NETWORK_STATUS,
  networkError,
  shouldRetry,
  TIMEOUT_CODE,
} from "#web/lib/api/api-error.ts";
import { deadlineFetch } from "#web/lib/api/deadline-fetch.ts";
import { errorText } from "#web/lib/api/error-text.ts";

const NO_ANSWER = "Can't reach Gatehouse — check your connection";

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

  it("says Gatehouse could not be reached instead of 'Failed to fetch', timeouts included", () => {
    expect(errorText(new ApiError(NETWORK_STATUS, "Failed to fetch"))).toBe(NO_ANSWER);
    expect(errorText(new ApiError(NETWORK_STATUS, "No answer within 15 s", TIMEOUT_CODE))).toBe(NO_ANSWER);
    // A screen's own wording of some 403 does not cover a call that never reached the server.
    expect(errorText(new ApiError(NETWORK_STATUS, "Failed to fetch"), { forbidden: "Admins only." })).toBe(
      NO_ANSWER,
    );
  });

  it("falls back by status when the server said nothing", () => {
    expect(errorText(new ApiError(502, ""))).toMatch(/server ran into a problem/);
    expect(errorText(new ApiError(400, ""))).toBe("Something went wrong. Please try again.");
    expect(errorText("not an error")).toBe("Something went wrong. Please try again.");
  });
});

describe("a call that gets no answer", () => {
  // A real server: one route answers, one never does (a hung proxy), one closes the connection unanswered.
  let server: Server;
  let base: string;
  beforeAll(async () => {
    server = createServer((request, response) => {
      if (request.url === "/ok") response.end("fine");
      else if (request.url === "/drop") request.socket.destroy();
      // "/hang": no answer, ever.
    });
    await new Promise<void>((done) => server.listen(0, "127.0.0.1", done));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((done) => server.close(done));
  });

  it("passes an answer through untouched", async () => {
    const response = await deadlineFetch(500)(`${base}/ok`);
    expect(await response.text()).toBe("fine");
  });

  it("ends at the deadline, and that becomes the network ApiError with the plain words", async () => {
    const started = Date.now();
    const cause = await deadlineFetch(300)(`${base}/hang`).catch((error: unknown) => error);
    expect(Date.now() - started).toBeLessThan(3000);
    const error = networkError(cause);
    expect(error).toBeInstanceOf(ApiError);
    expect(error.status).toBe(NETWORK_STATUS);
    expect(error.code).toBe(TIMEOUT_CODE);
    expect(isNetworkError(error)).toBe(true);
    expect(errorText(error)).toBe(NO_ANSWER);
    // It already waited the whole deadline: a query does not wait it twice more.
    expect(shouldRetry(0, error)).toBe(false);
    expect(isWorthRetrying(error)).toBe(true);
  });

  it("maps a connection closed unanswered ('fetch failed') to the same error, asked again by queries", async () => {
    const cause = await deadlineFetch(5000)(`${base}/drop`).catch((error: unknown) => error);
    expect(cause).toBeInstanceOf(TypeError);
    const error = networkError(cause);
    expect(error.status).toBe(NETWORK_STATUS);
    expect(error.code).toBeUndefined();
    expect(errorText(error)).toBe(NO_ANSWER);
    expect(shouldRetry(0, error)).toBe(true);
  });

  it("still lets the caller's own signal abort", async () => {
    const caller = new AbortController();
    const pending = deadlineFetch(5000)(`${base}/hang`, { signal: caller.signal });
    caller.abort();
    await expect(pending).rejects.toMatchObject({ name: "AbortError" });
  });

  it("offers Try again for no answer and server faults, not for refusals", () => {
    expect(isWorthRetrying(new ApiError(503, ""))).toBe(true);
    expect(isWorthRetrying(new ApiError(NETWORK_STATUS, "Failed to fetch"))).toBe(true);
    expect(isWorthRetrying(new ApiError(401, "", "INVALID_EMAIL_OR_PASSWORD"))).toBe(false);
    expect(isWorthRetrying(new Error("not a call"))).toBe(false);
  });
});

describe("refusals worded with what their body names", () => {
  // The signed-in screens' words (ROLE_IN_USE's are among them), as those screens load them.
  beforeAll(() => loadAppMessages());

  it("names the organization that requires single sign-on, and falls back to the general words without it", () => {
    const named = new ApiError(403, "Acme signs in with single sign-on", "SSO_REQUIRED", undefined, {
      code: "SSO_REQUIRED",
      organization: "Acme Corp",
    });
    expect(errorText(named)).toBe(
      "Acme Corp signs in with single sign-on: use “Continue with SSO” with your work email.",
    );
    expect(errorText(new ApiError(403, "x", "SSO_REQUIRED"))).toBe(
      "Your organization signs in with single sign-on: use “Continue with SSO” with your work email.",
    );
  });

  it("counts who still holds a role that cannot be deleted", () => {
    const inUse = (details: Record<string, unknown>) =>
      errorText(
        new ApiError(409, "server words", "ROLE_IN_USE", undefined, { code: "ROLE_IN_USE", ...details }),
      );
    expect(inUse({ members: 1, invitations: 0 })).toBe(
      "1 member holds this role. Give them another role first.",
    );
    expect(inUse({ members: 3, invitations: 0 })).toBe(
      "3 members hold this role. Give them another role first.",
    );
    expect(inUse({ members: 0, invitations: 2 })).toBe(
      "2 pending invitations grant this role. Cancel them, or invite again with another role, first.",
    );
    expect(inUse({ members: 2, invitations: 1 })).toBe(
      "2 members and 1 pending invitation still have this role. Give them another role (or cancel the invitations) first.",
    );
    // Counts that are not counts are not shown: the general words are.
    expect(inUse({ members: "many", invitations: -1 })).toBe(
      "Members or pending invitations still have this role. Give them another role (or cancel the invitations) first.",
    );
  });
});
