import { beforeAll, describe, expect, it } from "vitest";
import { BAN_DURATIONS, BAN_REASON_MAX, banReasonSchema, banSeconds } from "#web/features/admin/lib/ban.ts";
import { loadAppMessages } from "#web/i18n/i18n.ts";

// These words come with the signed-in screens' catalogue (English here).
beforeAll(() => loadAppMessages());

describe("admin ban dialog rules", () => {
  it("requires a reason, since the banned person reads it at sign-in", () => {
    expect(banReasonSchema.safeParse("").success).toBe(false);
    expect(banReasonSchema.safeParse("   \n").error?.issues[0]?.message).toBe(
      "Enter a reason: the user sees it when they try to sign in",
    );
    expect(banReasonSchema.safeParse("Spamming the forum").success).toBe(true);
  });

  it("refuses a reason over the limit", () => {
    expect(banReasonSchema.safeParse("x".repeat(BAN_REASON_MAX)).success).toBe(true);
    expect(banReasonSchema.safeParse("x".repeat(BAN_REASON_MAX + 1)).error?.issues[0]?.message).toBe(
      `Keep the reason under ${BAN_REASON_MAX} characters`,
    );
  });

  it("sends no end for a ban until lifted, and seconds otherwise", () => {
    expect(banSeconds("never")).toBeUndefined();
    expect(banSeconds(String(7 * 24 * 60 * 60))).toBe(604_800);
    expect(BAN_DURATIONS.map((duration) => banSeconds(duration.value))).toEqual([
      undefined,
      3600,
      86_400,
      604_800,
      2_592_000,
    ]);
    // Anything else (a tampered value) is no end rather than a wrong one.
    expect(banSeconds("-5")).toBeUndefined();
    expect(banSeconds("soon")).toBeUndefined();
  });
});
