import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import { loginResponseXml, SAML_NS, samlify } from "./saml-xml.ts";

/**
 * The identity-provider side of the test IdP (issue 19): samlify entities built from the committed test keys,
 * and login Responses built for one person in one "mode" (a good response, or one of the faults a service
 * provider must refuse). Used by saml-idp-process.ts, which runs in its own process.
 */

const FIXTURES = new URL("../fixtures/saml/", import.meta.url);
const pem = (name: string) => readFileSync(new URL(name, FIXTURES), "utf8");
export const IDP_KEY = pem("idp-key.pem");
export const IDP_CERT = pem("idp-cert.pem");
export const ATTACKER_KEY = pem("attacker-key.pem");
export const ATTACKER_CERT = pem("attacker-cert.pem");

export const SAML_MODES = [
  "ok",
  /** Response and Assertion signed with the attacker's key, yet naming the IdP's real certificate. */
  "forged-signature",
  /** Signed with the attacker's key and carrying the attacker's own certificate (not the one in metadata). */
  "untrusted-certificate",
  /** The Response is signed (by the IdP's real key), the Assertion inside is not. */
  "unsigned-assertion",
  /** Nothing signed at all. */
  "unsigned",
  "wrong-audience",
  "wrong-recipient",
  "expired",
  "not-yet-valid",
] as const;
export type SamlMode = (typeof SAML_MODES)[number];

/** The Audience a "wrong-audience" response names. */
export const OTHER_AUDIENCE = "urn:gatehouse:test:some-other-service-provider";
/** The Destination and Recipient a "wrong-recipient" response names. */
export const OTHER_RECIPIENT = "https://other-sp.invalid/saml/acs";

/** Who signs in, and how the response about them is built. */
export interface SamlUser {
  email: string;
  name?: string;
  givenName?: string;
  surname?: string;
  groups?: string[];
  attributes?: Record<string, string | string[]>;
  mode?: SamlMode;
  /**
   * Times mode: the assertion's NotOnOrAfter this many milliseconds from now (negative: already past), with
   * IssueInstant and NotBefore ten minutes before it. Signed as an "ok" response; `mode` still decides the rest.
   */
  notOnOrAfterInMs?: number;
}

export function assertSamlUser(value: unknown): SamlUser {
  const user = value as SamlUser;
  if (!user || typeof user.email !== "string" || !user.email) throw new Error("email is required");
  if (user.mode !== undefined && !SAML_MODES.includes(user.mode))
    throw new Error(`unknown mode ${user.mode}`);
  if (user.groups !== undefined && !Array.isArray(user.groups)) throw new Error("groups must be a list");
  if (user.notOnOrAfterInMs !== undefined && !Number.isFinite(user.notOnOrAfterInMs))
    throw new Error("notOnOrAfterInMs must be a number");
  return user;
}

/** The attribute statement of a person: email, givenName, surname, displayName, groups, then any extra. */
export function attributesOf(user: SamlUser): Record<string, string | string[]> {
  const [first, ...rest] = (user.name ?? "").split(" ");
  const givenName = user.givenName ?? (first || undefined);
  const surname = user.surname ?? (rest.join(" ") || undefined);
  const displayName = user.name ?? ([givenName, surname].filter(Boolean).join(" ") || undefined);
  const attributes: Record<string, string | string[]> = { email: user.email };
  if (givenName) attributes.givenName = givenName;
  if (surname) attributes.surname = surname;
  if (displayName) attributes.displayName = displayName;
  if (user.groups?.length) attributes.groups = user.groups;
  return { ...attributes, ...user.attributes };
}

const newId = () => `_${randomUUID()}`;

