import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp, testDatabase } from "../support/test-app.ts";
import { sessionOf, signUpVerified } from "../support/users.ts";

// Avatars and logos: an http(s) URL, or a small uploaded PNG/JPEG/WebP data URL; nothing else is stored.
describe(`picture fields (${testDatabase})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  const pixel =
    "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==";

  it("stores an uploaded PNG data URL and an https URL as the avatar", async () => {
    const user = await signUpVerified(t);
    const dataUrl = `data:image/png;base64,${pixel}`;
    expect(
      (await t.request("/api/auth/update-user", { cookie: user.cookie, json: { image: dataUrl } })).status,
    ).toBe(200);
    expect((await sessionOf(t, user.cookie))?.user.image).toBe(dataUrl);
    const url = "https://cdn.example.com/a.png";
    expect(
      (await t.request("/api/auth/update-user", { cookie: user.cookie, json: { image: url } })).status,
    ).toBe(200);
    expect((await sessionOf(t, user.cookie))?.user.image).toBe(url);
  });

  it("refuses oversized, non-image and script URLs with 400 naming the field", async () => {
    const user = await signUpVerified(t);
    const cases = [
      `data:image/png;base64,${"A".repeat(70 * 1024)}`,
      "data:text/html;base64,PHNjcmlwdD4=",
      "javascript:alert(1)",
      `https://example.com/${"a".repeat(2100)}`,
    ];
    for (const image of cases) {
      const res = await t.request("/api/auth/update-user", { cookie: user.cookie, json: { image } });
      expect(res.status, image.slice(0, 30)).toBe(400);
      expect((await res.json()).message).toMatch(/image/);
    }
    expect((await sessionOf(t, user.cookie))?.user.image).toBeNull();
  });
});
