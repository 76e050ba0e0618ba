import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import {
  logoutRequestUrl,
  logoutResponseUrl,
  type ReceivedLogoutRequest,
  type ReceivedLogoutResponse,
  readLogoutRequest,
  readLogoutResponse,
} from "./saml-idp-logout.ts";
import {
  assertSamlUser,
  buildLoginResponse,
  createIdentityProviders,
  type IdentityProviders,
  type SamlUser,
} from "./saml-idp-responses.ts";
import { autoPostPage, installWellFormedXmlValidator, samlify } from "./saml-xml.ts";

/**
 * A SAML 2.0 identity provider for the tests (issue 19), run in its own process:
 *   node --import tsx test/support/saml-idp-process.ts
 * It listens on a free 127.0.0.1 port and prints one line `{"ready":true,"port":N}`. It exits when its stdin
 * closes (the parent test process ended or called close()), so it never outlives the tests.
 * Driven through test/support/saml-idp.ts; the routes are listed there.
 */

installWellFormedXmlValidator();

class BadRequest extends Error {}
const refuse = (error: Error): never => {
  throw new BadRequest(error.message);
};

interface ServiceProviderInfo {
  acsUrl?: string;
  sloUrl?: string;
}
interface Issued {
  acsUrl: string;
  SAMLResponse: string;
  RelayState: string | null;
}

let idps: IdentityProviders;
let baseUrl = "";
let nextUser: SamlUser | null = null;
let last: Issued | null = null;
const serviceProviders = new Map<string, ServiceProviderInfo>();
/** Session index of each person's latest sign-in, by NameID (for IdP-initiated logout). */
const sessions = new Map<string, string>();
const logoutRequests: ReceivedLogoutRequest[] = [];
const logoutResponses: ReceivedLogoutResponse[] = [];

/** Any SP may send AuthnRequests (they are unsigned); this stands for the sender. */
const anySp = () => samlify.ServiceProvider({ entityID: "urn:gatehouse:test:any-service-provider" });

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
    req.on("error", reject);
  });
}

async function jsonBody(req: IncomingMessage): Promise<Record<string, unknown>> {
  try {
    const body = JSON.parse(await readBody(req));
    if (body && typeof body === "object") return body;
  } catch {}
  throw new BadRequest("expected a JSON object");
}

const str = (value: unknown, name: string): string => {
  if (typeof value !== "string" || !value) throw new BadRequest(`${name} is required`);
  return value;
};

function send(res: ServerResponse, status: number, type: string, body: string) {
  res.writeHead(status, { "content-type": type, "cache-control": "no-store" }).end(body);
}
const sendJson = (res: ServerResponse, status: number, body: unknown) =>
  send(res, status, "application/json", JSON.stringify(body));

/** HTTP-Redirect (query) or HTTP-POST (form) AuthnRequest → an auto-posting form carrying a signed Response. */
async function signOn(params: URLSearchParams, binding: "redirect" | "post", res: ServerResponse) {
  const SAMLRequest = str(params.get("SAMLRequest"), "SAMLRequest");
  const RelayState = params.get("RelayState");
  let parsed: Awaited<ReturnType<typeof idps.idp.parseLoginRequest>>;
  try {
    parsed = await idps.idp.parseLoginRequest(
      anySp(),
      binding,
      binding === "redirect" ? { query: { SAMLRequest } } : { body: { SAMLRequest } },
    );
  } catch (error) {
    throw new BadRequest(`AuthnRequest refused: ${String(error)}`);
  }
  const request = parsed.extract.request as Record<string, string> | undefined;
  const issuer = String(parsed.extract.issuer ?? "");
  if (!request?.id || !issuer) throw new BadRequest("AuthnRequest without ID or Issuer");
  const acsUrl = request.assertionConsumerServiceUrl || serviceProviders.get(issuer)?.acsUrl;
  if (!acsUrl)
    throw new BadRequest(`no AssertionConsumerServiceURL in the request and no metadata for ${issuer}`);
  if (!nextUser) throw new BadRequest("nobody to sign in: POST /control/next first");
  const { SAMLResponse, sessionIndex } = await buildLoginResponse(idps, nextUser, {
    acsUrl,
    audience: issuer,
    inResponseTo: request.id,
    relayState: RelayState ?? undefined,
  });
  sessions.set(nextUser.email, sessionIndex);
  last = { acsUrl, SAMLResponse, RelayState };
  const fields: Record<string, string> = { SAMLResponse };
  if (RelayState !== null) fields.RelayState = RelayState;
  send(res, 200, "text/html; charset=utf-8", autoPostPage(acsUrl, fields));
}

/**
 * The IdP's SLO service (HTTP-Redirect). A LogoutRequest from an SP (SP-initiated logout) is answered with a
 * signed LogoutResponse, redirected to that SP's SLO URL; a LogoutResponse (the end of an IdP-initiated logout)
 * is recorded and answered with a small "signed out" page.
 */
