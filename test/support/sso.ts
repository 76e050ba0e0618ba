import { startDnsServer, type TestDnsServer } from "./dns-server.ts";
import { domainsCall, freshDomain, verifiedDomain } from "./domains.ts";
import { freePort } from "./free-port.ts";
import { type OAuthProvider, startOAuthProvider } from "./oauth-provider.ts";
import { api, createOrganization, signUpWithId } from "./organizations.ts";
import type { SamlIdp, SamlUser } from "./saml-idp.ts";
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
 * better-auth may reach (a SAML IdP's). `trustOidc: false` leaves the OIDC IdP out of TRUSTED_ORIGINS, as an
 * operator would for a customer's IdP (its social sign-in is then off).
 */
export async function startSsoTestApp(
  env: Record<string, string> = {},
  trusted: string[] = [],
  { trustOidc = true } = {},
) {
  const [dns, oidc, port] = await Promise.all([startDnsServer(), startOAuthProvider("oidc"), freePort()]);
  const url = `http://127.0.0.1:${port}`;
  const t = await startTestApp({
    BETTER_AUTH_URL: url,
    TRUSTED_ORIGINS: [TEST_ORIGIN, ...(trustOidc ? [oidc.url] : []), ...trusted].join(","),
    DNS_SERVERS: dns.address,
    // The same IdP as a social provider ("oidc"), for the sign-ins SSO required refuses.
    ...(trustOidc
      ? {
          OIDC_ISSUER: oidc.url,
          OIDC_CLIENT_ID: "gatehouse-social",
          OIDC_CLIENT_SECRET: "social-client-secret",
        }
      : {}),
    ...env,
  });
  await t.listen(port);
  return {
    t,
    url,
    dns,
    oidc,
    browser: () => new Browser(url),
    async close() {
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

/** A SAML connection, from the IdP's metadata URL, with an "Engineering" team and group mappings. */
export interface SamlSetup {
  org: Awaited<ReturnType<typeof ownerWithDomain>>;
  connection: { id: string; serviceProvider: { entityId: string; acsUrl: string; sloUrl: string } } & Record<
    string,
    unknown
  >;
  teamId: string;
}

/**
 * An owner, a verified domain, a team, and a SAML connection to `idp` (groups "admins" → admin, "eng" → the
 * team); the IdP is told the service provider's URLs. The app must allow the IdP's loopback metadata URL
 * (WEBHOOK_ALLOW_PRIVATE).
 */
export async function samlConnection(
  app: SsoTestApp,
  idp: SamlIdp,
  mapping: Record<string, string> = { groups: "groups" },
): Promise<SamlSetup> {
  const org = await ownerWithDomain(app);
  const team = await api(app.t, "/organization/create-team", org.owner.cookie, {
    name: "Engineering",
    organizationId: org.organization.id,
  });
  const teamId = team.body.id as string;
  const made = await domainsCall(app.t, ssoPath(org.organization.id, "/connections"), org.owner.cookie, {
    json: {
      protocol: "saml",
      domain: org.domain,
      saml: { metadataUrl: idp.metadataUrl },
      mapping,
      groupMappings: [
        { group: "admins", role: "admin", teamId: null },
        { group: "eng", role: null, teamId },
      ],
    },
  });
  if (made.status !== 201) throw new Error(`SAML connection: ${made.status} ${JSON.stringify(made.body)}`);
  const connection = made.body as SamlSetup["connection"];
  await idp.registerServiceProvider({
    entityId: connection.serviceProvider.entityId,
    acsUrl: connection.serviceProvider.acsUrl,
    sloUrl: connection.serviceProvider.sloUrl,
  });
  return { org, connection, teamId };
}

/** One whole SP-initiated round with the IdP answering as `user`; the app's answer to the ACS POST. */
export async function samlSignIn(app: SsoTestApp, idp: SamlIdp, user: SamlUser) {
  await idp.next(user);
  const browser = app.browser();
  const post = await idp.respondTo(await startSsoSignIn(browser, user.email));
  return { browser, post, res: await postToAcs(browser, post) };
}
