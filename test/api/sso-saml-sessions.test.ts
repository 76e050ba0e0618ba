import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { domainsCall } from "../support/domains.ts";
import { api, rawDb } from "../support/organizations.ts";
import { type SamlIdp, startSamlIdp } from "../support/saml-idp.ts";
import {
  landingOf,
  ownerWithDomain,
  postToAcs,
  type SamlSetup,
  type SsoTestApp,
  samlConnection,
  samlSignIn,
  ssoPath,
  startSsoTestApp,
} from "../support/sso.ts";
import { testDatabase } from "../support/test-app.ts";

describe(`SSO over SAML: the owner's test sign-in and single logout (${testDatabase})`, () => {
  let app: SsoTestApp;
  let idp: SamlIdp;
  let org: SamlSetup["org"];
  let connection: SamlSetup["connection"];

  beforeAll(async () => {
    idp = await startSamlIdp();
    app = await startSsoTestApp({ WEBHOOK_ALLOW_PRIVATE: "1" }, [idp.url]);
    ({ org, connection } = await samlConnection(app, idp));
  }, 60_000);
  afterAll(async () => {
    await app?.close();
    await idp?.close();
  });

  const usersWith = async (email: string) =>
    rawDb(app.t).selectFrom("user").select("id").where("email", "=", email).execute();
  const signInAs = (user: Parameters<SamlIdp["next"]>[0]) => samlSignIn(app, idp, user);

  it("runs an owner's test sign-in: what the IdP said is recorded, nobody is signed in or created", async () => {
    const base = ssoPath(org.organization.id);
    const started = await domainsCall(app.t, `${base}/connections/${connection.id}/test`, org.owner.cookie, {
      json: {},
    });
    expect(started.status, JSON.stringify(started.body)).toBe(201);
    const waiting = await domainsCall(app.t, `${base}/tests/${started.body.testId}`, org.owner.cookie);
    expect(waiting.body).toMatchObject({ status: "waiting", email: null });
    const email = `tester@${org.domain}`;
    await idp.next({ email, name: "Tess Ter", groups: ["admins", "eng"], attributes: { department: "R&D" } });
    const browser = app.browser();
    const res = await postToAcs(browser, await idp.respondTo(started.body.url));
    const landing = landingOf(res, app.url);
    expect(landing?.pathname).toBe("/sso-test");
    expect(landing?.searchParams.get("testId")).toBe(started.body.testId);
    expect(landing?.searchParams.get("error")).toBe("SSO_TEST_COMPLETE");
    expect(await usersWith(email)).toHaveLength(0);
    expect((await api(app.t, "/get-session", browser.cookieFor())).body).toBeNull();
    const result = await domainsCall(app.t, `${base}/tests/${started.body.testId}`, org.owner.cookie);
    expect(result.body).toMatchObject({
      status: "succeeded",
      connectionId: connection.id,
      email,
      name: "Tess Ter",
      groups: ["admins", "eng"],
      role: "admin",
      teams: ["Engineering"],
      error: null,
    });
    expect(result.body.attributes).toMatchObject({ department: ["R&D"], email: [email] });
    // Another organization's owner cannot read it.
    const other = await ownerWithDomain(app);
    const foreign = await domainsCall(
      app.t,
      ssoPath(other.organization.id, `/tests/${started.body.testId}`),
      other.owner.cookie,
    );
    expect(foreign.status).toBe(404);
  });

  it("reports a test sign-in the IdP answered badly as failed, with the code", async () => {
    const base = ssoPath(org.organization.id);
    const started = await domainsCall(app.t, `${base}/connections/${connection.id}/test`, org.owner.cookie, {
      json: {},
    });
    await idp.next({ email: `broken@${org.domain}`, mode: "forged-signature" });
    const res = await postToAcs(app.browser(), await idp.respondTo(started.body.url));
    expect(landingOf(res, app.url)?.pathname).toBe("/sso-test");
    const result = await domainsCall(app.t, `${base}/tests/${started.body.testId}`, org.owner.cookie);
    expect(result.body).toMatchObject({ status: "failed", email: null, error: { code: "saml_error" } });
  });

  it("ends the Gatehouse session when the IdP sends a signed logout request (single logout)", async () => {
    const email = `slo@${org.domain}`;
    const { browser, res } = await signInAs({ email });
    expect(landingOf(res, app.url)?.pathname).toBe("/welcome");
    const cookie = browser.cookieFor();
    expect((await api(app.t, "/get-session", cookie)).body.user.email).toBe(email);
    const request = await idp.logoutRequest({ sloUrl: connection.serviceProvider.sloUrl, nameId: email });
    const answer = await browser.fetch(request.url);
    expect(answer.status).toBeLessThan(500);
    // The session itself is gone, not only the browser's cookie.
    expect((await api(app.t, "/get-session", cookie)).body).toBeNull();
  });

  it("refuses a logout request without the IdP's signature, or one altered after signing: the session stays", async () => {
    const email = `slo-forged@${org.domain}`;
    const { browser } = await signInAs({ email });
    const cookie = browser.cookieFor();
    const signed = new URL(
      (await idp.logoutRequest({ sloUrl: connection.serviceProvider.sloUrl, nameId: email })).url,
    );
    const unsigned = new URL(signed);
    unsigned.searchParams.delete("Signature");
    unsigned.searchParams.delete("SigAlg");
    // The signed octet string covers RelayState: a different one breaks the signature.
    const altered = new URL(signed);
    altered.searchParams.set("RelayState", "/somewhere-else");
    for (const forged of [unsigned, altered]) {
      const answer = await browser.fetch(forged.toString());
      expect(answer.status).toBe(400);
      expect((await api(app.t, "/get-session", cookie)).body.user.email).toBe(email);
    }
  });

  it("ends the session and tells the IdP when the person signs out from Gatehouse (SP-initiated logout)", async () => {
    const email = `leaving@${org.domain}`;
    const { browser, res } = await signInAs({ email });
    expect(landingOf(res, app.url)?.pathname).toBe("/welcome");
    const cookie = browser.cookieFor();
    const started = await browser.postJSON(`/api/auth/sso/saml2/logout/${connection.id}`, {
      callbackURL: "/signed-out",
    });
    expect(started.status).toBe(302);
    const toIdp = new URL(started.headers.get("location") ?? "");
    expect(toIdp.origin).toBe(idp.url);
    // The IdP records the request and sends its signed LogoutResponse back to the SLO URL.
    const back = await browser.fetch(toIdp);
    expect(back.status).toBe(302);
    const answered = await browser.fetch(back.headers.get("location") ?? "");
    expect(answered.status).toBe(302);
    expect((await idp.logouts()).some((l) => l.nameId === email)).toBe(true);
    expect((await api(app.t, "/get-session", cookie)).body).toBeNull();
  });
});
