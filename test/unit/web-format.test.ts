import { describe, expect, it } from "vitest";
import { formatDateTime, localInstants } from "#web/lib/format.ts";

describe("server messages in the reader's time zone", () => {
  it("rewrites each ISO instant of a message in the reader's words, and nothing else", () => {
    const ends = "2026-12-01T09:30:00.000Z";
    const local = localInstants(`Your account is suspended: spam. The suspension ends ${ends}.`);
    expect(local).toBe(`Your account is suspended: spam. The suspension ends ${formatDateTime(ends)}.`);
    expect(local).not.toContain("T09:30");
    expect(local).not.toContain("GMT");
    expect(localInstants("From 2026-01-02T03:04Z to 2026-01-02T05:06:07Z")).toBe(
      `From ${formatDateTime("2026-01-02T03:04Z")} to ${formatDateTime("2026-01-02T05:06:07Z")}`,
    );
    // Dates without a time, and text that only looks close, are left as they are.
    expect(localInstants("Created 2026-12-01; code 2026-12-01T9:30Z")).toBe(
      "Created 2026-12-01; code 2026-12-01T9:30Z",
    );
  });
});
