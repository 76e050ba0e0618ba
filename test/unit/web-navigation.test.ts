import { describe, expect, it } from "vitest";
import { safeRedirectTarget, signInHref } from "#web/lib/safe-redirect.ts";

describe("safeRedirectTarget: ?redirect= never sends a person away", () => {
  it.each([
    ["/org/acme/members", "/org/acme/members"],
    ["/account?section=sessions", "/account?section=sessions"],
    ["/accept-invitation/abc", "/accept-invitation/abc"],
  ])("keeps the same-site path %s", (value, expected) => {
    expect(safeRedirectTarget(value)).toBe(expected);
  });

  it.each<[unknown, string]>([
    ["https://evil.example/", "an absolute URL"],
    ["//evil.example/path", "a protocol-relative URL"],
    ["/\\evil.example", "a backslash that browsers read as a slash"],
    ["javascript:alert(1)", "a script URL"],
    ["", "an empty value"],
    [["/a", "/b"], "an array from a repeated parameter"],
    [{ to: "/" }, "an object"],
    [undefined, "nothing"],
  ])("refuses %s (%s)", (value) => {
    expect(safeRedirectTarget(value)).toBe("/");
  });

  it.each(["/sign-in", "/sign-up", "/sign-in?redirect=/x", "/sign-up#top", "/sign-in/"])(
    "never goes back to the sign-in screens themselves (%s)",
    (value) => {
      expect(safeRedirectTarget(value)).toBe("/");
    },
  );

  it("keeps paths that merely start like a sign-in screen", () => {
    expect(safeRedirectTarget("/sign-in-help")).toBe("/sign-in-help");
  });
});

describe("signInHref", () => {
  it("comes back to where the person was, encoded", () => {
    expect(signInHref("/org/acme?tab=1")).toBe("/sign-in?redirect=%2Forg%2Facme%3Ftab%3D1");
    expect(signInHref("/")).toBe("/sign-in");
  });
});
