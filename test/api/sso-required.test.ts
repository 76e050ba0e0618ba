import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { domainsCall } from "../support/domains.ts";
import { mailedSignInCode } from "../support/mailed-links.ts";
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
import { createUser, signUpVerified } from "../support/users.ts";

const ROOT_EMAIL = "root-admin@example.test";

describe(`SSO required for a domain (${testDatabase})`, () => {
  let app: SsoTestApp;
  let org: Awaited<ReturnType<typeof ownerWithDomain>>;
  let employee: Awaited<ReturnType<typeof signUpVerified>>;
  let connectionId: string;
  const message = () =>
    `${org.organization.name} signs in with single sign-on: use “Continue with SSO” with your work email.`;

  beforeAll(async () => {
    // The social provider may link to an existing account (so the refusal is the session's, not the link's).
    app = await startSsoTestApp({
      EMAIL_CODE_SIGN_IN: "1",
      TRUSTED_LINKING_PROVIDERS: "oidc",
      ADMIN_EMAILS: ROOT_EMAIL,
    });
    org = await ownerWithDomain(app);
    // Someone at the domain had a password account before the requirement.
    employee = await signUpVerified(app.t, createUser({ email: `worker@${org.domain}` }));
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
    expect(await right.json()).toMatchObject({ code: "SSO_REQUIRED", message: message() });
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
