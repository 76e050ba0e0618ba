import { createHmac } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mailedSignInCode, mailsTo, settle } from "../support/mailed-links.ts";
import { cookiesFrom, startTestApp, type TestApp, testDatabase } from "../support/test-app.ts";
import { enrolAccount } from "../support/two-factor.ts";
import { createUser, sessionOf, signUpVerified } from "../support/users.ts";

const codeOf = (res: Response) => res.json().then((b: { code?: string }) => b.code);

const ON = { EMAIL_CODE_SIGN_IN: "1", MAGIC_LINK_SIGN_IN: "1" };

/** Sign-in with a code or a link mailed to the account's address (EMAIL_CODE_SIGN_IN, MAGIC_LINK_SIGN_IN). */
describe(`email codes and sign-in links (${testDatabase})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(ON);
  });
  afterAll(() => t.close());

  const sendCode = (email: string) =>
    t.request("/api/auth/email-otp/send-verification-otp", { json: { email, type: "sign-in" } });
  const signInWithCode = (email: string, otp: string) =>
    t.request("/api/auth/sign-in/email-otp", { json: { email, otp } });

  /** Asks for a code and reads it from the mail's subject. */
  async function mailedCode(email: string): Promise<string> {
    const { code, mail } = await mailedSignInCode(t, email);
    expect(mail.text).toContain("valid for 10 minutes");
    return code;
  }

  /** A six-digit code other than `code`. */
  const wrong = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, "0");

  async function expireCode(email: string) {
    const ctx = await t.server.auth.$context;
    // Move the code's expiry to 2.5 s from now (database row and, with Redis, its copy, whose TTL follows), then wait.
    await ctx.internalAdapter.updateVerificationByIdentifier(`sign-in-otp-${email.toLowerCase()}`, {
      expiresAt: new Date(Date.now() + 2500),
    });
    await new Promise((r) => setTimeout(r, 2600));
  }

  /** Minutes from now to the expiry stored with a verification value (database row, or its Redis copy). */
  async function storedMinutesLeft(identifier: string): Promise<number> {
    const ctx = await t.server.auth.$context;
    const stored = await ctx.internalAdapter.findVerificationValue(identifier);
    expect(stored, identifier).toBeTruthy();
    return (new Date(stored?.expiresAt ?? 0).getTime() - Date.now()) / 60_000;
  }

  it("the settings are announced to the web app", async () => {
    const config = await (await t.request("/api/config")).json();
    expect(config).toMatchObject({ emailCodeSignIn: true, magicLinkSignIn: true });
  });

  it("a mailed code signs in once, and is spent after", async () => {
    const user = await signUpVerified(t);
    const code = await mailedCode(user.email);
    const first = await signInWithCode(user.email.toUpperCase(), code);
    expect(first.status).toBe(200);
    const cookie = cookiesFrom(first);
    expect((await sessionOf(t, cookie))?.user.email).toBe(user.email);

    const again = await signInWithCode(user.email, code);
    expect(again.status).toBe(400);
    expect(await codeOf(again)).toBe("INVALID_OTP");
    expect(cookiesFrom(again)).not.toContain("session_token");
  });

  it("a new code replaces the last one", async () => {
    const user = await signUpVerified(t);
    const old = await mailedCode(user.email);
    const current = await mailedCode(user.email);
    if (old !== current) expect(await codeOf(await signInWithCode(user.email, old))).toBe("INVALID_OTP");
    expect((await signInWithCode(user.email, current)).status).toBe(200);
  });

  it("five wrong codes use the code up: the right one is refused after", async () => {
    const user = await signUpVerified(t);
    const code = await mailedCode(user.email);
    for (let i = 0; i < 5; i++) {
      const res = await signInWithCode(user.email, wrong(code));
      expect(res.status).toBe(400);
      expect(await codeOf(res)).toBe("INVALID_OTP");
    }
    const right = await signInWithCode(user.email, code);
    expect(right.status).toBe(403);
    expect(await codeOf(right)).toBe("TOO_MANY_ATTEMPTS");
    expect(cookiesFrom(right)).not.toContain("session_token");
  });

  it("a code expires after its time: 10 minutes, as stored", async () => {
    const user = await signUpVerified(t);
    const code = await mailedCode(user.email);
    const left = await storedMinutesLeft(`sign-in-otp-${user.email.toLowerCase()}`);
    expect(left).toBeGreaterThan(9.5);
    expect(left).toBeLessThanOrEqual(10);
    await expireCode(user.email);
    const res = await signInWithCode(user.email, code);
    expect(res.status).toBe(400);
    expect(await codeOf(res)).toBe("OTP_EXPIRED");
  });

  it("an unknown address gets the same answers as a known one, no mail and no account", async () => {
    const known = await signUpVerified(t);
    const unknown = createUser().email;
    const since = t.sink.mails.length;
    const answers = async (email: string) => {
      const sent = await sendCode(email);
      const tries = [];
      for (let i = 0; i < 6; i++) {
        const res = await signInWithCode(email, "000000");
        tries.push(`${res.status} ${await codeOf(res)}`);
      }
      return { sent: `${sent.status} ${await sent.text()}`, tries };
    };
    // "000000" could be the known account's real code once in a million runs; the unknown one has none mailed.
    const a = await answers(known.email);
    const b = await answers(unknown);
    expect(b).toEqual(a);
    expect(a.tries.at(-1)).toBe("403 TOO_MANY_ATTEMPTS");

    // Expiry answers alike too.
    for (const email of [known.email, unknown]) {
      expect((await sendCode(email)).status).toBe(200);
      await expireCode(email);
      const res = await signInWithCode(email, "123456");
      expect(`${res.status} ${await codeOf(res)}`).toBe("400 OTP_EXPIRED");
    }
    await settle(t);
    expect(mailsTo(t, unknown, since)).toEqual([]);
    const ctx = await t.server.auth.$context;
    expect(await ctx.internalAdapter.findUserByEmail(unknown)).toBeNull();
  });

  it("an account with two-factor still takes the second step after a code", async () => {
    const user = await signUpVerified(t);
    await enrolAccount(t, user);
    const code = await mailedCode(user.email);
    const res = await signInWithCode(user.email, code);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ twoFactorRedirect: true });
    expect(cookiesFrom(res)).not.toContain("session_token");
  });

  it("bad input is a 4xx: another code type, the unused code paths, a malformed address or code", async () => {
    const user = await signUpVerified(t);
    for (const type of ["forget-password", "email-verification", "change-email", 7]) {
      const res = await t.request("/api/auth/email-otp/send-verification-otp", {
        json: { email: user.email, type },
      });
      expect(res.status).toBe(400);
      expect(await codeOf(res)).toBe("INVALID_FIELD");
    }
    for (const path of [
      "/email-otp/request-password-reset",
      "/forget-password/email-otp",
      "/email-otp/reset-password",
      "/email-otp/verify-email",
      "/email-otp/check-verification-otp",
      "/email-otp/request-email-change",
      "/email-otp/change-email",
    ]) {
      const res = await t.request(`/api/auth${path}`, {
        cookie: user.cookie,
        json: { email: user.email, otp: "123456", password: "a new password here", type: "sign-in" },
      });
      expect(res.status, path).toBe(404);
    }
    expect((await sendCode("not an address")).status).toBe(400);
    expect((await sendCode("x".repeat(400))).status).toBe(400);
    const longCode = await signInWithCode(user.email, "1".repeat(5000));
    expect(longCode.status).toBe(400);
    const noBody = await t.request("/api/auth/sign-in/email-otp", { json: {} });
    expect(noBody.status).toBe(400);
  });

  describe("sign-in links", () => {
    const askLink = (email: string) =>
      t.request("/api/auth/sign-in/magic-link", { json: { email, callbackURL: "/organizations" } });

    async function mailedLink(email: string): Promise<URL> {
      const since = t.sink.mails.length;
      const res = await askLink(email);
      expect(res.status).toBe(200);
      await expect
        .poll(() => mailsTo(t, email, since).some((m) => /sign-in link/.test(m.subject)))
        .toBe(true);
      const mail = mailsTo(t, email, since).find((m) => /sign-in link/.test(m.subject));
      const link = mail?.text.match(/https?:\/\/\S+\/sign-in\/link\?\S+/)?.[0] ?? "";
      return new URL(link);
    }
    const verify = (token: string) =>
      t.request(`/api/auth/magic-link/verify?token=${encodeURIComponent(token)}`);

    it("lands on the web's page with the token and the redirect; the token signs in once", async () => {
      const user = await signUpVerified(t);
      const link = await mailedLink(user.email);
      expect(link.origin).toBe(t.config.baseURL);
      expect(link.searchParams.get("redirect")).toBe("/organizations");
      const token = link.searchParams.get("token") ?? "";
      const first = await verify(token);
      expect(first.status).toBe(200);
      expect((await sessionOf(t, cookiesFrom(first)))?.user.email).toBe(user.email);

      const again = await verify(token);
      expect(again.status).toBe(400);
      expect(await codeOf(again)).toBe("INVALID_TOKEN");
      expect(cookiesFrom(again)).not.toContain("session_token");
    });

    it("expires: 10 minutes, as stored (under the token's keyed hash)", async () => {
      const user = await signUpVerified(t);
      const token = (await mailedLink(user.email)).searchParams.get("token") ?? "";
      const hashed = createHmac("sha256", t.config.secret).update(token).digest("base64url");
      const left = await storedMinutesLeft(`magic-link:${hashed}`);
      expect(left).toBeGreaterThan(9.5);
      expect(left).toBeLessThanOrEqual(10);
      const ctx = await t.server.auth.$context;
      const rows = await ctx.adapter.findMany<{ identifier: string }>({
        model: "verification",
        where: [{ field: "identifier", operator: "starts_with", value: "magic-link:" }],
      });
      // 2.5 s from now (the row and, with Redis, its copy), then wait it out.
      for (const row of rows) {
        await ctx.internalAdapter.updateVerificationByIdentifier(row.identifier, {
          expiresAt: new Date(Date.now() + 2500),
        });
      }
      await new Promise((r) => setTimeout(r, 2600));
      const res = await verify(token);
      expect(res.status).toBe(400);
      expect(await codeOf(res)).toBe("INVALID_TOKEN");
    });

    it("an unknown address gets the same answer and no mail", async () => {
      const unknown = createUser().email;
      const known = await signUpVerified(t);
      const since = t.sink.mails.length;
      const a = await askLink(unknown);
      const b = await askLink(known.email);
      expect([a.status, await a.text()]).toEqual([b.status, await b.text()]);
      await settle(t);
      expect(mailsTo(t, unknown, since)).toEqual([]);
    });

    it("an account with two-factor still takes the second step after a link", async () => {
      const user = await signUpVerified(t);
      await enrolAccount(t, user);
      const token = (await mailedLink(user.email)).searchParams.get("token") ?? "";
      const res = await verify(token);
      expect(await res.json()).toMatchObject({ twoFactorRedirect: true });
      expect(cookiesFrom(res)).not.toContain("session_token");
    });
  });
});

describe(`email codes and links are off unless configured (${testDatabase})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  it("answers 404 and announces nothing", async () => {
    const user = createUser();
    for (const [path, json] of [
      ["/api/auth/email-otp/send-verification-otp", { email: user.email, type: "sign-in" }],
      ["/api/auth/sign-in/email-otp", { email: user.email, otp: "123456" }],
      ["/api/auth/sign-in/magic-link", { email: user.email }],
    ] as const) {
      expect((await t.request(path, { json })).status).toBe(404);
    }
    const config = await (await t.request("/api/config")).json();
    expect(config).toMatchObject({ emailCodeSignIn: false, magicLinkSignIn: false });
  });
});

