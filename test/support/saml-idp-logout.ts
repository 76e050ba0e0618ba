import type { IdentityProviders } from "./saml-idp-responses.ts";
import { SAML_NS, samlify } from "./saml-xml.ts";

/**
 * Single logout for the test IdP (issue 19), HTTP-Redirect binding: LogoutRequests and LogoutResponses from
 * service providers, and the signed messages the IdP sends them. Errors thrown here are the sender's fault.
 */

/** A LogoutRequest an SP sent to the IdP (SP-initiated logout). */
export interface ReceivedLogoutRequest {
  id: string;
  issuer: string;
  nameId: string;
  sessionIndex: string | null;
}
/** A LogoutResponse an SP sent back (the end of an IdP-initiated logout). */
export interface ReceivedLogoutResponse {
  id: string;
  issuer: string;
  inResponseTo: string | null;
  status: string | null;
}

/** The SP as a logout target: its SLO URL, and it wants logout messages signed (so the IdP signs them). */
export function sloTarget(entityID: string, sloUrl: string) {
  return samlify.ServiceProvider({
    entityID,
    singleLogoutService: [{ Binding: SAML_NS.redirect, Location: sloUrl }],
    wantLogoutRequestSigned: true,
    wantLogoutResponseSigned: true,
  });
}

/** The sender of an unsigned message, whoever it is (samlify needs an entity to parse against). */
const sender = (entityID = "urn:gatehouse:test:any-service-provider") =>
  samlify.ServiceProvider({ entityID });

type Extract = Awaited<ReturnType<IdentityProviders["idp"]["parseLogoutRequest"]>>["extract"];

const text = (value: unknown) =>
  value === undefined || value === null || value === "" ? null : String(value);

export async function readLogoutRequest(
  idps: IdentityProviders,
  SAMLRequest: string,
): Promise<{ received: ReceivedLogoutRequest; extract: Extract }> {
  let parsed: Awaited<ReturnType<typeof idps.idp.parseLogoutRequest>>;
  try {
    parsed = await idps.idp.parseLogoutRequest(sender(), "redirect", { query: { SAMLRequest } });
  } catch (error) {
    throw new Error(`LogoutRequest refused: ${String(error)}`);
  }
  const request = parsed.extract.request as Record<string, string> | undefined;
  const received = {
    id: request?.id ?? "",
    issuer: String(parsed.extract.issuer ?? ""),
    nameId: String(parsed.extract.nameID ?? ""),
    sessionIndex: text(parsed.extract.sessionIndex),
  };
  return { received, extract: parsed.extract };
}

export async function readLogoutResponse(
  idps: IdentityProviders,
  SAMLResponse: string,
): Promise<ReceivedLogoutResponse> {
  // samlify checks a LogoutResponse's Issuer against the entity it parses for: read the Issuer first.
  let issuer: string;
  try {
    const xml = samlify.Utility.inflateString(decodeURIComponent(SAMLResponse));
    issuer = String(samlify.Extractor.extract(xml, samlify.Extractor.logoutResponseFields).issuer ?? "");
  } catch (error) {
    throw new Error(`LogoutResponse refused: ${String(error)}`);
  }
  let parsed: Awaited<ReturnType<typeof idps.idp.parseLogoutResponse>>;
  try {
    parsed = await idps.idp.parseLogoutResponse(sender(issuer), "redirect", { query: { SAMLResponse } });
  } catch (error) {
    throw new Error(`LogoutResponse refused: ${String(error)}`);
  }
  const response = parsed.extract.response as Record<string, string> | undefined;
  const status = samlify.Extractor.extract(parsed.samlContent, [
    { key: "status", localPath: ["LogoutResponse", "Status", "StatusCode"], attributes: ["Value"] },
  ]).status;
  return { id: response?.id ?? "", issuer, inResponseTo: text(response?.inResponseTo), status: text(status) };
}

/** The redirect URL carrying the IdP's signed LogoutResponse to the SP's SLO URL. */
export function logoutResponseUrl(
  idps: IdentityProviders,
  target: { entityId: string; sloUrl: string },
  extract: Extract,
  relayState?: string,
): string {
  return idps.idp.createLogoutResponse(sloTarget(target.entityId, target.sloUrl), { extract }, "redirect", {
    relayState,
  }).context;
}

/** A signed IdP-initiated LogoutRequest for the person: its ID and the redirect URL to the SP's SLO URL. */
export function logoutRequestUrl(
  idps: IdentityProviders,
  target: { entityId: string; sloUrl: string },
  user: { nameId: string; sessionIndex: string },
  relayState?: string,
): { id: string; url: string } {
  const { id, context } = idps.idp.createLogoutRequest(
    sloTarget(target.entityId, target.sloUrl),
    "redirect",
    { logoutNameID: user.nameId, sessionIndex: user.sessionIndex },
    { relayState },
  );
  return { id, url: context };
}
