import { readFileSync } from "node:fs";
import { DOMParser } from "@xmldom/xmldom";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  OTHER_AUDIENCE,
  OTHER_RECIPIENT,
  readAutoPostForm,
  type SamlIdp,
  samlPostBody,
  startSamlIdp,
} from "../support/saml-idp.ts";
import { installWellFormedXmlValidator, SAML_NS, samlify } from "../support/saml-xml.ts";

/**
 * The test SAML identity provider (issue 19) proved against samlify as the *service provider*: the harness the
 * SSO tests rely on must issue responses a standard SP accepts, and faults an SP can see.
 */

const SP_ENTITY = "urn:gatehouse:test:harness-sp";
const ACS = "http://127.0.0.1:9/acs/harness";
const SLO = "http://127.0.0.1:9/slo/harness";
const IDP_CERT = readFileSync(new URL("../fixtures/saml/idp-cert.pem", import.meta.url), "utf8");

let idp: SamlIdp;
let idpEntity: ReturnType<typeof samlify.IdentityProvider>;
const sp = samlify.ServiceProvider({
  entityID: SP_ENTITY,
  assertionConsumerService: [{ Binding: SAML_NS.post, Location: ACS }],
  singleLogoutService: [{ Binding: SAML_NS.redirect, Location: SLO }],
  wantAssertionsSigned: true,
  wantLogoutRequestSigned: true,
  wantLogoutResponseSigned: true,
});

beforeAll(async () => {
  installWellFormedXmlValidator();
  idp = await startSamlIdp();
  idpEntity = samlify.IdentityProvider({ metadata: await idp.metadataXml() });
  await idp.registerServiceProvider({ metadata: sp.getMetadata() });
});
afterAll(() => idp?.close());

/** The SP starts a sign-in (HTTP-Redirect AuthnRequest) and the IdP answers with its auto-posting form. */
async function signIn(relayState = "state-123") {
  const request = sp.createLoginRequest(idpEntity, "redirect", { relayState });
  const form = await idp.respondTo(request.context);
  return { requestId: request.id, form };
}

const parse = (SAMLResponse: string) => sp.parseLoginResponse(idpEntity, "post", { body: { SAMLResponse } });
const xmlOf = (SAMLResponse: string) =>
  new DOMParser().parseFromString(Buffer.from(SAMLResponse, "base64").toString("utf8"), "text/xml");
const nodes = (doc: ReturnType<typeof xmlOf>, ns: string, name: string) =>
  Array.from(doc.getElementsByTagNameNS(ns, name));
const attr = (doc: ReturnType<typeof xmlOf>, ns: string, name: string, attribute: string) =>
  nodes(doc, ns, name)[0]?.getAttribute(attribute);

/** Splits a redirect-binding URL into the query samlify reads and the signed octet string. */
function redirectParts(url: string) {
  const raw = new URL(url).search.slice(1);
  const pairs = raw.split("&").map((p) => p.split("=") as [string, string]);
  const get = (k: string) => pairs.find(([name]) => name === k)?.[1];
  const type = get("SAMLRequest") !== undefined ? "SAMLRequest" : "SAMLResponse";
  const octetString = [type, "RelayState", "SigAlg"]
    .filter((k) => get(k) !== undefined)
    .map((k) => `${k}=${get(k)}`)
    .join("&");
  const query = Object.fromEntries(new URL(url).searchParams);
  return { query, octetString };
}

