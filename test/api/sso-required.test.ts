import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CookieJar } from "../support/cookie-jar.ts";
import { domainsCall } from "../support/domains.ts";
import { mailedSignInCode, mailsTo } from "../support/mailed-links.ts";
import { api, rawDb } from "../support/organizations.ts";
import {
  createOidcConnection,
  landingOf,
  ownerWithDomain,
  type SsoTestApp,
  ssoPath,
  startSsoSignIn,
  startSsoTestApp,
} from "../support/sso.ts";
import { cookiesFrom, testDatabase } from "../support/test-app.ts";
import { enrolAccount, totpCode } from "../support/two-factor.ts";
import { createUser, signUpVerified } from "../support/users.ts";
import { SoftAuthenticator } from "../support/webauthn.ts";

const ROOT_EMAIL = "root-admin@example.test";

describe(`SSO required for a domain (${testDatabase})`, () => {
  let app: SsoTestApp;
  let org: Awaited<ReturnType<typeof ownerWithDomain>>;
  let employee: Awaited<ReturnType<typeof signUpVerified>>;
  /** At the domain, with a passkey made before the requirement. */
  let keyholder: Awaited<ReturnType<typeof signUpVerified>>;
  let passkey: SoftAuthenticator;
  /** At the domain, with two-factor turned on before the requirement. */
  let guarded: Awaited<ReturnType<typeof signUpVerified>> & { secret: string };
  let connectionId: string;
  const message = () =>
    `${org.organization.name} signs in with single sign-on: use “Continue with SSO” with your work email.`;

  beforeAll(async () => {
    // The social provider may link to an existing account (so the refusal is the session's, not the link's).
    app = await startSsoTestApp({
      EMAIL_CODE_SIGN_IN: "1",
      MAGIC_LINK_SIGN_IN: "1",
      TRUSTED_LINKING_PROVIDERS: "oidc",
      ADMIN_EMAILS: ROOT_EMAIL,
    });
    org = await ownerWithDomain(app);
    // Someone at the domain had a password account before the requirement.
    employee = await signUpVerified(app.t, createUser({ email: `worker@${org.domain}` }));
    keyholder = await signUpVerified(app.t, createUser({ email: `keyholder@${org.domain}` }));
    passkey = new SoftAuthenticator(app.url);
    const asked = await app.t.request("/api/auth/passkey/generate-register-options", {
      cookie: keyholder.cookie,
    });
    expect(asked.status).toBe(200);
    const registered = await app.t.request("/api/auth/passkey/verify-registration", {
      cookie: `${keyholder.cookie}; ${cookiesFrom(asked)}`,
      json: { response: passkey.register(await asked.json()), name: "Laptop" },
    });
    expect(registered.status, await registered.clone().text()).toBe(200);
    const second = await signUpVerified(app.t, createUser({ email: `guarded@${org.domain}` }));
    guarded = { ...second, secret: (await enrolAccount(app.t, second)).secret };
    const made = await createOidcConnection(app, org.owner.cookie, org.organization.id, org.domain, {
      requireSso: true,
    });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    connectionId = made.body.id;
  }, 60_000);
  afterAll(async () => {
    await app?.close();
  });

  it("refuses a password sign-in for the domain after checking the password, saying where to go", async () => {
    const right = await app.t.request("/api/auth/sign-in/email", {
      json: { email: employee.email, password: employee.password },
    });
    expect(right.status).toBe(403);
    // The organization is named apart too, so a client words the refusal in its reader's language.
    expect(await right.json()).toMatchObject({
      code: "SSO_REQUIRED",
      message: message(),
      organization: org.organization.name,
    });
    expect(right.headers.getSetCookie().some((c) => c.includes("session_token=") && !c.includes("=;"))).toBe(
      false,
    );
    // A wrong password learns nothing more than anywhere else.
    const wrong = await app.t.request("/api/auth/sign-in/email", {
      json: { email: employee.email, password: "not the password at all" },
    });
    expect(wrong.status).toBe(401);
  });

  it("refuses a password sign-up and an email-code sign-in at the domain", async () => {
    const signUp = await app.t.request("/api/auth/sign-up/email", {
      json: { email: `newcomer@${org.domain}`, password: "correct horse battery", name: "New" },
    });
    expect(signUp.status).toBe(403);
    expect((await signUp.json()).code).toBe("SSO_REQUIRED");
    const { code: otp } = await mailedSignInCode(app.t, employee.email);
    const code = await app.t.request("/api/auth/sign-in/email-otp", { json: { email: employee.email, otp } });
    expect(code.status).toBe(403);
    expect((await code.json()).code).toBe("SSO_REQUIRED");
  });

  it("refuses a social sign-in for an address at the domain, existing account or new, creating nobody", async () => {
    for (const email of [employee.email, `social-newcomer@${org.domain}`]) {
      const browser = app.browser();
      app.oidc.signInAs({ sub: `social-${email}`, email, emailVerified: true, name: "Worker" });
      const begin = await browser.postJSON("/api/auth/sign-in/social", {
        provider: "oidc",
        callbackURL: "/",
        errorCallbackURL: "/error",
      });
      expect(begin.status).toBe(200);
      const callback = await browser.callbackFrom(new URL((await begin.json()).url));
      const res = await browser.fetch(callback);
      // better-auth sends the refusal to the error screen, with the words.
      expect(res.status).toBe(302);
      const landing = landingOf(res, app.url);
      expect(landing?.pathname).toBe("/error");
      expect(landing?.searchParams.get("error"), email).toBe("SSO_REQUIRED");
      expect(landing?.searchParams.get("error_description")).toBe(message());
      expect((await api(app.t, "/get-session", browser.cookieFor())).body).toBeNull();
    }
    const made = await rawDb(app.t)
      .selectFrom("user")
      .select("id")
      .where("email", "=", `social-newcomer@${org.domain}`)
      .execute();
    expect(made).toHaveLength(0);
  });

  const setsSession = (res: Response) =>
    res.headers.getSetCookie().some((c) => c.includes("session_token=") && !c.includes("=;"));
  const setRequirement = async (requireSso: boolean) => {
    const patched = await domainsCall(
      app.t,
      ssoPath(org.organization.id, `/connections/${connectionId}`),
      org.owner.cookie,
      { method: "PATCH", json: { requireSso } },
    );
    expect(patched.status).toBe(200);
  };

  it("refuses a passkey sign-in for an address at the domain (the passkey was made before)", async () => {
    const asked = await app.t.request("/api/auth/passkey/generate-authenticate-options");
    expect(asked.status).toBe(200);
    const res = await app.t.request("/api/auth/passkey/verify-authentication", {
      cookie: cookiesFrom(asked),
      json: { response: passkey.authenticate(await asked.json()) },
    });
    expect(res.status).toBe(403);
    expect(await res.json()).toMatchObject({ code: "SSO_REQUIRED", message: message() });
    expect(setsSession(res)).toBe(false);
  });

  it("refuses a mailed sign-in link for an account at the domain", async () => {
    // Links are mailed to existing accounts only (they make none), so the account is the employee's.
    const since = app.t.sink.mails.length;
    const asked = await app.t.request("/api/auth/sign-in/magic-link", {
      json: { email: employee.email, callbackURL: "/organizations" },
    });
    expect(asked.status).toBe(200);
    const linkMail = () => mailsTo(app.t, employee.email, since).find((m) => /sign-in link/.test(m.subject));
    await expect.poll(() => linkMail() !== undefined).toBe(true);
    const link = new URL(linkMail()?.text.match(/https?:\/\/\S+\/sign-in\/link\?\S+/)?.[0] ?? "");
    const token = link.searchParams.get("token") ?? "";
    expect(token).not.toBe("");
    // As the web's landing page opens it (JSON, no callbackURL).
    const res = await app.t.request(`/api/auth/magic-link/verify?token=${encodeURIComponent(token)}`);
    expect(res.status).toBe(403);
    expect(await res.json()).toMatchObject({ code: "SSO_REQUIRED", message: message() });
    expect(setsSession(res)).toBe(false);
  });

  it("refuses the second factor: no challenge after the password, and a challenge begun before is not honoured", async () => {
    // With two-factor on, the password step is refused like any other (no challenge cookie either).
    const jar = new CookieJar();
    const first = jar.take(
      await app.t.request("/api/auth/sign-in/email", {
        json: { email: guarded.email, password: guarded.password },
      }),
    );
    expect(first.status).toBe(403);
    expect(await first.json()).toMatchObject({ code: "SSO_REQUIRED", message: message() });
    expect(jar.has("two_factor")).toBe(false);

    // A challenge begun while the requirement was lifted, answered once it is back: no session.
    await setRequirement(false);
    const begun = new CookieJar();
    const step = begun.take(
      await app.t.request("/api/auth/sign-in/email", {
        json: { email: guarded.email, password: guarded.password },
      }),
    );
    expect(step.status).toBe(200);
    expect((await step.json()).twoFactorRedirect).toBe(true);
    expect(begun.has("two_factor")).toBe(true);
    await setRequirement(true);
    const second = await app.t.request("/api/auth/two-factor/verify-totp", {
      cookie: begun.header,
      json: { code: totpCode(guarded.secret) },
    });
    expect(second.status).toBe(403);
    expect(await second.json()).toMatchObject({ code: "SSO_REQUIRED", message: message() });
    expect(setsSession(second)).toBe(false);
    expect((await api(app.t, "/get-session", begun.header)).body).toBeNull();
  });

  it("leaves other domains alone, and lets SSO in", async () => {
    const other = await signUpVerified(app.t, createUser());
    const res = await app.t.request("/api/auth/sign-in/email", {
      json: { email: other.email, password: other.password },
    });
    expect(res.status).toBe(200);
    const browser = app.browser();
    app.oidc.signInAs({ sub: "sso-worker", email: employee.email, name: "Worker" });
    const landing = await browser.follow(await startSsoSignIn(browser, employee.email));
    expect(landing.url.pathname).toBe("/welcome");
    expect((await api(app.t, "/get-session", browser.cookieFor())).body.user.email).toBe(employee.email);
  });

  it("still lets an admin impersonate someone at the domain", async () => {
    const root = await signUpVerified(app.t, createUser({ email: ROOT_EMAIL }));
    const target = (await api(app.t, "/admin/list-users?searchValue=worker&searchField=email", root.cookie))
      .body.users[0];
    expect(target.email).toBe(employee.email);
    const res = await app.t.request("/api/auth/admin/impersonate-user", {
      cookie: root.cookie,
      json: { userId: target.id },
    });
    expect(res.status).toBe(200);
    expect((await api(app.t, "/get-session", cookiesFrom(res))).body.user.email).toBe(employee.email);
  });

  it("lets password sign-in back once the owner lifts the requirement", async () => {
    const patched = await domainsCall(
      app.t,
      ssoPath(org.organization.id, `/connections/${connectionId}`),
      org.owner.cookie,
      { method: "PATCH", json: { requireSso: false } },
    );
    expect(patched.status).toBe(200);
    const res = await app.t.request("/api/auth/sign-in/email", {
      json: { email: employee.email, password: employee.password },
    });
    expect(res.status).toBe(200);
  });
});
