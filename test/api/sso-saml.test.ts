import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eventsOf } from "../support/audit.ts";
import { domainsCall } from "../support/domains.ts";
import { api, rawDb } from "../support/organizations.ts";
import { type SamlIdp, startSamlIdp } from "../support/saml-idp.ts";
import {
  landingOf,
  postToAcs,
  type SamlSetup,
  type SsoTestApp,
  samlConnection,
  samlSignIn,
  ssoPath,
  startSsoSignIn,
  startSsoTestApp,
} from "../support/sso.ts";
import { testDatabase } from "../support/test-app.ts";

describe(`SSO over SAML against a samlify IdP in its own process (${testDatabase})`, () => {
  let app: SsoTestApp;
  let idp: SamlIdp;
  let org: SamlSetup["org"];
  let connection: SamlSetup["connection"];
  let teamId: string;

  beforeAll(async () => {
    idp = await startSamlIdp();
    // The IdP's metadata URL is on loopback: allowed here as WEBHOOK_ALLOW_PRIVATE allows it for webhooks.
    app = await startSsoTestApp({ WEBHOOK_ALLOW_PRIVATE: "1" }, [idp.url]);
    ({ org, connection, teamId } = await samlConnection(app, idp));
  }, 60_000);
  afterAll(async () => {
    await app?.close();
    await idp?.close();
  });

  const membershipOf = async (email: string) =>
    rawDb(app.t)
      .selectFrom("member")
      .innerJoin("user", "user.id", "member.userId")
      .select(["member.role", "user.id", "user.emailVerified"])
      .where("user.email", "=", email)
      .where("member.organizationId", "=", org.organization.id)
      .executeTakeFirst();

  it("shows the IdP it read from the metadata URL", () => {
    expect(connection).toMatchObject({
      protocol: "saml",
      domainVerified: true,
      saml: { idpEntityId: idp.entityId, metadataUrl: idp.metadataUrl, ssoUrl: `${idp.url}/sso` },
    });
  });

  it("signs a new person in (SP-initiated) with a verified address, the default role and the mapped team", async () => {
    const email = `grace@${org.domain}`;
    await idp.next({ email, name: "Grace Hopper", groups: ["eng"] });
    const browser = app.browser();
    const post = await idp.respondTo(await startSsoSignIn(browser, email));
    const res = await postToAcs(browser, post);
    expect(res.status).toBe(302);
    expect(landingOf(res, app.url)?.pathname).toBe("/welcome");
    const session = await api(app.t, "/get-session", browser.cookieFor());
    expect(session.body.user).toMatchObject({ email, name: "Grace Hopper", emailVerified: true });
    const member = await membershipOf(email);
    expect(member?.role).toBe("member");
    const inTeam = await rawDb(app.t)
      .selectFrom("teamMember")
      .select("teamId")
      .where("userId", "=", member?.id ?? "")
      .execute();
    expect(inTeam.map((r) => r.teamId)).toEqual([teamId]);
  });

  const usersWith = async (email: string) =>
    rawDb(app.t).selectFrom("user").select("id").where("email", "=", email).execute();

  const signInAs = (user: Parameters<SamlIdp["next"]>[0]) => samlSignIn(app, idp, user);

  it("grants the role a group maps to, and links an account that already has the address", async () => {
    const email = `ada@${org.domain}`;
    const signedUp = await app.t.request("/api/auth/sign-up/email", {
      json: { email, password: "correct horse battery", name: "Ada" },
    });
    expect(signedUp.status).toBe(200);
    const [existing] = await usersWith(email);
    const { browser, res } = await signInAs({ email, name: "Ada Lovelace", groups: ["admins"] });
    expect(landingOf(res, app.url)?.pathname).toBe("/welcome");
    const session = await api(app.t, "/get-session", browser.cookieFor());
    expect(session.body.user.id).toBe(existing?.id);
    expect(await usersWith(email)).toHaveLength(1);
    expect((await membershipOf(email))?.role).toBe("admin");
  });

  for (const [mode, code] of [
    // samlify refuses these while parsing (signature, a certificate not in the metadata, time window):
    // better-auth's generic saml_error.
    ["forged-signature", "saml_error"],
    ["untrusted-certificate", "saml_error"],
    ["unsigned-assertion", "invalid_saml_response"],
    ["unsigned", "saml_error"],
    ["wrong-audience", "invalid_saml_response"],
    ["expired", "saml_error"],
    ["not-yet-valid", "saml_error"],
    ["wrong-recipient", "invalid_saml_response"],
  ] as const) {
    it(`refuses a ${mode} response on the error screen, creating nobody`, async () => {
      const email = `${mode}@${org.domain}`;
      const { res, browser } = await signInAs({ email, mode });
      expect(res.status, await res.clone().text()).toBe(302);
      const landing = landingOf(res, app.url);
      expect(landing?.pathname).toBe("/error");
      expect(landing?.searchParams.get("error")).toBe(code);
      expect(await usersWith(email)).toHaveLength(0);
      expect((await api(app.t, "/get-session", browser.cookieFor())).body).toBeNull();
    });
  }

  it("accepts an assertion that ended a minute ago (within the two-minute clock skew)", async () => {
    const email = `skewed@${org.domain}`;
    const { res } = await signInAs({ email, notOnOrAfterInMs: -60_000 });
    expect(res.status, await res.clone().text()).toBe(302);
    expect(landingOf(res, app.url)?.pathname).toBe("/welcome");
    expect(await usersWith(email)).toHaveLength(1);
  });

  it("refuses an assertion that ended three minutes ago (beyond the clock skew)", async () => {
    const email = `too-late@${org.domain}`;
    const { res, browser } = await signInAs({ email, notOnOrAfterInMs: -3 * 60_000 });
    const landing = landingOf(res, app.url);
    expect(landing?.pathname).toBe("/error");
    expect(landing?.searchParams.get("error")).toBe("saml_error");
    expect(await usersWith(email)).toHaveLength(0);
    expect((await api(app.t, "/get-session", browser.cookieFor())).body).toBeNull();
  });

  it("takes the email and full name from the attributes the owner mapped, over givenName and surname", async () => {
    const mapped = await samlConnection(app, idp, { email: "mail", name: "cn" });
    const email = `mapped@${mapped.org.domain}`;
    // The standard attributes say otherwise: an address of another domain, another name.
    const { browser, res } = await signInAs({
      email,
      givenName: "Given",
      surname: "Surname",
      attributes: { email: `someone@elsewhere-${Date.now()}.test`, mail: email, cn: "Mapped Full Name" },
    });
    expect(landingOf(res, app.url)?.pathname, res.headers.get("location") ?? "").toBe("/welcome");
    const session = await api(app.t, "/get-session", browser.cookieFor());
    expect(session.body.user).toMatchObject({ email, name: "Mapped Full Name" });
  });

  it("refuses the same SAMLResponse a second time (replay)", async () => {
    const email = `replay@${org.domain}`;
    const { post, res } = await signInAs({ email });
    expect(landingOf(res, app.url)?.pathname).toBe("/welcome");
    const again = await postToAcs(app.browser(), post);
    expect(again.status).toBe(302);
    const landing = landingOf(again, app.url);
    expect(landing?.pathname).toBe("/error");
    // Its AuthnRequest was answered already: the request id is gone.
    expect(landing?.searchParams.get("error")).toBe("invalid_saml_response");
    expect(landing?.searchParams.get("error_description")).toMatch(/request ID/);
  });

  it("refuses an address outside the connection's domain", async () => {
    const email = `mallory@elsewhere-${Date.now()}.test`;
    const browser = app.browser();
    await idp.next({ email });
    // The IdP answers for a person of another domain to a sign-in started for this one.
    const post = await idp.respondTo(await startSsoSignIn(browser, `someone@${org.domain}`));
    const res = await postToAcs(browser, post);
    const landing = landingOf(res, app.url);
    expect(landing?.pathname).toBe("/error");
    expect(landing?.searchParams.get("error")).toBe("SSO_EMAIL_OUTSIDE_DOMAIN");
    expect(await usersWith(email)).toHaveLength(0);
  });

  it("answers a malformed SAMLResponse and an unknown connection with a 4xx or the error screen", async () => {
    const browser = app.browser();
    for (const [acsUrl, SAMLResponse] of [
      [connection.serviceProvider.acsUrl, "not base64 at all <xml"],
      [connection.serviceProvider.acsUrl, Buffer.from("<Response>broken").toString("base64")],
      [`${app.url}/api/auth/sso/saml2/sp/acs/no-such-connection`, (await idp.last())?.SAMLResponse ?? "x"],
    ] as const) {
      const res = await postToAcs(browser, { acsUrl, SAMLResponse });
      const text = await res.text();
      expect(res.status, text).toBeLessThan(500);
      if (res.status === 302) expect(landingOf(res, app.url)?.pathname).toBe("/error");
      else expect(res.status).toBeGreaterThanOrEqual(400);
    }
  });

  it("refuses IdP-initiated responses until the connection allows them", async () => {
    const email = `unasked@${org.domain}`;
    const unsolicited = () =>
      idp.idpInitiated({
        email,
        acsUrl: connection.serviceProvider.acsUrl,
        audience: connection.serviceProvider.entityId,
      });
    const browser = app.browser();
    const off = await postToAcs(browser, {
      acsUrl: connection.serviceProvider.acsUrl,
      ...(await unsolicited()),
    });
    expect(landingOf(off, app.url)?.searchParams.get("error")).toBe("SSO_IDP_INITIATED_DISABLED");
    expect(await usersWith(email)).toHaveLength(0);
    const patched = await domainsCall(
      app.t,
      ssoPath(org.organization.id, `/connections/${connection.id}`),
      org.owner.cookie,
      { method: "PATCH", json: { allowIdpInitiated: true } },
    );
    expect(patched.status, JSON.stringify(patched.body)).toBe(200);
    const on = await postToAcs(browser, {
      acsUrl: connection.serviceProvider.acsUrl,
      ...(await unsolicited()),
    });
    expect(on.status).toBe(302);
    expect(landingOf(on, app.url)?.pathname).not.toBe("/error");
    expect((await api(app.t, "/get-session", browser.cookieFor())).body.user.email).toBe(email);
    // The same unsolicited response again: its assertion id was used.
    const replayed = await postToAcs(app.browser(), {
      acsUrl: connection.serviceProvider.acsUrl,
      ...(await idp.last()),
    } as never);
    expect(landingOf(replayed, app.url)?.searchParams.get("error")).toBe("replay_detected");
    await domainsCall(
      app.t,
      ssoPath(org.organization.id, `/connections/${connection.id}`),
      org.owner.cookie,
      {
        method: "PATCH",
        json: { allowIdpInitiated: false },
      },
    );
  });

  it("records SSO sign-ins as user.signed_in with method sso, and refused ones as refused", async () => {
    const email = `audited@${org.domain}`;
    const { res } = await signInAs({ email });
    expect(landingOf(res, app.url)?.pathname).toBe("/welcome");
    const [user] = await usersWith(email);
    const [signedIn] = await eventsOf(app.t, { action: "user.signed_in", targetId: user?.id });
    expect(signedIn).toMatchObject({
      outcome: "success",
      details: { method: "sso", provider: connection.id },
    });
    await signInAs({ email: `refused@${org.domain}`, mode: "wrong-audience" });
    const refused = (await eventsOf(app.t, { action: "user.signed_in" })).filter(
      (e) => e.outcome === "refused",
    );
    expect(refused.at(-1)).toMatchObject({ errorCode: "INVALID_SAML_RESPONSE", details: { method: "sso" } });
  });
});
