import { describe, expect, it } from "vitest";
import {
  outcomeOfReturn,
  type PendingEmailChange,
  parseEmailChange,
  pendingFor,
} from "#web/features/account/lib/pending-email.ts";

const NOW = Date.UTC(2026, 0, 1, 12);
const MINUTE = 60 * 1000;

const change: PendingEmailChange = {
  from: "ada@example.test",
  to: "countess@example.test",
  twoStep: true,
  approved: false,
  requestedAt: NOW - 5 * MINUTE,
};

describe("parseEmailChange: what this browser stored about an email change", () => {
  it("reads a stored change back", () => {
    expect(parseEmailChange(JSON.stringify(change))).toEqual(change);
  });

  it.each<[string | null, string]>([
    [null, "nothing stored"],
    ["{not json", "damaged JSON"],
    ["null", "a stored null"],
    [JSON.stringify({ ...change, to: 42 }), "an address that is not text"],
    [JSON.stringify({ from: change.from, to: change.to }), "a record missing its steps and time"],
    [JSON.stringify([change]), "an array"],
  ])("answers null for %s (%s)", (raw) => {
    expect(parseEmailChange(raw)).toBeNull();
  });
});

describe("pendingFor: a change is shown only to its own account while its links work", () => {
  it("keeps the change of this account, whatever the case of the address", () => {
    expect(pendingFor(change, "ADA@Example.test", NOW)).toEqual(change);
  });

  it("hides another account's change, so it never leaks to the next person on this browser", () => {
    expect(pendingFor(change, "grace@example.test", NOW)).toBeNull();
  });

  it("hides a change once its links (valid 1 hour) have expired", () => {
    expect(pendingFor(change, change.from, change.requestedAt + 60 * MINUTE)).toEqual(change);
    expect(pendingFor(change, change.from, change.requestedAt + 61 * MINUTE)).toBeNull();
  });

  it("hides a change that already happened: the account has the new address now", () => {
    expect(pendingFor(change, change.to, NOW)).toBeNull();
  });
});

describe("outcomeOfReturn: what coming back from a link means", () => {
  it("is done when the account now has the new address", () => {
    expect(outcomeOfReturn(change, "Countess@example.test", undefined)).toEqual({ kind: "changed" });
  });

  it("is approved (step 1 of 2) while the account still has the old address", () => {
    expect(outcomeOfReturn(change, change.from, undefined)).toEqual({
      kind: "approved",
      change: { ...change, approved: true },
    });
  });

  it("changes nothing when the link came back with an error", () => {
    expect(outcomeOfReturn(change, change.to, "INVALID_TOKEN")).toEqual({ kind: "unchanged" });
  });

  it("changes nothing without a stored change, or for an unrelated address", () => {
    expect(outcomeOfReturn(null, change.to, undefined)).toEqual({ kind: "unchanged" });
    expect(outcomeOfReturn(change, "grace@example.test", undefined)).toEqual({ kind: "unchanged" });
  });
});