async function singleLogout(params: URLSearchParams, res: ServerResponse) {
  const SAMLResponse = params.get("SAMLResponse");
  if (SAMLResponse) {
    logoutResponses.push(await readLogoutResponse(idps, SAMLResponse).catch(refuse));
    return send(
      res,
      200,
      "text/html; charset=utf-8",
      "<!doctype html><title>Signed out</title><p>Signed out.</p>",
    );
  }
  const SAMLRequest = str(params.get("SAMLRequest"), "SAMLRequest or SAMLResponse");
  const { received, extract } = await readLogoutRequest(idps, SAMLRequest).catch(refuse);
  logoutRequests.push(received);
  const sloUrl = serviceProviders.get(received.issuer)?.sloUrl;
  if (!sloUrl)
    throw new BadRequest(`no SLO URL known for ${received.issuer}: POST /control/service-provider first`);
  const location = logoutResponseUrl(
    idps,
    { entityId: received.issuer, sloUrl },
    extract,
    params.get("RelayState") ?? undefined,
  );
  res.writeHead(302, { location, "cache-control": "no-store" }).end();
}

function registerServiceProvider(body: Record<string, unknown>) {
  if (typeof body.metadata === "string") {
    const meta = samlify.SPMetadata(body.metadata);
    const acs = meta.getAssertionConsumerService("post");
    const slo = meta.getSingleLogoutService("redirect");
    const info = {
      acsUrl: typeof acs === "string" ? acs : undefined,
      sloUrl: typeof slo === "string" ? slo : undefined,
    };
    serviceProviders.set(meta.getEntityID(), info);
    return { entityId: meta.getEntityID(), ...info };
  }
  const entityId = str(body.entityId, "entityId");
  const info = {
    acsUrl: typeof body.acsUrl === "string" ? body.acsUrl : undefined,
    sloUrl: typeof body.sloUrl === "string" ? body.sloUrl : undefined,
  };
  serviceProviders.set(entityId, info);
  return { entityId, ...info };
}

async function control(path: string, req: IncomingMessage, res: ServerResponse) {
  if (req.method === "GET" && path === "/control/last") return sendJson(res, last ? 200 : 404, last);
  if (req.method === "GET" && path === "/control/logouts") return sendJson(res, 200, logoutRequests);
  if (req.method === "GET" && path === "/control/logout-responses")
    return sendJson(res, 200, logoutResponses);
  if (req.method !== "POST") throw new BadRequest(`unknown control ${req.method} ${path}`);
  const body = await jsonBody(req);
  if (path === "/control/next") {
    try {
      nextUser = assertSamlUser(body);
    } catch (error) {
      throw new BadRequest((error as Error).message);
    }
    return sendJson(res, 200, { ok: true });
  }
  if (path === "/control/service-provider") return sendJson(res, 200, registerServiceProvider(body));
  if (path === "/control/idp-initiated") {
    let user: SamlUser;
    try {
      user = assertSamlUser(body);
    } catch (error) {
      throw new BadRequest((error as Error).message);
    }
    const acsUrl = str(body.acsUrl, "acsUrl");
    const relayState = typeof body.relayState === "string" ? body.relayState : undefined;
    const target = { acsUrl, audience: str(body.audience, "audience"), relayState };
    const { SAMLResponse, sessionIndex } = await buildLoginResponse(idps, user, target);
    sessions.set(user.email, sessionIndex);
    last = { acsUrl, SAMLResponse, RelayState: relayState ?? null };
    return sendJson(res, 200, { SAMLResponse });
  }
  if (path === "/control/logout-request") {
    const sloUrl = str(body.sloUrl, "sloUrl");
    const nameId = str(body.nameId, "nameId");
    const entityId = typeof body.entityId === "string" ? body.entityId : "urn:gatehouse:test:logout-target";
    const sessionIndex =
      typeof body.sessionIndex === "string" ? body.sessionIndex : (sessions.get(nameId) ?? "");
    const relayState = typeof body.relayState === "string" ? body.relayState : undefined;
    return sendJson(
      res,
      200,
      logoutRequestUrl(idps, { entityId, sloUrl }, { nameId, sessionIndex }, relayState),
    );
  }
  throw new BadRequest(`unknown control POST ${path}`);
}

async function route(req: IncomingMessage, res: ServerResponse) {
  const url = new URL(req.url ?? "/", baseUrl);
  if (req.method === "GET" && url.pathname === "/metadata") {
    return send(res, 200, "application/samlmetadata+xml", idps.idp.getMetadata());
  }
  if (url.pathname === "/sso" && req.method === "GET") return signOn(url.searchParams, "redirect", res);
  if (url.pathname === "/sso" && req.method === "POST") {
    return signOn(new URLSearchParams(await readBody(req)), "post", res);
  }
  if (url.pathname === "/slo" && req.method === "GET") return singleLogout(url.searchParams, res);
  if (url.pathname.startsWith("/control/")) return control(url.pathname, req, res);
  send(res, 404, "text/plain", "not found");
}

const server = createServer((req, res) => {
  route(req, res).catch((error: unknown) => {
    const status = error instanceof BadRequest ? 400 : 500;
    if (status === 500) process.stderr.write(`saml-idp: ${(error as Error)?.stack ?? error}\n`);
    if (!res.headersSent)
      send(res, status, "text/plain; charset=utf-8", String((error as Error)?.message ?? error));
  });
});

server.listen(0, "127.0.0.1", () => {
  const { port } = server.address() as AddressInfo;
  baseUrl = `http://127.0.0.1:${port}`;
  idps = createIdentityProviders(baseUrl);
  process.stdout.write(`${JSON.stringify({ ready: true, port })}\n`);
});

// The parent holds our stdin: when it closes (close(), or the test process died), we go too.
process.stdin.on("end", () => process.exit(0));
process.stdin.on("close", () => process.exit(0));
process.stdin.resume();
process.on("SIGTERM", () => process.exit(0));
