import { DOMParser } from "@xmldom/xmldom";
import * as samlifyModule from "samlify";

/**
 * samlify is CommonJS: Node's ESM import sees only some of its exports as named ones (not SPMetadata or
 * SamlLib), so everything goes through its module object.
 */
export const samlify: typeof samlifyModule =
  (samlifyModule as unknown as { default?: typeof samlifyModule }).default ?? samlifyModule;

/**
 * samlify refuses to parse anything until a schema validator is registered. Ours is a real well-formedness
 * check: @xmldom/xmldom (the DOM parser samlify itself uses) parses the document, and any warning, error or
 * fatal error refuses it. It does not validate against the SAML XSDs (no XSD engine in the tree); signature,
 * issuer, time and audience checks stay with samlify and the service provider under test.
 */
export function installWellFormedXmlValidator(): void {
  samlify.setSchemaValidator({
    async validate(xml: string) {
      const problems: string[] = [];
      try {
        // xmldom 0.9 (what runs here) reports through `onError`; the ambient typings of xmldom 0.8 that samlify
        // brings along win once samlify's types are in the program, and do not know it: hence the cast.
        const onError = (level: string, message: unknown) => problems.push(`${level}: ${String(message)}`);
        const options = { onError } as unknown as ConstructorParameters<typeof DOMParser>[0];
        new DOMParser(options).parseFromString(xml, "text/xml");
      } catch (error) {
        problems.push(String(error));
      }
      if (problems.length > 0) throw new Error(`ERR_INVALID_XML ${problems.join("; ")}`);
      return "SUCCESS_VALIDATE_XML";
    },
  });
}

/** Escapes text for an XML attribute value or element content. */
export function xmlEscape(value: string): string {
  return value
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&apos;");
}

/** Escapes text for HTML (the auto-posting form). */
export const htmlEscape = xmlEscape;

export const SAML_NS = {
  protocol: "urn:oasis:names:tc:SAML:2.0:protocol",
  assertion: "urn:oasis:names:tc:SAML:2.0:assertion",
  emailAddress: "urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress",
  bearer: "urn:oasis:names:tc:SAML:2.0:cm:bearer",
  success: "urn:oasis:names:tc:SAML:2.0:status:Success",
  basic: "urn:oasis:names:tc:SAML:2.0:attrname-format:basic",
  passwordProtected: "urn:oasis:names:tc:SAML:2.0:ac:classes:PasswordProtectedTransport",
  redirect: "urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect",
  post: "urn:oasis:names:tc:SAML:2.0:bindings:HTTP-POST",
} as const;

/** Everything that goes into one login Response. Times are ISO strings. */
export interface ResponseFields {
  id: string;
  assertionId: string;
  issuer: string;
  destination: string;
  recipient: string;
  audience: string;
  inResponseTo?: string;
  issueInstant: string;
  notBefore: string;
  notOnOrAfter: string;
  sessionIndex: string;
  nameId: string;
  attributes: Record<string, string | string[]>;
}

function attributeStatement(attributes: Record<string, string | string[]>): string {
  const entries = Object.entries(attributes);
  if (entries.length === 0) return "";
  const values = (value: string | string[]) =>
    (Array.isArray(value) ? value : [value])
      .map(
        (v) =>
          `<saml:AttributeValue xmlns:xs="http://www.w3.org/2001/XMLSchema" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xsi:type="xs:string">${xmlEscape(v)}</saml:AttributeValue>`,
      )
      .join("");
  const items = entries
    .map(
      ([name, value]) =>
        `<saml:Attribute Name="${xmlEscape(name)}" NameFormat="${SAML_NS.basic}">${values(value)}</saml:Attribute>`,
    )
    .join("");
  return `<saml:AttributeStatement>${items}</saml:AttributeStatement>`;
}

/**
 * A complete, unsigned SAML 2.0 login Response (one bearer Assertion), laid out the way samlify signs it:
 * the Issuer first in both the Response and the Assertion, so the signatures go right after them.
 */
export function loginResponseXml(f: ResponseFields): string {
  const inResponseTo = f.inResponseTo ? ` InResponseTo="${xmlEscape(f.inResponseTo)}"` : "";
  return [
    `<samlp:Response xmlns:samlp="${SAML_NS.protocol}" xmlns:saml="${SAML_NS.assertion}" ID="${f.id}" Version="2.0"`,
    ` IssueInstant="${f.issueInstant}" Destination="${xmlEscape(f.destination)}"${inResponseTo}>`,
    `<saml:Issuer>${xmlEscape(f.issuer)}</saml:Issuer>`,
    `<samlp:Status><samlp:StatusCode Value="${SAML_NS.success}"/></samlp:Status>`,
    `<saml:Assertion xmlns:saml="${SAML_NS.assertion}" ID="${f.assertionId}" Version="2.0" IssueInstant="${f.issueInstant}">`,
    `<saml:Issuer>${xmlEscape(f.issuer)}</saml:Issuer>`,
    `<saml:Subject><saml:NameID Format="${SAML_NS.emailAddress}">${xmlEscape(f.nameId)}</saml:NameID>`,
    `<saml:SubjectConfirmation Method="${SAML_NS.bearer}">`,
    `<saml:SubjectConfirmationData NotOnOrAfter="${f.notOnOrAfter}" Recipient="${xmlEscape(f.recipient)}"${inResponseTo}/>`,
    `</saml:SubjectConfirmation></saml:Subject>`,
    `<saml:Conditions NotBefore="${f.notBefore}" NotOnOrAfter="${f.notOnOrAfter}">`,
    `<saml:AudienceRestriction><saml:Audience>${xmlEscape(f.audience)}</saml:Audience></saml:AudienceRestriction>`,
    `</saml:Conditions>`,
    `<saml:AuthnStatement AuthnInstant="${f.issueInstant}" SessionIndex="${f.sessionIndex}">`,
    `<saml:AuthnContext><saml:AuthnContextClassRef>${SAML_NS.passwordProtected}</saml:AuthnContextClassRef></saml:AuthnContext>`,
    `</saml:AuthnStatement>`,
    attributeStatement(f.attributes),
    `</saml:Assertion></samlp:Response>`,
  ].join("");
}

/** An HTML page whose form POSTs the fields to `action` as soon as it loads (the SAML HTTP-POST binding). */
export function autoPostPage(action: string, fields: Record<string, string>): string {
  const inputs = Object.entries(fields)
    .map(([name, value]) => `<input type="hidden" name="${htmlEscape(name)}" value="${htmlEscape(value)}">`)
    .join("");
  return [
    '<!doctype html><html><head><meta charset="utf-8"><title>Signing in…</title></head>',
    `<body><form id="saml" method="post" action="${htmlEscape(action)}">${inputs}`,
    '<noscript><button type="submit">Continue</button></noscript></form>',
    "<script>document.getElementById('saml').submit();</script></body></html>",
  ].join("");
}
