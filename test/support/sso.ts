import type { AddressInfo } from "node:net";
import { serve } from "@hono/node-server";
import { startDnsServer, type TestDnsServer } from "./dns-server.ts";
import { domainsCall, freshDomain, verifiedDomain } from "./domains.ts";
import { freePort } from "./free-port.ts";
import { type OAuthProvider, startOAuthProvider } from "./oauth-provider.ts";
import { createOrganization, signUpWithId } from "./organizations.ts";
import { Browser } from "./social.ts";
import { startTestApp, TEST_ORIGIN, type TestApp } from "./test-app.ts";
import { createUser } from "./users.ts";

/** The OIDC client the test IdP knows Gatehouse by (oauth2-mock-server accepts any). */
export const SSO_OIDC_CLIENT = { clientId: "gatehouse-sso", clientSecret: "sso-client-secret-123" };

export interface SsoTestApp {
  t: TestApp;
  /** The app's own URL over real HTTP (BETTER_AUTH_URL). */
  url: string;
  dns: TestDnsServer;
  /** An OpenID Connect IdP on loopback (trusted: better-auth's SSRF guard refuses other private hosts). */
  oidc: OAuthProvider;
  browser(): Browser;
  close(): Promise<void>;
}

/**
 * The real app on a real port, a DNS server for domain verification and an OIDC IdP; `trusted` adds origins
 * better-auth may reach (a SAML IdP's).
 */
export async function startSsoTestApp(env: Record<string, string> = {}, trusted: string[] = []) {
  const [dns, oidc, port] = await Promise.all([startDnsServer(), startOAuthProvider("oidc"), freePort()]);
  const url = `http://127.0.0.1:${port}`;
  const t = await startTestApp({
    BETTER_AUTH_URL: url,
    TRUSTED_ORIGINS: [TEST_ORIGIN, oidc.url, ...trusted].join(","),
    DNS_SERVERS: dns.address,
    ...env,
  });
  const http = serve({ fetch: t.server.app.fetch, port, hostname: "127.0.0.1" });
  await new Promise<void>((resolve) => {
    if ((http.address() as AddressInfo | null)?.port) resolve();
    else http.once("listening", () => resolve());
  });
  return {
    t,
    url,
    dns,
    oidc,
    browser: () => new Browser(url),
    async close() {
      await new Promise((resolve) => http.close(resolve));
      await t.close();
      await Promise.all([oidc.close(), dns.close()]);
    },
  } satisfies SsoTestApp;
}

/** An owner with an organization and a domain it verified (through the Domains API and DNS). */
export async function ownerWithDomain(app: SsoTestApp, domain = freshDomain()) {
  const owner = await signUpWithId(app.t, createUser());
  const organization = await createOrganization(app.t, owner.cookie);
  await verifiedDomain(app.t, app.dns, owner.cookie, organization.id, { joinMode: "off" }, domain);
  return { owner, organization, domain };
}

/** The connections path of an organization. */
export const ssoPath = (organizationId: string, rest = "") => `/organizations/${organizationId}/sso${rest}`;

/** Creates an OIDC connection on the test IdP for the domain; returns the API's answer. */
export async function createOidcConnection(
  app: SsoTestApp,
  cookie: string,
  organizationId: string,
  domain: string,
  settings: Record<string, unknown> = {},
) {
  return domainsCall(app.t, ssoPath(organizationId, "/connections"), cookie, {
    json: {
      protocol: "oidc",
      domain,
      oidc: { issuer: app.oidc.url, ...SSO_OIDC_CLIENT, scopes: ["groups"] },
      ...settings,
    },
  });
}

/** POSTs what the IdP's auto-posting form holds to the ACS, as the browser would; the app's answer. */
export async function postToAcs(
  browser: Browser,
  post: { acsUrl: string; SAMLResponse: string; RelayState?: string | null },
): Promise<Response> {
  const form = new URLSearchParams({ SAMLResponse: post.SAMLResponse });
  if (post.RelayState) form.set("RelayState", post.RelayState);
  return browser.fetch(post.acsUrl, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: form.toString(),
  });
}

/** POST /api/auth/sign-in/sso for `email`: the IdP URL the browser is sent to. */
export async function startSsoSignIn(browser: Browser, email: string): Promise<string> {
  const res = await browser.postJSON("/api/auth/sign-in/sso", {
    email,
    callbackURL: "/welcome",
    errorCallbackURL: "/error",
  });
  const text = await res.text();
  if (res.status !== 200) throw new Error(`sign-in/sso: ${res.status} ${text}`);
  return (JSON.parse(text) as { url: string }).url;
}

/** Where a redirect answer sends the browser (path and query), or null. */
export function landingOf(res: Response, base: string): URL | null {
  const location = res.headers.get("location");
  return location ? new URL(location, base) : null;
}
