import { type ChildProcess, spawn } from "node:child_process";
import { once } from "node:events";
import type { ReceivedLogoutRequest, ReceivedLogoutResponse } from "./saml-idp-logout.ts";
import type { SamlMode, SamlUser } from "./saml-idp-responses.ts";

export { OTHER_AUDIENCE, OTHER_RECIPIENT, SAML_MODES } from "./saml-idp-responses.ts";
export type { ReceivedLogoutRequest, ReceivedLogoutResponse, SamlMode, SamlUser };

/**
 * The test SAML identity provider (issue 19): samlify as a real IdP in its own process (saml-idp-process.ts).
 *
 * API test (no browser), against an SP whose sign-in answers `{ url }` (better-auth's POST /sign-in/sso):
 *   const idp = await startSamlIdp();                       // in beforeAll; idp.close() in afterAll
 *   // configure the SP with idp.metadataXml() (or idp.metadataUrl); its entity ID is idp.entityId
 *   await idp.next({ email: "ada@acme.test", name: "Ada Lovelace", groups: ["eng"] });
 *   const post = await idp.respondTo(url);                  // url: the SP's redirect to the IdP
 *   await fetch(post.acsUrl, { method: "POST", body: samlPostBody(post), redirect: "manual" });
 * Faults: idp.next({ email, mode: "forged-signature" | "unsigned-assertion" | "wrong-audience" | … }).
 * Replay: idp.last() is the latest response issued. Unsolicited: idp.idpInitiated({ acsUrl, audience, email }).
 *
 * Browser journey: idp.next(…) first, then let the browser follow the SP's redirect to the IdP: the IdP
 * answers at once with a page that auto-POSTs SAMLResponse + RelayState to the ACS (no IdP login screen).
 * Single logout: idp.registerServiceProvider({ entityId, sloUrl }) before an SP-initiated logout;
 * idp.logoutRequest({ sloUrl, nameId }).url is an IdP-initiated one to open (browser) or fetch.
 */

/** The form fields of a SAML POST, as the browser would send them to the ACS. */
export function samlPostBody(post: SamlPost): URLSearchParams {
  const body = new URLSearchParams({ SAMLResponse: post.SAMLResponse });
  if (post.RelayState !== null) body.set("RelayState", post.RelayState);
  return body;
}

/** What the IdP sent (or would send) to a service provider's Assertion Consumer Service. */
export interface SamlPost {
  acsUrl: string;
  SAMLResponse: string;
  RelayState: string | null;
}

export interface SamlIdp {
  /** http://127.0.0.1:<port> */
  url: string;
  /** Where the IdP metadata is served; also the IdP's entity ID. */
  metadataUrl: string;
  entityId: string;
  metadataXml(): Promise<string>;
  /** The next sign-ins (SP-initiated) are this person, built in this mode ("ok" unless said). */
  next(user: SamlUser): Promise<void>;
  /**
   * Tells the IdP about a service provider (as a real IdP is configured): its metadata XML, or its entity ID
   * with ACS and SLO URLs. Needed for SP-initiated logout (the LogoutResponse goes to the SLO URL), and for
   * AuthnRequests that carry no AssertionConsumerServiceURL.
   */
  registerServiceProvider(
    sp: { metadata: string } | { entityId: string; acsUrl?: string; sloUrl?: string },
  ): Promise<void>;
  /** Follows an SP-initiated sign-in: GETs the IdP URL (with SAMLRequest) and reads the auto-posting form. */
  respondTo(signInUrl: string): Promise<SamlPost>;
  /** An unsolicited (IdP-initiated) response: no InResponseTo. */
  idpInitiated(
    input: SamlUser & { acsUrl: string; audience: string; relayState?: string },
  ): Promise<{ SAMLResponse: string }>;
  /** The last response issued (to replay it). */
  last(): Promise<SamlPost | null>;
  /** LogoutRequests the IdP received from service providers (SP-initiated single logout). */
  logouts(): Promise<ReceivedLogoutRequest[]>;
  /** LogoutResponses service providers sent back to the IdP's SLO URL (the end of an IdP-initiated logout). */
  logoutResponses(): Promise<ReceivedLogoutResponse[]>;
  /**
   * A signed IdP-initiated LogoutRequest (HTTP-Redirect binding) for the person: the URL to send the SP to.
   * The session index defaults to the person's latest sign-in here.
   */
  logoutRequest(input: {
    sloUrl: string;
    nameId: string;
    sessionIndex?: string;
    relayState?: string;
  }): Promise<{ id: string; url: string }>;
  /** What the IdP process wrote on stderr (its unexpected errors). */
  output(): string;
  close(): Promise<void>;
}