export function createIdentityProviders(baseUrl: string) {
  const settings = {
    entityID: `${baseUrl}/metadata`,
    signingCert: IDP_CERT,
    nameIDFormat: [SAML_NS.emailAddress],
    singleSignOnService: [
      { Binding: SAML_NS.redirect, Location: `${baseUrl}/sso` },
      { Binding: SAML_NS.post, Location: `${baseUrl}/sso` },
    ],
    singleLogoutService: [{ Binding: SAML_NS.redirect, Location: `${baseUrl}/slo` }],
    wantAuthnRequestsSigned: false,
    generateID: newId,
  };
  return {
    idp: samlify.IdentityProvider({ ...settings, privateKey: IDP_KEY }),
    /** Same entity ID and published certificate, but it signs with the attacker's key. */
    forger: samlify.IdentityProvider({ ...settings, privateKey: ATTACKER_KEY }),
    /** Same entity ID, but its own key and self-signed certificate. */
    impostor: samlify.IdentityProvider({ ...settings, privateKey: ATTACKER_KEY, signingCert: ATTACKER_CERT }),
  };
}
export type IdentityProviders = ReturnType<typeof createIdentityProviders>;

/** Where a response goes and for whom. */
export interface ResponseTarget {
  acsUrl: string;
  audience: string;
  inResponseTo?: string;
  relayState?: string;
}

const MINUTE = 60_000;

function times(mode: SamlMode, now: number, notOnOrAfterInMs?: number) {
  const iso = (ms: number) => new Date(ms).toISOString();
  if (notOnOrAfterInMs !== undefined) {
    const end = now + notOnOrAfterInMs;
    return {
      issueInstant: iso(end - 10 * MINUTE),
      notBefore: iso(end - 10 * MINUTE),
      notOnOrAfter: iso(end),
    };
  }
  if (mode === "expired") {
    return {
      issueInstant: iso(now - 120 * MINUTE),
      notBefore: iso(now - 120 * MINUTE),
      notOnOrAfter: iso(now - 60 * MINUTE),
    };
  }
  if (mode === "not-yet-valid") {
    return {
      issueInstant: iso(now),
      notBefore: iso(now + 60 * MINUTE),
      notOnOrAfter: iso(now + 120 * MINUTE),
    };
  }
  return { issueInstant: iso(now), notBefore: iso(now - MINUTE), notOnOrAfter: iso(now + 5 * MINUTE) };
}

/** A base64 SAMLResponse for the person, built and signed as the mode says; and its session index. */
export async function buildLoginResponse(
  idps: IdentityProviders,
  user: SamlUser,
  target: ResponseTarget,
): Promise<{ SAMLResponse: string; sessionIndex: string }> {
  const mode = user.mode ?? "ok";
  const recipient = mode === "wrong-recipient" ? OTHER_RECIPIENT : target.acsUrl;
  const sessionIndex = newId();
  const id = newId();
  const xml = loginResponseXml({
    id,
    assertionId: newId(),
    issuer: idps.idp.entityMeta.getEntityID(),
    destination: recipient,
    recipient,
    audience: mode === "wrong-audience" ? OTHER_AUDIENCE : target.audience,
    inResponseTo: target.inResponseTo,
    sessionIndex,
    nameId: user.email,
    attributes: attributesOf(user),
    ...times(mode, Date.now(), user.notOnOrAfterInMs),
  });
  if (mode === "unsigned") return { SAMLResponse: Buffer.from(xml, "utf8").toString("base64"), sessionIndex };

  // samlify signs what the service provider asks for: the Assertion when it wants signed assertions, the
  // Response when it wants signed messages (or when assertions are not signed).
  const sp = samlify.ServiceProvider({
    entityID: target.audience,
    assertionConsumerService: [{ Binding: SAML_NS.post, Location: target.acsUrl }],
    wantAssertionsSigned: mode !== "unsigned-assertion",
    wantMessageSigned: true,
  });
  const signer =
    mode === "forged-signature" ? idps.forger : mode === "untrusted-certificate" ? idps.impostor : idps.idp;
  const signed = await signer.createLoginResponse(
    sp,
    { extract: { request: { id: target.inResponseTo ?? "" } } },
    "post",
    { email: user.email },
    { relayState: target.relayState, customTagReplacement: () => ({ id, context: xml }) },
  );
  return { SAMLResponse: signed.context, sessionIndex };
}
