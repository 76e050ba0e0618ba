import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CookieJar } from "../support/cookie-jar.ts";
import { startTestApp, type TestApp, testDatabase } from "../support/test-app.ts";
import { enrolTwoFactor, secretOf, totpCode, wrongCode } from "../support/two-factor.ts";
import { backdateSession, createUser, signUpVerified } from "../support/users.ts";

const DAY = 24 * 60 * 60;
const FIREFOX_LINUX = "Mozilla/5.0 (X11; Ubuntu; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0";

interface SignInAnswer {
  twoFactorRedirect?: boolean;
  twoFactorMethods?: string[];
  token?: string;
}

describe(`two-factor with an authenticator app (${testDatabase})`, () => {
  let t: TestApp;
  // TRUST_PROXY lets a test pick the client address through X-Forwarded-For (http/client-ip.ts).
  beforeAll(async () => {
    t = await startTestApp({ TRUST_PROXY: "1" });
  });
  afterAll(() => t.close());

  /** A verified account with two-factor on, and the browser that enrolled it. */
  async function enrolled() {
    const user = await signUpVerified(t, createUser());
    const jar = new CookieJar(user.cookie);
    const { secret, backupCodes } = await enrolTwoFactor(t, jar, user.password);
    return { ...user, jar, secret, backupCodes };
  }

  /** The first step of sign-in from `jar`'s browser (optionally from another client address). */
  async function firstStep(
    jar: CookieJar,
    user: { email: string; password: string },
    headers: Record<string, string> = {},
  ) {
    const res = jar.take(
      await t.request("/api/auth/sign-in/email", {
        cookie: jar.header,
        headers,
        json: { email: user.email, password: user.password },
      }),
    );
    return { res, body: (await res.json()) as SignInAnswer };
  }

  async function secondStep(
    jar: CookieJar,
    path: "verify-totp" | "verify-backup-code",
    json: Record<string, unknown>,
    headers: Record<string, string> = {},
  ) {
    return jar.take(await t.request(`/api/auth/two-factor/${path}`, { cookie: jar.header, headers, json }));
  }

  async function sessionUser(jar: CookieJar) {
    const res = await t.request("/api/auth/get-session", { cookie: jar.header });
    expect(res.status).toBe(200);
    return ((await res.json()) as { user: { email: string; twoFactorEnabled: boolean } } | null)?.user;
  }

  it("enrols: the password gives a secret and 10 backup codes, a first code from otplib turns it on", async () => {
    const user = await signUpVerified(t, createUser());
    const jar = new CookieJar(user.cookie);

    const wrongPassword = await t.request("/api/auth/two-factor/enable", {
      cookie: jar.header,
      json: { password: "not my password" },
    });
    expect(wrongPassword.status).toBe(400);
    expect((await wrongPassword.json()).code).toBe("INVALID_PASSWORD");

    const enable = jar.take(
      await t.request("/api/auth/two-factor/enable", {
        cookie: jar.header,
        json: { password: user.password },
      }),
    );
    expect(enable.status).toBe(200);
    const { totpURI, backupCodes } = (await enable.json()) as { totpURI: string; backupCodes: string[] };
    expect(totpURI).toMatch(/^otpauth:\/\/totp\/Gatehouse:/);
    expect(new URL(totpURI).searchParams.get("issuer")).toBe("Gatehouse");
    expect(backupCodes).toHaveLength(10);
    expect(new Set(backupCodes).size).toBe(10);
    // Not on until a first code confirms the app has the secret.
    expect((await sessionUser(jar))?.twoFactorEnabled).toBe(false);

    const secret = secretOf(totpURI);
    const wrong = await t.request("/api/auth/two-factor/verify-totp", {
      cookie: jar.header,
      json: { code: wrongCode(secret) },
    });
    expect(wrong.status).toBe(401);
    expect((await wrong.json()).code).toBe("INVALID_CODE");
    expect((await sessionUser(jar))?.twoFactorEnabled).toBe(false);

    const confirm = jar.take(
      await t.request("/api/auth/two-factor/verify-totp", {
        cookie: jar.header,
        json: { code: totpCode(secret) },
      }),
    );
    expect(confirm.status).toBe(200);
    expect((await sessionUser(jar))?.twoFactorEnabled).toBe(true);
  });

  it("signs in in two steps: no session before the code, a session after, the second-step cookie spent", async () => {
    const user = await enrolled();
    const browser = new CookieJar();

    const { res, body } = await firstStep(browser, user);
    expect(res.status).toBe(200);
    expect(body).toEqual({ twoFactorRedirect: true, twoFactorMethods: ["totp"] });
    expect(browser.has("session_token")).toBe(false);
    expect(browser.has("two_factor")).toBe(true);
    // get-session knows no session for this browser yet, in-process and over real HTTP (its hot path).
    expect(await sessionUser(browser)).toBeUndefined();
    const base = await t.listen();
    const overHttp = async () => {
      const res = await fetch(`${base}/api/auth/get-session`, { headers: { cookie: browser.header } });
      expect(res.status).toBe(200);
      return res.json();
    };
    expect(await overHttp()).toBeNull();
    const listed = await t.request("/api/auth/list-sessions", { cookie: browser.header });
    expect(listed.status).toBe(401);

    const wrong = await secondStep(browser, "verify-totp", { code: wrongCode(user.secret) });
    expect(wrong.status).toBe(401);
    expect((await wrong.json()).code).toBe("INVALID_CODE");
    expect(await sessionUser(browser)).toBeUndefined();

    const attempt = browser.get("two_factor");
    const right = await secondStep(browser, "verify-totp", { code: totpCode(user.secret) });
    expect(right.status).toBe(200);
    expect(browser.has("session_token")).toBe(true);
    expect(browser.has("two_factor")).toBe(false);
    expect((await sessionUser(browser))?.email).toBe(user.email);
    expect(await overHttp()).toMatchObject({ user: { email: user.email } });

    // The attempt's cookie dies with it: replayed, it opens nothing.
    const replay = await t.request("/api/auth/two-factor/verify-totp", {
      cookie: attempt,
      json: { code: totpCode(user.secret) },
    });
    expect(replay.status).toBe(401);
    expect((await replay.json()).code).toBe("INVALID_TWO_FACTOR_COOKIE");
  });

  it("takes a backup code once only", async () => {
    const user = await enrolled();
    const code = user.backupCodes[0] ?? "";

    const first = new CookieJar();
    await firstStep(first, user);
    const used = await secondStep(first, "verify-backup-code", { code });
    expect(used.status).toBe(200);
    expect((await sessionUser(first))?.email).toBe(user.email);

    const second = new CookieJar();
    await firstStep(second, user);
    const again = await secondStep(second, "verify-backup-code", { code });
    expect(again.status).toBe(401);
    expect((await again.json()).code).toBe("INVALID_BACKUP_CODE");
    expect(await sessionUser(second)).toBeUndefined();
    // Another one still works.
    const other = await secondStep(second, "verify-backup-code", { code: user.backupCodes[1] });
    expect(other.status).toBe(200);
  });

  it("locks the second step for 15 minutes after 5 wrong codes, per account, whatever the client address", async () => {
    const user = await enrolled();
    const fromA = { "x-forwarded-for": "203.0.113.10" };
    const fromB = { "x-forwarded-for": "198.51.100.20" };
    const fromC = { "x-forwarded-for": "192.0.2.30" };

    const a = new CookieJar();
    await firstStep(a, user, fromA);
    for (let i = 0; i < 3; i++) {
      const res = await secondStep(a, "verify-totp", { code: wrongCode(user.secret) }, fromA);
      expect(res.status).toBe(401);
    }
    const b = new CookieJar();
    await firstStep(b, user, fromB);
    const fourth = await secondStep(b, "verify-totp", { code: wrongCode(user.secret) }, fromB);
    expect(fourth.status).toBe(401);
    // The fifth wrong one is a wrong backup code: both count.
    const fifth = await secondStep(b, "verify-backup-code", { code: "wrong-code1" }, fromB);
    expect(fifth.status).toBe(401);

    // Now even the right code is refused, from any address and any new attempt.
    const lockedB = await secondStep(b, "verify-totp", { code: totpCode(user.secret) }, fromB);
    expect(lockedB.status).toBe(429);
    expect(await lockedB.json()).toMatchObject({ code: "ACCOUNT_TEMPORARILY_LOCKED" });
    const c = new CookieJar();
    const fresh = await firstStep(c, user, fromC);
    expect(fresh.body.twoFactorRedirect).toBe(true);
    const lockedC = await secondStep(c, "verify-totp", { code: totpCode(user.secret) }, fromC);
    expect(lockedC.status).toBe(429);
    const lockedBackup = await secondStep(c, "verify-backup-code", { code: user.backupCodes[0] }, fromC);
    expect(lockedBackup.status).toBe(429);
    expect(await sessionUser(c)).toBeUndefined();

    // The lock lasts 15 minutes: it is set about then, and once past, the right code works again.
    const ctx = await t.server.auth.$context;
    const row = await ctx.adapter.findOne<{ id: string; lockedUntil: Date | string }>({
      model: "twoFactor",
      where: [{ field: "userId", value: (await sessionOfJar(user.jar)).id }],
    });
    const remaining = new Date(row?.lockedUntil ?? 0).getTime() - Date.now();
    expect(remaining).toBeGreaterThan(14 * 60 * 1000);
    expect(remaining).toBeLessThanOrEqual(15 * 60 * 1000);
    await ctx.adapter.update({
      model: "twoFactor",
      where: [{ field: "id", value: row?.id ?? "" }],
      update: { lockedUntil: new Date(Date.now() - 1000) },
    });
    const later = new CookieJar();
    await firstStep(later, user, fromC);
    const unlocked = await secondStep(later, "verify-totp", { code: totpCode(user.secret) }, fromC);
    expect(unlocked.status).toBe(200);
  });

  async function sessionOfJar(jar: CookieJar) {
    const res = await t.request("/api/auth/get-session", { cookie: jar.header });
    return ((await res.json()) as { user: { id: string } }).user;
  }

  it("a trusted device skips the step (listed with its browser) and stops skipping once removed", async () => {
    const user = await enrolled();
    const laptop = new CookieJar();
    const asLaptop = { "user-agent": FIREFOX_LINUX };
    await firstStep(laptop, user, asLaptop);
    const trusted = await secondStep(
      laptop,
      "verify-totp",
      { code: totpCode(user.secret), trustDevice: true },
      asLaptop,
    );
    expect(trusted.status).toBe(200);
    expect(laptop.has("trust_device")).toBe(true);

    const list = async () => {
      const res = await t.request("/api/auth/list-trusted-devices", { cookie: user.jar.header });
      expect(res.status).toBe(200);
      return (await res.json()) as {
        id: string;
        device: { label: string };
        createdAt: string;
        expiresAt: string;
      }[];
    };
    const [device, ...none] = await list();
    expect(none).toHaveLength(0);
    expect(device?.device.label).toBe("Firefox 128 on Ubuntu");
    const days = (new Date(device?.expiresAt ?? 0).getTime() - Date.now()) / (DAY * 1000);
    expect(days).toBeGreaterThan(29.9);
    expect(days).toBeLessThanOrEqual(30);

    // Signed out, then in again on the trusted laptop: no second step, twice (the plugin swaps the
    // cookie's value at each sign-in; the listed device follows it).
    for (let round = 0; round < 2; round++) {
      laptop.drop("session_token");
      const again = await firstStep(laptop, user, asLaptop);
      expect(again.body.twoFactorRedirect).toBeUndefined();
      expect(again.body.token).toBeTruthy();
      expect((await sessionUser(laptop))?.email).toBe(user.email);
      expect((await list()).map((d) => d.id)).toEqual([device?.id]);
    }

    // Another browser is not trusted.
    const phone = new CookieJar();
    expect((await firstStep(phone, user)).body.twoFactorRedirect).toBe(true);

    // Removing it is for its owner only.
    const stranger = await signUpVerified(t, createUser());
    const notMine = await t.request("/api/auth/revoke-trusted-device", {
      cookie: stranger.cookie,
      json: { id: device?.id },
    });
    expect(notMine.status).toBe(404);
    expect((await notMine.json()).code).toBe("TRUSTED_DEVICE_NOT_FOUND");

    const removed = await t.request("/api/auth/revoke-trusted-device", {
      cookie: user.jar.header,
      json: { id: device?.id },
    });
    expect(removed.status).toBe(200);
    expect(await list()).toEqual([]);

    laptop.drop("session_token");
    const asked = await firstStep(laptop, user, asLaptop);
    expect(asked.body.twoFactorRedirect).toBe(true);
    expect(await sessionUser(laptop)).toBeUndefined();
  });

  it("a trusted cookie whose device is not on the list (removed elsewhere) no longer skips the step", async () => {
    const user = await enrolled();
    const laptop = new CookieJar();
    await firstStep(laptop, user);
    await secondStep(laptop, "verify-totp", { code: totpCode(user.secret), trustDevice: true });
    expect(laptop.has("trust_device")).toBe(true);
    // The row goes, as another instance removing it would leave things; the plugin's value stays.
    const ctx = await t.server.auth.$context;
    const userId = (await sessionOfJar(laptop)).id;
    await ctx.adapter.deleteMany({ model: "trustedDevice", where: [{ field: "userId", value: userId }] });

    laptop.drop("session_token");
    const { body } = await firstStep(laptop, user);
    expect(body.twoFactorRedirect).toBe(true);
    expect(await sessionUser(laptop)).toBeUndefined();
  });

  it("turns off with a fresh session, the password and a current code; its trusted devices go with it", async () => {
    const user = await enrolled();
    const laptop = new CookieJar();
    await firstStep(laptop, user);
    await secondStep(laptop, "verify-totp", { code: totpCode(user.secret), trustDevice: true });

    const post = async (json: Record<string, unknown>) =>
      user.jar.take(await t.request("/api/auth/two-factor/disable", { cookie: user.jar.header, json }));

    const noCode = await post({ password: user.password });
    expect(noCode.status).toBe(400);
    expect((await noCode.json()).code).toBe("INVALID_FIELD");

    const wrong = await post({ password: user.password, code: wrongCode(user.secret) });
    expect(wrong.status).toBe(400);
    expect((await wrong.json()).code).toBe("INVALID_CODE");

    const wrongPassword = await post({ password: "not my password", code: totpCode(user.secret) });
    expect(wrongPassword.status).toBe(400);
    expect((await wrongPassword.json()).code).toBe("INVALID_PASSWORD");
    expect((await sessionUser(user.jar))?.twoFactorEnabled).toBe(true);

    await backdateSession(t, user.jar.header, DAY + 60);
    const stale = await post({ password: user.password, code: totpCode(user.secret) });
    expect(stale.status).toBe(403);
    expect((await stale.json()).code).toBe("SESSION_NOT_FRESH");
    const reauth = user.jar.take(
      await t.request("/api/auth/reauthenticate", {
        cookie: user.jar.header,
        json: { password: user.password },
      }),
    );
    expect(reauth.status).toBe(200);

    const off = await post({ password: user.password, code: totpCode(user.secret) });
    expect(off.status).toBe(200);
    expect((await sessionUser(user.jar))?.twoFactorEnabled).toBe(false);
    const devices = await t.request("/api/auth/list-trusted-devices", { cookie: user.jar.header });
    expect(await devices.json()).toEqual([]);

    // Sign-in is one step again.
    const plain = new CookieJar();
    const { body } = await firstStep(plain, user);
    expect(body.twoFactorRedirect).toBeUndefined();
    expect((await sessionUser(plain))?.email).toBe(user.email);
  });

  it("counts wrong codes given to turn it off toward the same lockout", async () => {
    const user = await enrolled();
    const post = (code: string) =>
      t.request("/api/auth/two-factor/disable", {
        cookie: user.jar.header,
        json: { password: user.password, code },
      });
    for (let i = 0; i < 5; i++) expect((await post(wrongCode(user.secret))).status).toBe(400);
    const locked = await post(totpCode(user.secret));
    expect(locked.status).toBe(429);
    expect((await locked.json()).code).toBe("ACCOUNT_TEMPORARILY_LOCKED");
    // The second step of a sign-in is locked as well.
    const browser = new CookieJar();
    await firstStep(browser, user);
    expect((await secondStep(browser, "verify-totp", { code: totpCode(user.secret) })).status).toBe(429);
    expect((await sessionUser(user.jar))?.twoFactorEnabled).toBe(true);
  });

  it("turns off with a backup code instead of an authenticator code", async () => {
    const user = await enrolled();
    const off = user.jar.take(
      await t.request("/api/auth/two-factor/disable", {
        cookie: user.jar.header,
        json: { password: user.password, code: user.backupCodes[3] },
      }),
    );
    expect(off.status).toBe(200);
    expect((await sessionUser(user.jar))?.twoFactorEnabled).toBe(false);
  });

  it("regenerates backup codes from a fresh session with the password: the old ones die", async () => {
    const user = await enrolled();
    const regenerate = async () =>
      user.jar.take(
        await t.request("/api/auth/two-factor/generate-backup-codes", {
          cookie: user.jar.header,
          json: { password: user.password },
        }),
      );

    await backdateSession(t, user.jar.header, DAY + 60);
    const stale = await regenerate();
    expect(stale.status).toBe(403);
    expect((await stale.json()).code).toBe("SESSION_NOT_FRESH");
    user.jar.take(
      await t.request("/api/auth/reauthenticate", {
        cookie: user.jar.header,
        json: { password: user.password },
      }),
    );

    const fresh = await regenerate();
    expect(fresh.status).toBe(200);
    const { backupCodes } = (await fresh.json()) as { backupCodes: string[] };
    expect(backupCodes).toHaveLength(10);
    expect(backupCodes).not.toContain(user.backupCodes[0]);

    const browser = new CookieJar();
    await firstStep(browser, user);
    const old = await secondStep(browser, "verify-backup-code", { code: user.backupCodes[0] });
    expect(old.status).toBe(401);
    const renewed = await secondStep(browser, "verify-backup-code", { code: backupCodes[0] });
    expect(renewed.status).toBe(200);
  });

  it("enrols an account without a password from a fresh session instead of the password", async () => {
    const user = await signUpVerified(t, createUser());
    const ctx = await t.server.auth.$context;
    const userId = (await sessionOfJar(new CookieJar(user.cookie))).id;
    // As a social- or passkey-only account: no credential row.
    await ctx.adapter.deleteMany({
      model: "account",
      where: [
        { field: "userId", value: userId },
        { field: "providerId", value: "credential" },
      ],
    });
    const jar = new CookieJar(user.cookie);
    await backdateSession(t, jar.header, DAY + 60);
    const stale = await t.request("/api/auth/two-factor/enable", { cookie: jar.header, json: {} });
    expect(stale.status).toBe(403);
    expect((await stale.json()).code).toBe("SESSION_NOT_FRESH");
    const staleUri = await t.request("/api/auth/two-factor/get-totp-uri", { cookie: jar.header, json: {} });
    expect(staleUri.status).toBe(403);

    // Fresh again (as after signing in anew with a provider or a passkey).
    await backdateSession(t, jar.header, -(DAY + 60));
    const enable = jar.take(await t.request("/api/auth/two-factor/enable", { cookie: jar.header, json: {} }));
    expect(enable.status).toBe(200);
    const { totpURI } = (await enable.json()) as { totpURI: string };
    const confirm = jar.take(
      await t.request("/api/auth/two-factor/verify-totp", {
        cookie: jar.header,
        json: { code: totpCode(secretOf(totpURI)) },
      }),
    );
    expect(confirm.status).toBe(200);
    expect((await sessionUser(jar))?.twoFactorEnabled).toBe(true);
  });

  it("refuses to enable twice, and new backup codes while two-factor is off", async () => {
    const user = await enrolled();
    const twice = await t.request("/api/auth/two-factor/enable", {
      cookie: user.jar.header,
      json: { password: user.password },
    });
    expect(twice.status).toBe(400);
    expect((await twice.json()).code).toBe("TOTP_ALREADY_ENABLED");

    const off = await signUpVerified(t, createUser());
    const codes = await t.request("/api/auth/two-factor/generate-backup-codes", {
      cookie: off.cookie,
      json: { password: off.password },
    });
    expect(codes.status).toBe(400);
    expect((await codes.json()).code).toBe("TWO_FACTOR_NOT_ENABLED");

    const malformed = await t.request("/api/auth/two-factor/verify-totp", { json: { code: 123456 } });
    expect(malformed.status).toBe(400);
    expect((await malformed.json()).code).toBe("VALIDATION_ERROR");
    const unknown = await t.request("/api/auth/revoke-trusted-device", {
      cookie: user.jar.header,
      json: { id: "no-such-device" },
    });
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toMatchObject({
      code: "TRUSTED_DEVICE_NOT_FOUND",
      message: "Trusted device not found",
    });
  });

  it("answers bad input at every two-factor path with a 4xx, never a 5xx", async () => {
    const user = await enrolled();
    const browser = new CookieJar();
    await firstStep(browser, user);
    const bodies: unknown[] = [
      {},
      { code: 123456 },
      { code: null },
      { code: "x".repeat(20_000) },
      { code: ["123456"] },
      { code: "123456", trustDevice: "yes" },
      "not json",
    ];
    const paths = [
      "/api/auth/two-factor/verify-totp",
      "/api/auth/two-factor/verify-backup-code",
      "/api/auth/two-factor/enable",
      "/api/auth/two-factor/disable",
      "/api/auth/two-factor/generate-backup-codes",
      "/api/auth/revoke-trusted-device",
    ];
    for (const path of paths) {
      for (const cookie of [browser.header, user.jar.header, ""]) {
        for (const json of bodies) {
          const res =
            typeof json === "string"
              ? await t.request(path, {
                  method: "POST",
                  cookie,
                  headers: { "content-type": "application/json" },
                  body: json,
                })
              : await t.request(path, { cookie, json });
          expect(res.status, `${path} ${JSON.stringify(json)}`).toBeGreaterThanOrEqual(400);
          expect(res.status, `${path} ${JSON.stringify(json)}`).toBeLessThan(500);
        }
      }
    }
    // Without a second-step cookie there is nothing to verify.
    const none = await t.request("/api/auth/two-factor/verify-totp", { json: { code: "123456" } });
    expect(none.status).toBe(401);
    expect((await none.json()).code).toBe("INVALID_TWO_FACTOR_COOKIE");
    // The devices list needs a session.
    const list = await t.request("/api/auth/list-trusted-devices");
    expect(list.status).toBe(401);
  });
});

