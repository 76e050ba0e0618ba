import { decodeJwt } from "jose";
import * as oidc from "openid-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pictureVersion } from "#server/auth/published-picture.ts";
import {
  authorizeAndAllow,
  LOOPBACK_REDIRECT,
  type RegisteredApp,
  registerApp,
} from "../support/oauth-apps.ts";
import { startTestApp, TEST_ORIGIN, type TestApp, testDatabase } from "../support/test-app.ts";
import { createUser, sessionOf, signUpVerified } from "../support/users.ts";

const pixel =
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==";

// Avatars and logos: an http(s) URL, or a small uploaded PNG/JPEG/WebP data URL; nothing else is stored.
describe(`picture fields (${testDatabase})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

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

/**
 * The `picture` claim (ID token, userinfo, /api/auth/token) is an http(s) URL: an uploaded picture is published at
 * a short URL where Gatehouse serves it, never as its data URL (up to 64 KiB in every token).
 */
describe(`the picture claim and the served pictures (${testDatabase})`, () => {
  const ADMIN_EMAIL = "pictures-admin@example.test";
  let t: TestApp;
  let config: oidc.Configuration;
  let app: RegisteredApp;

  // A 2×1 PNG, different bytes from the 1×1 above.
  const otherPixel =
    "iVBORw0KGgoAAAANSUhEUgAAAAIAAAABCAYAAAD0In+KAAAAEUlEQVR42mP8z8DwnwEIGGEMACyfA/2rvAzYAAAAAElFTkSuQmCC";

  beforeAll(async () => {
    t = await startTestApp({ ADMIN_EMAILS: ADMIN_EMAIL });
    const admin = await signUpVerified(t, createUser({ email: ADMIN_EMAIL }));
    app = await registerApp(t, admin.cookie, { client_name: "Pictures app" });
    const base = await t.listen();
    config = new oidc.Configuration(
      {
        issuer: `${TEST_ORIGIN}/api/auth`,
        token_endpoint: `${base}/api/auth/oauth2/token`,
        jwks_uri: `${base}/api/auth/jwks`,
      },
      app.client_id,
      undefined,
      oidc.ClientSecretBasic(app.client_secret as string),
    );
    oidc.allowInsecureRequests(config);
  });
  afterAll(() => t.close());

  /** The `picture` of a person's ID token, userinfo answer and /api/auth/token JWT (absent: undefined). */
  async function picturesOf(cookie: string) {
    const { code, verifier } = await authorizeAndAllow(t, cookie, app.client_id);
    const callback = new URL(
      `${LOOPBACK_REDIRECT}?code=${code}&iss=${encodeURIComponent(`${TEST_ORIGIN}/api/auth`)}`,
    );
    const tokens = await oidc.authorizationCodeGrant(config, callback, {
      pkceCodeVerifier: verifier,
      idTokenExpected: true,
    });
    const info = await t.request("/api/auth/oauth2/userinfo", {
      headers: { authorization: `Bearer ${tokens.access_token}` },
    });
    expect(info.status).toBe(200);
    const own = await t.request("/api/auth/token", { cookie });
    expect(own.status).toBe(200);
    const jwt = ((await own.json()) as { token: string }).token;
    return {
      idToken: tokens.claims()?.picture,
      userinfo: ((await info.json()) as { picture?: unknown }).picture,
      token: decodeJwt(jwt).picture,
      sizes: { idToken: tokens.id_token?.length ?? 0, token: jwt.length },
    };
  }

  const setImage = async (cookie: string, image: string) => {
    const res = await t.request("/api/auth/update-user", { cookie, json: { image } });
    expect(res.status).toBe(200);
  };

  it("an uploaded picture is published as a short URL where Gatehouse serves it; a new picture, a new URL", async () => {
    const user = await signUpVerified(t);
    const id = (await sessionOf(t, user.cookie))?.user.id as string;
    await setImage(user.cookie, `data:image/png;base64,${pixel}`);
    const first = await picturesOf(user.cookie);
    const url = String(first.idToken);
    expect(url).toMatch(
      new RegExp(`^${TEST_ORIGIN}/api/pictures/users/${id}/[A-Za-z0-9_-]{16}$`.replaceAll("/", "\\/")),
    );
    expect(first.userinfo).toBe(url);
    expect(first.token).toBe(url);
    expect(first.sizes.token).toBeLessThan(1500);

    const served = await t.request(new URL(url).pathname);
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toBe("image/png");
    expect(served.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(served.headers.get("x-content-type-options")).toBe("nosniff");
    expect(served.headers.get("content-security-policy")).toMatch(/sandbox/);
    expect(Buffer.from(await served.arrayBuffer()).equals(Buffer.from(pixel, "base64"))).toBe(true);
    // Public: an <img> of another app sends no cookie.
    expect(served.headers.get("set-cookie")).toBeNull();

    await setImage(user.cookie, `data:image/png;base64,${otherPixel}`);
    const second = await picturesOf(user.cookie);
    expect(second.idToken).not.toBe(url);
    expect(second.userinfo).toBe(second.idToken);
    const next = await t.request(new URL(String(second.idToken)).pathname);
    expect(next.status).toBe(200);
    expect(Buffer.from(await next.arrayBuffer()).equals(Buffer.from(otherPixel, "base64"))).toBe(true);
    // The old URL serves nothing any more.
    expect((await t.request(new URL(url).pathname)).status).toBe(404);
  });

  it("an https picture passes through; no picture, no claim; nothing but the uploaded image is served", async () => {
    const linked = await signUpVerified(t);
    const https = "https://cdn.example.com/ada.png";
    await setImage(linked.cookie, https);
    const passed = await picturesOf(linked.cookie);
    expect([passed.idToken, passed.userinfo, passed.token]).toEqual([https, https, https]);

    const plain = await signUpVerified(t);
    expect(await picturesOf(plain.cookie)).toMatchObject({
      idToken: undefined,
      userinfo: undefined,
      token: undefined,
    });
    await setImage(plain.cookie, "");
    expect(await picturesOf(plain.cookie)).toMatchObject({
      idToken: undefined,
      userinfo: undefined,
      token: undefined,
    });

    // A data URL whose bytes are not the type it names is neither published nor served.
    const odd = await signUpVerified(t);
    const oddId = (await sessionOf(t, odd.cookie))?.user.id as string;
    const mislabelled = `data:image/jpeg;base64,${pixel}`;
    await setImage(odd.cookie, mislabelled);
    expect((await picturesOf(odd.cookie)).idToken).toBeUndefined();
    const path = `/api/pictures/users/${oddId}/${pictureVersion(mislabelled)}`;
    expect((await t.request(path)).status).toBe(404);

    const linkedId = (await sessionOf(t, linked.cookie))?.user.id as string;
    for (const missing of [
      `/api/pictures/users/${linkedId}/${pictureVersion(https)}`,
      `/api/pictures/users/nobody/${pictureVersion(`data:image/png;base64,${pixel}`)}`,
      `/api/pictures/users/${oddId}/short`,
      `/api/pictures/users/${"x".repeat(300)}/${pictureVersion(mislabelled)}`,
    ]) {
      const res = await t.request(missing);
      expect(res.status, missing.slice(0, 60)).toBe(404);
      expect(await res.json()).toMatchObject({ code: "NOT_FOUND" });
    }
  });
});
