import { beforeAll, describe, expect, it, vi } from "vitest";

// The real client reads window.location at import; authCall is handed its call, so none is needed.
vi.mock("#web/lib/auth-client.ts", () => ({ authClient: {} }));

const { ApiError, isNotFound, shouldRetry } = await import("#web/lib/api/api-error.ts");
const { authCall } = await import("#web/lib/api/call.ts");
const { errorText } = await import("#web/lib/api/error-text.ts");
const { adminWording } = await import("#web/features/admin/lib/admin-wording.ts");
const { loadAppMessages } = await import("#web/i18n/i18n.ts");

// The admin screens' words come with the signed-in screens' catalogue.
beforeAll(() => loadAppMessages());

/** What better-auth's client answers for a refusal. */
function refused(status: number, code: string, message = "refused") {
  return authCall(() => Promise.resolve({ data: null, error: { status, code, message } }));
}

async function thrownBy(call: Promise<unknown>): Promise<unknown> {
  try {
    await call;
  } catch (error) {
    return error;
  }
  throw new Error("the call did not throw");
}

describe("admin errors", () => {
  // Regression: an admin 404 (a user that does not exist) was retried twice, about 3 s before
  // "not found" showed, because admin errors were not the error type the retry rule knew.
  it("a missing user is an ApiError 404 that is never retried", async () => {
    const error = await thrownBy(refused(404, "USER_NOT_FOUND", "User not found"));
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 404, code: "USER_NOT_FOUND" });
    expect(isNotFound(error)).toBe(true);
    expect(shouldRetry(0, error)).toBe(false);
  });

  it("a network failure or a server fault is still retried", async () => {
    const offline = await thrownBy(authCall(() => Promise.reject(new TypeError("Failed to fetch"))));
    expect(shouldRetry(0, offline)).toBe(true);
    const fault = await thrownBy(refused(500, "INTERNAL"));
    expect(shouldRetry(1, fault)).toBe(true);
    expect(shouldRetry(2, fault)).toBe(false);
  });

  it("words the admin codes in the admin's terms", async () => {
    expect(errorText(await thrownBy(refused(404, "USER_NOT_FOUND")), adminWording())).toBe(
      "This user no longer exists. They may have been deleted.",
    );
    expect(errorText(await thrownBy(refused(400, "FAILED_TO_CREATE_USER")), adminWording())).toBe(
      "We couldn't create this user. Check the fields and try again.",
    );
    // Elsewhere the same code means the person's own account.
    expect(errorText(await thrownBy(refused(404, "USER_NOT_FOUND")))).not.toContain("no longer exists");
  });

  it("says that only admins manage users when the server refuses with 403", async () => {
    const forbidden = await thrownBy(refused(403, "YOU_ARE_NOT_ALLOWED_TO_LIST_USERS"));
    expect(errorText(forbidden, adminWording())).toBe(
      "Your account is not allowed to do this. Only admins can manage users.",
    );
    // A 403 with a text of its own keeps it.
    const ownRole = await thrownBy(refused(403, "YOU_ARE_NOT_ALLOWED_TO_SET_NON_EXISTENT_VALUE"));
    expect(errorText(ownRole, adminWording())).toBe("That role does not exist.");
  });

  it("keeps the catalogue's words for codes the admin screens do not reword", async () => {
    expect(errorText(await thrownBy(refused(400, "YOU_CANNOT_BAN_YOURSELF")), adminWording())).toBe(
      "You cannot ban your own account.",
    );
  });
});
