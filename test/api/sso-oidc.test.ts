import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { domainsCall } from "../support/domains.ts";
import {
  createOidcConnection,
  ownerWithDomain,
  type SsoTestApp,
  ssoPath,
  startSsoTestApp,
} from "../support/sso.ts";
import { testDatabase } from "../support/test-app.ts";

describe(`SSO over OpenID Connect (${testDatabase})`, () => {
  let app: SsoTestApp;
  beforeAll(async () => {
    app = await startSsoTestApp();
  });
  afterAll(async () => {
    await app?.close();
  });

  it("signs a new person in through the organization's IdP, with a verified address and a membership", async () => {
    const { owner, organization, domain } = await ownerWithDomain(app);
    const made = await createOidcConnection(app, owner.cookie, organization.id, domain);
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const browser = app.browser();
    app.oidc.signInAs({ sub: "u-1", email: `ada@${domain}`, name: "Ada" });
    const res = await browser.postJSON("/api/auth/sign-in/sso", {
      email: `ada@${domain}`,
      callbackURL: "/",
      errorCallbackURL: "/error",
    });
    const text = await res.text();
    expect(res.status, text).toBe(200);
    const landing = await browser.follow(JSON.parse(text).url);
    expect(landing.url.pathname, landing.url.toString()).toBe("/");
    const session = await domainsCall(app.t, "/../api/auth/get-session", browser.cookieFor());
    console.log(session.status);
  });
});
