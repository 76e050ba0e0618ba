import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PASSKEY_CHALLENGE_LIMIT, PASSKEY_SIGN_IN_LIMIT } from "#server/auth/passkeys.ts";
import { createOrganization } from "../support/organizations.ts";
import { cookiesFrom, startTestApp, TEST_ORIGIN, type TestApp, testDatabase } from "../support/test-app.ts";
import {
  backdateSession,
  seedLinkedAccount,
  sessionOf,
  signUpVerified,
  updateUserRow,
} from "../support/users.ts";
import { type CeremonyOverrides, SoftAuthenticator } from "../support/webauthn.ts";

interface ListedPasskey {
  id: string;
  name: string | null;
  credentialID: string;
  deviceType: string;
  createdAt: string;
  lastUsedAt: string | null;
}

describe(`passkeys: register, sign in, manage, refuse (${testDatabase})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  /** A signed-in user with a session cookie and its id. */
  async function user() {
    const u = await signUpVerified(t);
    const userId = (await sessionOf(t, u.cookie))?.user.id ?? "";
    return { ...u, userId };
  }

  /** Asks for registration options (as the signed-in user), then answers them with `authenticator`. */
  async function register(
    cookie: string,
    authenticator = new SoftAuthenticator(TEST_ORIGIN),
    overrides: CeremonyOverrides & { fmt?: string } = {},
    name: string | undefined = "Laptop",
  ) {
    const asked = await t.request("/api/auth/passkey/generate-register-options", { cookie });
    expect(asked.status).toBe(200);
    const options = await asked.json();
    const withChallenge = `${cookie}; ${cookiesFrom(asked)}`;
    const response = authenticator.register(options, overrides);
    const res = await t.request("/api/auth/passkey/verify-registration", {
      cookie: withChallenge,
      json: { response, name },
    });
    return { res, authenticator, options, response, withChallenge };
  }

  /** Asks for sign-in options (signed out), then answers them with `authenticator`. */
  async function signInWith(authenticator: SoftAuthenticator, overrides: CeremonyOverrides = {}) {
    const asked = await t.request("/api/auth/passkey/generate-authenticate-options");
    expect(asked.status).toBe(200);
    const options = await asked.json();
    const challenge = cookiesFrom(asked);
    const response = authenticator.authenticate(options, overrides);
    const res = await t.request("/api/auth/passkey/verify-authentication", {
      cookie: challenge,
      json: { response },
    });
    return { res, response, challenge };
  }

  async function passkeys(cookie: string): Promise<ListedPasskey[]> {
    const res = await t.request("/api/auth/passkey/list-user-passkeys", { cookie });
    expect(res.status).toBe(200);
    return res.json();
  }

  async function expectRefused(res: Response, status: number, code: string) {
    const body = await res.json();
    expect({ status: res.status, code: body.code }).toEqual({ status, code });
    expect(typeof body.message).toBe("string");
    expect(
      res.headers.getSetCookie().some((c) => c.includes("session_token=") && !c.includes("Max-Age=0")),
    ).toBe(false);
  }

  it("registers a passkey bound to BETTER_AUTH_URL's host, then signs in with it (no second step)", async () => {
    const u = await user();
    const { res, options, authenticator } = await register(u.cookie);
    expect(options.rp.id).toBe("localhost");
    expect(res.status).toBe(200);
    const [listed] = await passkeys(u.cookie);
    expect(listed).toMatchObject({ name: "Laptop", credentialID: authenticator.id, lastUsedAt: null });

    // A second factor on the account does not apply: a passkey is one.
    await updateUserRow(t, u.userId, { twoFactorEnabled: true });
    const signedIn = await signInWith(authenticator);
    expect(signedIn.res.status).toBe(200);
    const cookie = cookiesFrom(signedIn.res);
    expect(cookie).toContain("session_token");
    expect((await sessionOf(t, cookie))?.user.id).toBe(u.userId);
    expect((await passkeys(cookie))[0]?.lastUsedAt).toBeTruthy();
  });

  it("lists, renames and removes the user's own passkeys only", async () => {
    const u = await user();
    const other = await user();
    await register(u.cookie, undefined, {}, "Phone");
    await register(u.cookie, undefined, {}, "Key");
    const list = await passkeys(u.cookie);
    expect(list.map((p) => p.name).sort()).toEqual(["Key", "Phone"]);
    const phone = list.find((p) => p.name === "Phone") as ListedPasskey;

    const renamed = await t.request("/api/auth/passkey/update-passkey", {
      cookie: u.cookie,
      json: { id: phone.id, name: "Work phone" },
    });
    expect(renamed.status).toBe(200);
    expect((await passkeys(u.cookie)).map((p) => p.name).sort()).toEqual(["Key", "Work phone"]);

    // Another account can neither rename nor remove it, nor learn that it exists.
    for (const [path, json] of [
      ["/api/auth/passkey/update-passkey", { id: phone.id, name: "Mine now" }],
      ["/api/auth/passkey/delete-passkey", { id: phone.id }],
    ] as const) {
      const res = await t.request(path, { cookie: other.cookie, json });
      await expectRefused(res, 404, "PASSKEY_NOT_FOUND");
    }
    // As does an id no passkey has.
    const unknown = await t.request("/api/auth/passkey/delete-passkey", {
      cookie: u.cookie,
      json: { id: "no-such-passkey" },
    });
    await expectRefused(unknown, 404, "PASSKEY_NOT_FOUND");
    expect(await passkeys(u.cookie)).toHaveLength(2);
    // A name is checked like every other name.
    for (const name of ["", "x".repeat(65), "two\nlines"]) {
      const res = await t.request("/api/auth/passkey/update-passkey", {
        cookie: u.cookie,
        json: { id: phone.id, name },
      });
      expect(res.status, JSON.stringify(name)).toBe(400);
    }

    const removed = await t.request("/api/auth/passkey/delete-passkey", {
      cookie: u.cookie,
      json: { id: phone.id },
    });
    expect(removed.status).toBe(200);
    expect((await passkeys(u.cookie)).map((p) => p.name)).toEqual(["Key"]);
  });

  it("removing a passkey needs a fresh session", async () => {
    const u = await user();
    await register(u.cookie);
    const [listed] = await passkeys(u.cookie);
    await backdateSession(t, u.cookie, 2 * 24 * 60 * 60);
    const res = await t.request("/api/auth/passkey/delete-passkey", {
      cookie: u.cookie,
      json: { id: listed?.id },
    });
    await expectRefused(res, 403, "SESSION_NOT_FRESH");
    expect(await passkeys(u.cookie)).toHaveLength(1);
  });

  it("refuses an answer made for another origin, registering and signing in", async () => {
    const u = await user();
    const registration = await register(u.cookie, undefined, { origin: "https://evil.example" });
    await expectRefused(registration.res, 400, "PASSKEY_ORIGIN_MISMATCH");
    expect(await passkeys(u.cookie)).toHaveLength(0);

    const { authenticator } = await register(u.cookie);
    const signIn = await signInWith(authenticator, { origin: "http://localhost:4000" });
    await expectRefused(signIn.res, 400, "PASSKEY_ORIGIN_MISMATCH");
    // The security notice is for the passkey that was added, not for the refused one.
    await t.sink.waitFor(u.email, /passkey was added/i);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(
      t.sink.mails.filter((m) => m.to.includes(u.email) && /passkey was added/i.test(m.subject)),
    ).toHaveLength(1);
  });

  it("refuses a passkey of another relying party, registering and signing in", async () => {
    const u = await user();
    const registration = await register(u.cookie, new SoftAuthenticator(TEST_ORIGIN, "evil.example"));
    await expectRefused(registration.res, 400, "PASSKEY_RP_ID_MISMATCH");
    expect(await passkeys(u.cookie)).toHaveLength(0);

    const { authenticator } = await register(u.cookie);
    const signIn = await signInWith(authenticator, { rpId: "example.test" });
    await expectRefused(signIn.res, 400, "PASSKEY_RP_ID_MISMATCH");
  });

  it("refuses a replayed challenge: an answer works once, and never for a new challenge", async () => {
    const u = await user();
    const first = await register(u.cookie);
    expect(first.res.status).toBe(200);
    const again = await t.request("/api/auth/passkey/verify-registration", {
      cookie: first.withChallenge,
      json: { response: first.response, name: "Again" },
    });
    await expectRefused(again, 400, "CHALLENGE_NOT_FOUND");
    expect(await passkeys(u.cookie)).toHaveLength(1);

    const signIn = await signInWith(first.authenticator);
    expect(signIn.res.status).toBe(200);
    const replayed = await t.request("/api/auth/passkey/verify-authentication", {
      cookie: signIn.challenge,
      json: { response: signIn.response },
    });
    await expectRefused(replayed, 400, "CHALLENGE_NOT_FOUND");

    // The captured answer against a new challenge: refused, and that challenge is spent.
    const asked = await t.request("/api/auth/passkey/generate-authenticate-options");
    const fresh = cookiesFrom(asked);
    const stale = await t.request("/api/auth/passkey/verify-authentication", {
      cookie: fresh,
      json: { response: signIn.response },
    });
    await expectRefused(stale, 400, "PASSKEY_CHALLENGE_MISMATCH");
    const options = await asked.json();
    const late = await t.request("/api/auth/passkey/verify-authentication", {
      cookie: fresh,
      json: { response: first.authenticator.authenticate(options) },
    });
    await expectRefused(late, 400, "CHALLENGE_NOT_FOUND");
  });

  it("refuses an unknown credential, a bad signature and a bad attestation with 4xx", async () => {
    const stranger = new SoftAuthenticator(TEST_ORIGIN);
    const unknown = await signInWith(stranger);
    await expectRefused(unknown.res, 401, "PASSKEY_NOT_FOUND");

    const u = await user();
    const { authenticator } = await register(u.cookie);
    const asked = await t.request("/api/auth/passkey/generate-authenticate-options");
    const answer = authenticator.authenticate(await asked.json());
    answer.response.signature = stranger.authenticate({ challenge: "eA" }).response.signature;
    const forged = await t.request("/api/auth/passkey/verify-authentication", {
      cookie: cookiesFrom(asked),
      json: { response: answer },
    });
    await expectRefused(forged, 401, "AUTHENTICATION_FAILED");

    // An attestation format the authenticator did not sign: SimpleWebAuthn refuses it, never a 500.
    const packed = await register(u.cookie, undefined, { fmt: "packed" });
    await expectRefused(packed.res, 400, "FAILED_TO_VERIFY_REGISTRATION");
    expect(await passkeys(u.cookie)).toHaveLength(1);
  });

  it("answers malformed ceremonies with 400, never 500", async () => {
    const u = await user();
    const asked = await t.request("/api/auth/passkey/generate-register-options", { cookie: u.cookie });
    const options = await asked.json();
    const withChallenge = `${u.cookie}; ${cookiesFrom(asked)}`;
    const good = new SoftAuthenticator(TEST_ORIGIN).register(options);
    const bodies: unknown[] = [
      {},
      { response: "x" },
      { response: { id: "a", response: {} } },
      { response: { ...good, response: { ...good.response, clientDataJSON: "%%%" } } },
      { response: { ...good, response: { ...good.response, attestationObject: "AAAA" } } },
      { response: { ...good, response: { ...good.response, attestationObject: "v2Zmb3Jt" } } },
      { response: new SoftAuthenticator(TEST_ORIGIN).register(options, { type: "webauthn.get" }) },
      { response: good, name: "n".repeat(65) },
      { response: good, name: 42 },
    ];
    for (const json of bodies) {
      const res = await t.request("/api/auth/passkey/verify-registration", { cookie: withChallenge, json });
      expect(res.status, JSON.stringify(json).slice(0, 120)).toBe(400);
    }
    for (const json of [{}, { response: [] }, { response: { id: 1, response: {} } }, { response: good }]) {
      const res = await t.request("/api/auth/passkey/verify-authentication", { json });
      expect(res.status, JSON.stringify(json).slice(0, 120)).toBeGreaterThanOrEqual(400);
      expect(res.status, JSON.stringify(json).slice(0, 120)).toBeLessThan(500);
    }
    // Registering needs a session.
    const anonymous = await t.request("/api/auth/passkey/generate-register-options");
    expect(anonymous.status).toBe(401);
  });

  it("a registered passkey counts as strong sign-in for an organization that requires two-factor", async () => {
    const owner = await user();
    const org = await createOrganization(t, owner.cookie);
    const policy = (cookie: string) =>
      t.request("/api/auth/organization/set-two-factor-policy", {
        cookie,
        json: { organizationId: org.id, required: true },
      });
    const before = await policy(owner.cookie);
    expect((await before.json()).code).toBe("TWO_FACTOR_REQUIRED_TO_SET_POLICY");
    const { res, authenticator } = await register(owner.cookie);
    expect(res.status).toBe(200);
    expect((await policy(owner.cookie)).status).toBe(200);
    // Signed in with that passkey alone, the owner reaches the organization that requires two-factor.
    const signedIn = await signInWith(authenticator);
    const full = await t.request(`/api/auth/organization/get-full-organization?organizationId=${org.id}`, {
      cookie: cookiesFrom(signedIn.res),
    });
    expect(full.status).toBe(200);
  });

  it("keeps the last sign-in method: passkeys count, an account with nothing left is refused", async () => {
    const u = await user();
    const first = await register(u.cookie, undefined, {}, "First");
    expect(first.res.status).toBe(200);
    // The password may go: the passkey stays a way in.
    const unlinked = await t.request("/api/auth/unlink-account", {
      cookie: u.cookie,
      json: { providerId: "credential" },
    });
    expect(unlinked.status).toBe(200);
    const signedIn = await signInWith(first.authenticator);
    expect(signedIn.res.status).toBe(200);
    const passkeyOnly = cookiesFrom(signedIn.res);

    // With a second passkey one may go; the last one may not.
    await register(passkeyOnly, undefined, {}, "Second");
    const [one, two] = await passkeys(passkeyOnly);
    const ok = await t.request("/api/auth/passkey/delete-passkey", {
      cookie: passkeyOnly,
      json: { id: one?.id },
    });
    expect(ok.status).toBe(200);
    const last = await t.request("/api/auth/passkey/delete-passkey", {
      cookie: passkeyOnly,
      json: { id: two?.id },
    });
    await expectRefused(last, 400, "CANNOT_REMOVE_LAST_SIGN_IN_METHOD");
    expect(await passkeys(passkeyOnly)).toHaveLength(1);

    // A linked account is a method too: then the passkey may go, and that account is the last one.
    const githubRow = await seedLinkedAccount(t, u.userId, { providerId: "github", accountId: "gh-77" });
    const withGithub = await t.request("/api/auth/passkey/delete-passkey", {
      cookie: passkeyOnly,
      json: { id: two?.id },
    });
    expect(withGithub.status).toBe(200);
    const lastAccount = await t.request("/api/auth/unlink-account", {
      cookie: passkeyOnly,
      json: { accountId: githubRow },
    });
    await expectRefused(lastAccount, 400, "FAILED_TO_UNLINK_LAST_ACCOUNT");
  });
});

describe(`passkeys: limits in production (${testDatabase})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ NODE_ENV: "production", TRUST_PROXY: "1" });
  });
  afterAll(() => t.close());

  it("limits passkey sign-ins like password sign-ins, and challenges per client", async () => {
    const ip = { "x-forwarded-for": `10.${Math.floor(Math.random() * 200)}.1.9` };
    const statuses: number[] = [];
    for (let i = 0; i < PASSKEY_SIGN_IN_LIMIT.max + 1; i++) {
      const res = await t.request("/api/auth/passkey/verify-authentication", { headers: ip, json: {} });
      statuses.push(res.status);
    }
    expect(statuses.slice(0, -1).every((s) => s === 400)).toBe(true);
    expect(statuses.at(-1)).toBe(429);

    const other = { "x-forwarded-for": `10.${Math.floor(Math.random() * 200)}.2.9` };
    let passed = 0;
    for (let i = 0; i < PASSKEY_CHALLENGE_LIMIT.max + 1; i++) {
      const res = await t.request("/api/auth/passkey/generate-authenticate-options", { headers: other });
      if (res.status === 429) break;
      expect(res.status).toBe(200);
      passed += 1;
    }
    expect(passed).toBe(PASSKEY_CHALLENGE_LIMIT.max);
  });
});
