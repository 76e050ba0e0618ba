import { beforeAll, describe, expect, it } from "vitest";
import {
  AVATAR_MAX_BYTES,
  AVATAR_MAX_LENGTH,
  avatarFileProblem,
  avatarUrlProblem,
  candidateSides,
} from "#web/features/account/lib/avatar-image.ts";
import { requestedAtFor } from "#web/features/account/lib/deletion-request.ts";
import { loadAppMessages } from "#web/i18n/i18n.ts";

// The reasons speak English here: the signed-in screens' words, as the account page loads them.
beforeAll(() => loadAppMessages());

describe("candidateSides: the square sizes tried for an uploaded picture", () => {
  it("starts at 256 px for a large picture and steps down to 48 px", () => {
    const sides = candidateSides(600, 400);
    expect(sides[0]).toBe(256);
    expect(sides.at(-1)).toBe(48);
    expect(sides).toEqual([...sides].sort((a, b) => b - a));
  });

  it("never upscales: the shorter side of the picture is the largest square", () => {
    expect(candidateSides(1000, 150)).toEqual([128, 112, 96, 80, 64, 56, 48]);
    expect(Math.max(...candidateSides(100, 100))).toBeLessThanOrEqual(100);
  });

  it("keeps a picture smaller than every step at its own size", () => {
    expect(candidateSides(30, 40)).toEqual([30]);
  });
});

describe("avatarFileProblem: what is refused before any processing", () => {
  const file = (type: string, size: number) => new File([new Uint8Array(size)], "me", { type });

  it("accepts a PNG, JPEG or WebP of at most 1 MB", () => {
    for (const type of ["image/png", "image/jpeg", "image/webp"])
      expect(avatarFileProblem(file(type, 1000))).toBeNull();
    expect(avatarFileProblem(file("image/png", AVATAR_MAX_BYTES))).toBeNull();
  });

  it("refuses other types, including SVG that could carry script", () => {
    expect(avatarFileProblem(file("image/svg+xml", 100))).toBe("Choose a PNG, JPEG or WebP image.");
    expect(avatarFileProblem(file("text/plain", 100))).toBe("Choose a PNG, JPEG or WebP image.");
  });

  it("refuses a file over 1 MB and an empty file", () => {
    expect(avatarFileProblem(file("image/png", AVATAR_MAX_BYTES + 1))).toMatch(/larger than 1 MB/);
    expect(avatarFileProblem(file("image/png", 0))).toBe("That file is empty.");
  });
});

describe("avatarUrlProblem: a typed picture address", () => {
  it("accepts an https address", () => {
    expect(avatarUrlProblem(" https://example.com/me.png ")).toBeNull();
  });

  it.each([
    ["", "Enter an image address"],
    ["example.com/me.png", "Enter a full address, like https://example.com/me.png"],
    ["http://example.com/me.png", "The address must start with https://"],
    ["javascript:alert(1)", "The address must start with https://"],
    ["data:image/png;base64,AAAA", "The address must start with https://"],
  ])("refuses %j", (value, problem) => {
    expect(avatarUrlProblem(value)).toBe(problem);
  });

  it("refuses an address longer than the server stores", () => {
    expect(avatarUrlProblem(`https://example.com/${"a".repeat(AVATAR_MAX_LENGTH)}`)).toMatch(/at most/);
  });
});

describe("requestedAtFor: a pending deletion is shown only to its account, for 24 hours", () => {
  const at = Date.UTC(2026, 0, 1);
  const raw = JSON.stringify({ email: "ada@example.test", at });
  const HOUR = 60 * 60 * 1000;

  it("answers when the link was asked for", () => {
    expect(requestedAtFor(raw, "ada@example.test", at + HOUR)).toBe(at);
  });

  it("forgets it once the link has expired", () => {
    expect(requestedAtFor(raw, "ada@example.test", at + 24 * HOUR)).toBeNull();
  });

  it("never shows another account's request", () => {
    expect(requestedAtFor(raw, "grace@example.test", at + HOUR)).toBeNull();
  });

  it.each([null, "{broken", JSON.stringify({ email: "ada@example.test", at: "yesterday" })])(
    "answers null for %j",
    (stored) => {
      expect(requestedAtFor(stored, "ada@example.test", at)).toBeNull();
    },
  );
});