describe("test SAML IdP", () => {
  it("publishes metadata with its entity ID, signing certificate, SSO and SLO services", async () => {
    expect(idpEntity.entityMeta.getEntityID()).toBe(idp.entityId);
    expect(idp.entityId).toBe(idp.metadataUrl);
    const published = String(idpEntity.entityMeta.getX509Certificate("signing")).replace(/\s/g, "");
    expect(IDP_CERT.replace(/-----[A-Z ]+-----|\s/g, "")).toBe(published);
    expect(idpEntity.entityMeta.getSingleSignOnService("redirect")).toBe(`${idp.url}/sso`);
    expect(idpEntity.entityMeta.getSingleSignOnService("post")).toBe(`${idp.url}/sso`);
    expect(idpEntity.entityMeta.getSingleLogoutService("redirect")).toBe(`${idp.url}/slo`);
  });

  it("answers an AuthnRequest with a signed response the SP accepts, carrying the person as set", async () => {
    await idp.next({
      email: "ada@acme.test",
      name: "Ada Lovelace",
      groups: ["engineering", "admins"],
      attributes: { department: "R&D <1>" },
    });
    const { requestId, form } = await signIn();
    expect(form.acsUrl).toBe(ACS);
    expect(form.RelayState).toBe("state-123");
    expect(Object.fromEntries(samlPostBody(form))).toEqual({
      SAMLResponse: form.SAMLResponse,
      RelayState: "state-123",
    });
    const { extract } = await parse(form.SAMLResponse);
    expect(extract.nameID).toBe("ada@acme.test");
    expect(extract.attributes).toEqual({
      email: "ada@acme.test",
      givenName: "Ada",
      surname: "Lovelace",
      displayName: "Ada Lovelace",
      groups: ["engineering", "admins"],
      department: "R&D <1>",
    });
    expect(extract.response?.inResponseTo).toBe(requestId);
    expect(extract.audience).toBe(SP_ENTITY);

    const doc = xmlOf(form.SAMLResponse);
    expect(attr(doc, SAML_NS.protocol, "Response", "Destination")).toBe(ACS);
    expect(attr(doc, SAML_NS.assertion, "SubjectConfirmationData", "Recipient")).toBe(ACS);
    expect(attr(doc, SAML_NS.assertion, "SubjectConfirmationData", "InResponseTo")).toBe(requestId);
    // Both the Assertion and the Response are signed, RSA-SHA256.
    const assertion = nodes(doc, SAML_NS.assertion, "Assertion")[0];
    const signatures = nodes(doc, "http://www.w3.org/2000/09/xmldsig#", "Signature");
    expect(signatures.map((s) => (s.parentNode as { localName?: string } | null)?.localName).sort()).toEqual([
      "Assertion",
      "Response",
    ]);
    expect(
      nodes(doc, "http://www.w3.org/2000/09/xmldsig#", "SignatureMethod")[0]?.getAttribute("Algorithm"),
    ).toBe("http://www.w3.org/2001/04/xmldsig-more#rsa-sha256");
    const notOnOrAfter = Date.parse(attr(doc, SAML_NS.assertion, "Conditions", "NotOnOrAfter") ?? "");
    expect(notOnOrAfter).toBeGreaterThan(Date.now());
    expect(assertion?.getAttribute("ID")).toMatch(/^_/);

    // A second sign-in gets a fresh assertion ID, and last() is what was issued.
    const again = await signIn("state-2");
    expect(
      nodes(xmlOf(again.form.SAMLResponse), SAML_NS.assertion, "Assertion")[0]?.getAttribute("ID"),
    ).not.toBe(assertion?.getAttribute("ID"));
    expect(await idp.last()).toEqual(again.form);
  });

  it("also takes AuthnRequests by HTTP-POST", async () => {
    await idp.next({ email: "post@acme.test" });
    const request = sp.createLoginRequest(idpEntity, "post", { relayState: "by-post" }) as {
      id: string;
      context: string;
      entityEndpoint: string;
    };
    const res = await fetch(request.entityEndpoint, {
      method: "POST",
      body: new URLSearchParams({ SAMLRequest: request.context, RelayState: "by-post" }),
    });
    expect(res.status).toBe(200);
    const form = readAutoPostForm(await res.text());
    expect(form.RelayState).toBe("by-post");
    const { extract } = await parse(form.SAMLResponse);
    expect(extract.nameID).toBe("post@acme.test");
    expect(extract.response?.inResponseTo).toBe(request.id);
  });

  it("forged signatures and unsigned responses are refused by the SP", async () => {
    await idp.next({ email: "eve@acme.test", mode: "forged-signature" });
    const forged = (await signIn()).form.SAMLResponse;
    await expect(parse(forged)).rejects.toThrow(/invalid signature/);
    // It names the IdP's real certificate: only the key is the attacker's.
    expect(Buffer.from(forged, "base64").toString()).toContain(IDP_CERT.split("\n")[1]);

    await idp.next({ email: "eve@acme.test", mode: "untrusted-certificate" });
    const impostor = (await signIn()).form.SAMLResponse;
    await expect(parse(impostor)).rejects.toThrow("ERROR_UNMATCH_CERTIFICATE_DECLARATION_IN_METADATA");

    await idp.next({ email: "eve@acme.test", mode: "unsigned" });
    const unsigned = (await signIn()).form.SAMLResponse;
    expect(nodes(xmlOf(unsigned), "http://www.w3.org/2000/09/xmldsig#", "Signature")).toHaveLength(0);
    await expect(parse(unsigned)).rejects.toThrow("FAILED_TO_VERIFY_SIGNATURE");
  });

  it("unsigned-assertion: the Response is signed by the IdP, the Assertion inside is not", async () => {
    await idp.next({ email: "eve@acme.test", mode: "unsigned-assertion" });
    const { form } = await signIn();
    const doc = xmlOf(form.SAMLResponse);
    const signatures = nodes(doc, "http://www.w3.org/2000/09/xmldsig#", "Signature");
    expect(signatures.map((s) => (s.parentNode as { localName?: string } | null)?.localName)).toEqual([
      "Response",
    ]);
    // The message signature is genuine (samlify's SP, which checks whichever signature is present, accepts it):
    // an SP that requires signed assertions, as better-auth's does with wantAssertionsSigned, must refuse it.
    await expect(parse(form.SAMLResponse)).resolves.toBeTruthy();
    const assertion = String(nodes(doc, SAML_NS.assertion, "Assertion")[0]);
    expect(samlify.SamlLib.verifySignature(assertion, { metadata: idpEntity.entityMeta })[0]).toBe(false);
  });

  it("expired and not-yet-valid responses carry times outside now, and the SP refuses them", async () => {
    await idp.next({ email: "old@acme.test", mode: "expired" });
    const expired = (await signIn()).form.SAMLResponse;
    const doc = xmlOf(expired);
    expect(Date.parse(attr(doc, SAML_NS.assertion, "Conditions", "NotOnOrAfter") ?? "")).toBeLessThan(
      Date.now(),
    );
    expect(
      Date.parse(attr(doc, SAML_NS.assertion, "SubjectConfirmationData", "NotOnOrAfter") ?? ""),
    ).toBeLessThan(Date.now());
    await expect(parse(expired)).rejects.toThrow("ERR_SUBJECT_UNCONFIRMED");

    await idp.next({ email: "soon@acme.test", mode: "not-yet-valid" });
    const early = (await signIn()).form.SAMLResponse;
    expect(
      Date.parse(attr(xmlOf(early), SAML_NS.assertion, "Conditions", "NotBefore") ?? ""),
    ).toBeGreaterThan(Date.now());
    await expect(parse(early)).rejects.toThrow("ERR_SUBJECT_UNCONFIRMED");
  });

  it("wrong-audience and wrong-recipient are validly signed but name another SP", async () => {
    await idp.next({ email: "ada@acme.test", mode: "wrong-audience" });
    const { extract } = await parse((await signIn()).form.SAMLResponse);
    expect(extract.audience).toBe(OTHER_AUDIENCE);

    await idp.next({ email: "ada@acme.test", mode: "wrong-recipient" });
    const { form } = await signIn();
    expect(form.acsUrl).toBe(ACS);
    const doc = xmlOf(form.SAMLResponse);
    expect(attr(doc, SAML_NS.protocol, "Response", "Destination")).toBe(OTHER_RECIPIENT);
    expect(attr(doc, SAML_NS.assertion, "SubjectConfirmationData", "Recipient")).toBe(OTHER_RECIPIENT);
    expect((await parse(form.SAMLResponse)).extract.nameID).toBe("ada@acme.test");
  });

  it("issues unsolicited (IdP-initiated) responses without InResponseTo, and keeps them for replay", async () => {
    const { SAMLResponse } = await idp.idpInitiated({
      acsUrl: ACS,
      audience: SP_ENTITY,
      email: "grace@acme.test",
      givenName: "Grace",
      surname: "Hopper",
    });
    const { extract } = await parse(SAMLResponse);
    expect(extract.nameID).toBe("grace@acme.test");
    expect(extract.attributes).toMatchObject({ displayName: "Grace Hopper" });
    expect(extract.response?.inResponseTo).toBeUndefined();
    expect(await idp.last()).toEqual({ acsUrl: ACS, SAMLResponse, RelayState: null });
  });

  it("single logout both ways, signed", async () => {
    // SP-initiated: the IdP answers a signed LogoutResponse by redirect to the SP's SLO URL.
    const request = sp.createLogoutRequest(
      idpEntity,
      "redirect",
      { logoutNameID: "ada@acme.test", sessionIndex: "_s1" },
      { relayState: "/signed-out" },
    );
    const answer = await fetch(request.context, { redirect: "manual" });
    expect(answer.status).toBe(302);
    const location = answer.headers.get("location") ?? "";
    expect(location.startsWith(`${SLO}?SAMLResponse=`)).toBe(true);
    expect(new URL(location).searchParams.get("RelayState")).toBe("/signed-out");
    const response = await sp.parseLogoutResponse(idpEntity, "redirect", redirectParts(location));
    expect(response.extract.response?.inResponseTo).toBe(request.id);
    expect(await idp.logouts()).toContainEqual(
      expect.objectContaining({ issuer: SP_ENTITY, nameId: "ada@acme.test", id: request.id }),
    );

    // IdP-initiated: a signed LogoutRequest for the SP.
    const { id, url } = await idp.logoutRequest({
      sloUrl: SLO,
      nameId: "grace@acme.test",
      relayState: "bye",
    });
    expect(url.startsWith(`${SLO}?SAMLRequest=`)).toBe(true);
    const logout = await sp.parseLogoutRequest(idpEntity, "redirect", redirectParts(url));
    expect(logout.extract.nameID).toBe("grace@acme.test");
    expect(logout.extract.request?.id).toBe(id);
    // The SP answers at the IdP's SLO URL; the IdP records the LogoutResponse.
    const spAnswer = sp.createLogoutResponse(idpEntity, { extract: logout.extract }, "redirect", {
      relayState: "bye",
    });
    const done = await fetch(spAnswer.context);
    expect(done.status).toBe(200);
    expect(await idp.logoutResponses()).toContainEqual({
      id: spAnswer.id,
      issuer: SP_ENTITY,
      inResponseTo: id,
      status: "urn:oasis:names:tc:SAML:2.0:status:Success",
    });
  });

  it("refuses bad input with 400 and a reason", async () => {
    expect((await fetch(`${idp.url}/sso`)).status).toBe(400);
    const garbage = await fetch(`${idp.url}/sso?SAMLRequest=bm90IHhtbA%3D%3D`);
    expect(garbage.status).toBe(400);
    expect(await garbage.text()).toContain("AuthnRequest refused");
    await expect(idp.next({ email: "" })).rejects.toThrow("400");
    await expect(idp.next({ email: "a@b.test", mode: "bogus" as never })).rejects.toThrow("unknown mode");
  });
});
