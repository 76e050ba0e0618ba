import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eventsOf, onlyEvent } from "../support/audit.ts";
import { mailedSignInCode } from "../support/mailed-links.ts";
import { signUpWithId } from "../support/organizations.ts";
import { cookiesFrom, startTestApp, TEST_ORIGIN, type TestApp, testDatabase } from "../support/test-app.ts";
import { SoftAuthenticator } from "../support/webauthn.ts";

/** Issue 17: passkeys and mailed sign-in codes: their changes and sign-ins, each with its method. */
describe(`audit log: passkeys and email codes (${testDatabase})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ EMAIL_CODE_SIGN_IN: "1" });
  });
  afterAll(() => t.close());

  it("records a passkey added, used to sign in, renamed and removed", async () => {
    const user = await signUpWithId(t);
    const authenticator = new SoftAuthenticator(TEST_ORIGIN);
    const asked = await t.request("/api/auth/passkey/generate-register-options", { cookie: user.cookie });
    const registered = await t.request("/api/auth/passkey/verify-registration", {
      cookie: `${user.cookie}; ${cookiesFrom(asked)}`,
      json: { response: authenticator.register(await asked.json()), name: "Laptop" },
    });
    expect(registered.status).toBe(200);
    const passkeyId = (await registered.json()).id as string;
    expect(await onlyEvent(t, "user.passkey_added", passkeyId)).toMatchObject({
      actorId: user.id,
      targetLabel: "Laptop",
    });

    const options = await t.request("/api/auth/passkey/generate-authenticate-options");
    const signedIn = await t.request("/api/auth/passkey/verify-authentication", {
      cookie: cookiesFrom(options),
      json: { response: authenticator.authenticate(await options.json()) },
    });
    expect(signedIn.status).toBe(200);
    const methods = (await eventsOf(t, { action: "user.signed_in", targetId: user.id })).map(
      (e) => e.details.method,
    );
    expect(methods).toEqual(["email-link", "passkey"]);

    const renamed = await t.request("/api/auth/passkey/update-passkey", {
      cookie: user.cookie,
      json: { id: passkeyId, name: "Work laptop" },
    });
    expect(renamed.status).toBe(200);
    expect((await onlyEvent(t, "user.passkey_renamed", passkeyId)).details).toEqual({ name: "Work laptop" });
    const removed = await t.request("/api/auth/passkey/delete-passkey", {
      cookie: user.cookie,
      json: { id: passkeyId },
    });
    expect(removed.status).toBe(200);
    expect(await onlyEvent(t, "user.passkey_removed", passkeyId)).toMatchObject({
      actorId: user.id,
      targetLabel: "Work laptop",
    });
  });

  it("records a sign-in with a mailed code, and a wrong code as refused", async () => {
    const user = await signUpWithId(t);
    const { code } = await mailedSignInCode(t, user.email);
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, "0");
    const refused = await t.request("/api/auth/sign-in/email-otp", {
      json: { email: user.email, otp: wrong },
    });
    expect(refused.status).toBe(400);
    const ok = await t.request("/api/auth/sign-in/email-otp", { json: { email: user.email, otp: code } });
    expect(ok.status).toBe(200);
    const events = await eventsOf(t, { action: "user.signed_in", targetId: user.id });
    expect(events.slice(1).map((e) => [e.outcome, e.details.method])).toEqual([
      ["refused", "email-code"],
      ["success", "email-code"],
    ]);
    expect(events[1]?.errorCode).toBe("INVALID_OTP");
  });
});