const ROOT = new URL("../..", import.meta.url).pathname;
const PROCESS = new URL("./saml-idp-process.ts", import.meta.url).pathname;

function decodeHtml(value: string): string {
  return value
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");
}

/** The action and hidden fields of an auto-posting SAML form page. */
export function readAutoPostForm(html: string): SamlPost {
  const action = html.match(/<form[^>]*\saction="([^"]*)"/)?.[1];
  const field = (name: string) => {
    const m = html.match(new RegExp(`<input type="hidden" name="${name}" value="([^"]*)"`));
    return m?.[1] === undefined ? null : decodeHtml(m[1]);
  };
  const SAMLResponse = field("SAMLResponse");
  if (!action || !SAMLResponse) throw new Error(`not a SAML auto-post form:\n${html.slice(0, 500)}`);
  return { acsUrl: decodeHtml(action), SAMLResponse, RelayState: field("RelayState") };
}

async function waitReady(proc: ChildProcess, timeoutMs: number, err: () => string): Promise<number> {
  let out = "";
  return new Promise((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`SAML IdP did not start in ${timeoutMs} ms:\n${err()}`)),
      timeoutMs,
    );
    proc.stdout?.on("data", (d) => {
      out += d;
      const line = out.split("\n").find((l) => l.startsWith("{"));
      if (!line) return;
      clearTimeout(timer);
      resolve((JSON.parse(line) as { port: number }).port);
    });
    proc.once("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`SAML IdP exited with ${code}:\n${err()}`));
    });
  });
}

/** Starts the test SAML identity provider (samlify) in its own process on a free loopback port. */
export async function startSamlIdp({ timeoutMs = 30_000 } = {}): Promise<SamlIdp> {
  // stdin is a pipe the IdP watches: when this process ends, however it ends, the pipe closes and the IdP exits.
  const proc = spawn(process.execPath, ["--import", "tsx", PROCESS], {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "" },
    stdio: ["pipe", "pipe", "pipe"],
  });
  let stderr = "";
  proc.stderr?.on("data", (d) => {
    stderr += d;
  });
  const port = await waitReady(proc, timeoutMs, () => stderr);
  const url = `http://127.0.0.1:${port}`;

  async function call<T>(method: "GET" | "POST", path: string, body?: unknown): Promise<T> {
    const res = await fetch(`${url}${path}`, {
      method,
      headers: body === undefined ? {} : { "content-type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    if (res.status === 404 && path === "/control/last") return null as T;
    if (!res.ok) throw new Error(`SAML IdP ${method} ${path}: ${res.status} ${text}\n${stderr}`);
    return JSON.parse(text) as T;
  }

  return {
    url,
    metadataUrl: `${url}/metadata`,
    entityId: `${url}/metadata`,
    async metadataXml() {
      const res = await fetch(`${url}/metadata`);
      if (!res.ok) throw new Error(`SAML IdP metadata: ${res.status}`);
      return res.text();
    },
    async next(user) {
      await call("POST", "/control/next", user);
    },
    async registerServiceProvider(sp) {
      await call("POST", "/control/service-provider", sp);
    },
    async respondTo(signInUrl) {
      const res = await fetch(signInUrl);
      const html = await res.text();
      if (!res.ok) throw new Error(`SAML IdP /sso: ${res.status} ${html}\n${stderr}`);
      return readAutoPostForm(html);
    },
    idpInitiated: (input) => call("POST", "/control/idp-initiated", input),
    last: () => call("GET", "/control/last"),
    logouts: () => call("GET", "/control/logouts"),
    logoutResponses: () => call("GET", "/control/logout-responses"),
    logoutRequest: (input) => call("POST", "/control/logout-request", input),
    output: () => stderr,
    async close() {
      if (proc.exitCode !== null || proc.signalCode !== null) return;
      const exited = once(proc, "exit");
      proc.stdin?.end();
      await exited;
    },
  };
}