describe(`email code mails are limited per recipient in production (${testDatabase})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ ...ON, NODE_ENV: "production", TRUST_PROXY: "1" });
  });
  afterAll(() => t.close());

  it("the sixth code or link for one address within the hour is a 429, from any client", async () => {
    for (const [path, body] of [
      ["/api/auth/email-otp/send-verification-otp", { type: "sign-in" }],
      ["/api/auth/sign-in/magic-link", {}],
    ] as const) {
      const email = createUser().email;
      const statuses: number[] = [];
      for (let i = 0; i < 6; i++) {
        const res = await t.request(path, {
          headers: { "x-forwarded-for": `203.0.113.${i + 1}` },
          json: { email, ...body },
        });
        statuses.push(res.status);
        if (res.status === 429) expect(await codeOf(res)).toBe("TOO_MANY_REQUESTS");
      }
      expect(statuses, path).toEqual([200, 200, 200, 200, 200, 429]);
    }
  });
});

describe(`code and link answers take as long for an unknown address, even behind a slow relay (${testDatabase})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    // A mail sent on the request path would add this relay's 300 ms delay to the known address only.
    t = await startTestApp(ON, { sink: { delayMs: 300 } });
  });
  afterAll(() => t.close());

  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
  async function timed(path: string, json: unknown): Promise<number> {
    const started = performance.now();
    const res = await t.request(path, { json });
    const elapsed = performance.now() - started;
    expect(res.status).toBe(200);
    return elapsed;
  }

  it("sending a code or a link", async () => {
    const user = await signUpVerified(t);
    for (const [path, body] of [
      ["/api/auth/email-otp/send-verification-otp", { type: "sign-in" }],
      ["/api/auth/sign-in/magic-link", {}],
    ] as const) {
      const known: number[] = [];
      const unknown: number[] = [];
      await timed(path, { email: user.email, ...body });
      await timed(path, { email: createUser().email, ...body });
      for (let i = 0; i < 5; i++) {
        known.push(await timed(path, { email: user.email, ...body }));
        unknown.push(await timed(path, { email: createUser().email, ...body }));
      }
      const difference = Math.abs(median(known) - median(unknown));
      expect(
        difference,
        `${path}: ${median(known).toFixed(0)} vs ${median(unknown).toFixed(0)} ms`,
      ).toBeLessThan(120);
    }
    await t.sink.waitFor(user.email, /sign-in link/, 15_000);
  });
});