/**
 * With better-auth's limiter on (production), the second step is also limited per client address (3 per
 * 10 s on /two-factor/*); the lockout still counts per account across addresses, and says so by its code.
 */
describe(`two-factor lockout beside the production rate limits (${testDatabase})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ NODE_ENV: "production", TRUST_PROXY: "1" });
  });
  afterAll(() => t.close());

  it("locks after 5 wrong codes spread over addresses; the right code from a new address is refused", async () => {
    const from = (ip: string) => ({ "x-forwarded-for": ip });
    const user = await signUpVerified(t, createUser());
    const jar = new CookieJar(user.cookie);
    const { secret } = await enrolTwoFactor(t, jar, user.password);

    async function attempt(ip: string, codes: string[]) {
      const browser = new CookieJar();
      const first = browser.take(
        await t.request("/api/auth/sign-in/email", {
          headers: from(ip),
          json: { email: user.email, password: user.password },
        }),
      );
      expect(await first.json()).toMatchObject({ twoFactorRedirect: true });
      const answers: Response[] = [];
      for (const code of codes) {
        answers.push(
          browser.take(
            await t.request("/api/auth/two-factor/verify-totp", {
              cookie: browser.header,
              headers: from(ip),
              json: { code },
            }),
          ),
        );
      }
      return answers;
    }

    const octet = 20 + Math.floor(Math.random() * 200);
    const wrong = () => wrongCode(secret);
    // Three wrong codes from one address, the most its limit lets through in 10 seconds…
    const a = await attempt(`${octet}.0.0.1`, [wrong(), wrong(), wrong(), wrong()]);
    expect(a.map((r) => r.status)).toEqual([401, 401, 401, 429]);
    expect((await a[3]?.json())?.code).not.toBe("ACCOUNT_TEMPORARILY_LOCKED");
    // …and two from another make five.
    const b = await attempt(`${octet}.0.0.2`, [wrong(), wrong()]);
    expect(b.map((r) => r.status)).toEqual([401, 401]);
    // A third address with the right code: locked, per account.
    const [c] = await attempt(`${octet}.0.0.3`, [totpCode(secret)]);
    expect(c?.status).toBe(429);
    expect(await c?.json()).toMatchObject({ code: "ACCOUNT_TEMPORARILY_LOCKED" });
  });
});
