import { freePort } from "./free-port.ts";
import { type OAuthProvider, type ProviderUser, startOAuthProvider } from "./oauth-provider.ts";
import { startTestApp, TEST_ORIGIN, type TestApp } from "./test-app.ts";

export const OIDC_CLIENT = { id: "gatehouse-oidc", secret: "oidc-client-secret" };
export const GITLAB_CLIENT = { id: "gatehouse-gitlab", secret: "gitlab-client-secret" };

export interface SocialTestApp {
  t: TestApp;
  /** The app's own URL, served over real HTTP (BETTER_AUTH_URL). */
  url: string;
  /** Generic OpenID Connect provider (OIDC_ISSUER), callback /api/auth/callback/oidc. */
  oidc: OAuthProvider;
  /** Built-in gitlab provider pointed at a local server by GITLAB_ISSUER, callback /api/auth/callback/gitlab. */
  gitlab: OAuthProvider;
  browser(): Browser;
  close(): Promise<void>;
}

/**
 * The real app on a real port with two real OAuth servers on loopback: a
 * generic OIDC provider (trusted for implicit linking) and GitLab (not trusted
 * unless `env` says so). TEST_ORIGIN stays trusted so `t.request` still works.
 */
export async function startSocialTestApp(env: Record<string, string> = {}): Promise<SocialTestApp> {
  const [oidc, gitlab] = await Promise.all([startOAuthProvider("oidc"), startOAuthProvider("gitlab")]);
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const t = await startTestApp({
    BETTER_AUTH_URL: url,
    TRUSTED_ORIGINS: TEST_ORIGIN,
    OIDC_ISSUER: oidc.url,
    OIDC_CLIENT_ID: OIDC_CLIENT.id,
    OIDC_CLIENT_SECRET: OIDC_CLIENT.secret,
    OIDC_NAME: "Acme SSO",
    GITLAB_ISSUER: gitlab.url,
    GITLAB_CLIENT_ID: GITLAB_CLIENT.id,
    GITLAB_CLIENT_SECRET: GITLAB_CLIENT.secret,
    TRUSTED_LINKING_PROVIDERS: "oidc",
    ...env,
  });
  await t.listen(port);
  return {
    t,
    url,
    oidc,
    gitlab,
    browser: () => new Browser(url),
    async close() {
      await t.close();
      await Promise.all([oidc.close(), gitlab.close()]);
    },
  };
}

interface StoredCookie {
  value: string;
  expires?: number;
}

/** The end of a redirect chain: where the browser landed, and the app's last redirect that sent it there. */
export interface Landing {
  url: URL;
  response: Response;
  hops: URL[];
}

/**
 * A minimal browser over real HTTP: keeps cookies per origin (honouring
 * Max-Age), sends the app's Origin on its POSTs, and follows Location headers
 * until it lands on a page of the web app (not /api).
 */
export class Browser {
  readonly jar = new Map<string, Map<string, StoredCookie>>();

  constructor(readonly appURL: string) {}

  /** Adds `name=value; …` cookies (e.g. from signUpVerified) for the app. */
  addCookies(header: string): void {
    const jar = this.jarOf(this.appURL);
    for (const pair of header.split(/;\s*/)) {
      const at = pair.indexOf("=");
      if (at > 0) jar.set(pair.slice(0, at), { value: pair.slice(at + 1) });
    }
  }

  /** The Cookie header the browser would send to `url` now. */
  cookieFor(url: string | URL = this.appURL): string {
    const jar = this.jarOf(url);
    const now = Date.now();
    const out: string[] = [];
    for (const [name, c] of jar) {
      if (c.expires !== undefined && c.expires <= now) jar.delete(name);
      else out.push(`${name}=${c.value}`);
    }
    return out.join("; ");
  }

  /** The Set-Cookie header the app sent for `name` (a substring of the cookie name). */
  static setCookie(res: Response, name: string): string | undefined {
    return res.headers.getSetCookie().find((c) => c.split("=")[0]?.includes(name));
  }

  async fetch(url: string | URL, init: RequestInit = {}): Promise<Response> {
    const target = new URL(url, this.appURL);
    const headers = new Headers(init.headers);
    const cookie = this.cookieFor(target);
    if (cookie) headers.set("cookie", cookie);
    if (init.method === "POST" && target.origin === new URL(this.appURL).origin)
      headers.set("origin", this.appURL);
    const res = await fetch(target, { ...init, headers, redirect: "manual" });
    this.store(target, res);
    return res;
  }

  async postJSON(path: string, json: unknown): Promise<Response> {
    return this.fetch(path, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(json),
    });
  }

  /** Follows redirects from `start` until the browser would show a page of the web app. */
  async follow(start: string | URL, first?: Response): Promise<Landing> {
    const hops: URL[] = [];
    let url = new URL(start, this.appURL);
    let last: Response | undefined = first;
    for (let i = 0; i < 20; i++) {
      hops.push(url);
      const app = url.origin === new URL(this.appURL).origin;
      if (app && !url.pathname.startsWith("/api/")) {
        if (!last) throw new Error(`landed on ${url} without a redirect`);
        return { url, response: last, hops };
      }
      const res = await this.fetch(url);
      const location = res.headers.get("location");
      if (res.status < 300 || res.status >= 400 || !location) {
        throw new Error(`stopped at ${url}: ${res.status} ${await res.text()}`);
      }
      if (app) last = res;
      url = new URL(location, url);
    }
    throw new Error(`too many redirects from ${start}`);
  }

  /** POST /api/auth/sign-in/social (or /link-social) and returns the provider's authorization URL. */
  async begin(path: "/api/auth/sign-in/social" | "/api/auth/link-social", body: Record<string, unknown>) {
    const res = await this.postJSON(path, body);
    if (res.status !== 200) throw new Error(`${path}: ${res.status} ${await res.text()}`);
    const { url } = (await res.json()) as { url: string };
    return { authorizationURL: new URL(url), response: res };
  }

  /** A whole social sign-in from the sign-in page's call to where the browser lands. */
  async signInWith(
    provider: OAuthProvider,
    providerId: string,
    user: ProviderUser,
    extra: Record<string, unknown> = {},
  ) {
    provider.signInAs(user);
    const { authorizationURL } = await this.begin("/api/auth/sign-in/social", {
      provider: providerId,
      callbackURL: "/",
      errorCallbackURL: "/error",
      ...extra,
    });
    return this.follow(authorizationURL);
  }

  /** A whole /link-social round trip for the signed-in user. */
  async linkWith(provider: OAuthProvider, providerId: string, user: ProviderUser) {
    provider.signInAs(user);
    const { authorizationURL } = await this.begin("/api/auth/link-social", {
      provider: providerId,
      callbackURL: "/account?section=linked&linked=returned",
      errorCallbackURL: "/error",
    });
    return this.follow(authorizationURL);
  }

  /** Runs the provider leg only and returns the callback URL it sends the browser to (not followed). */
  async callbackFrom(authorizationURL: URL): Promise<URL> {
    const res = await this.fetch(authorizationURL);
    const location = res.headers.get("location");
    if (!location) throw new Error(`provider did not redirect: ${res.status}`);
    return new URL(location);
  }

  private jarOf(url: string | URL): Map<string, StoredCookie> {
    const origin = new URL(url, this.appURL).origin;
    let jar = this.jar.get(origin);
    if (!jar) {
      jar = new Map();
      this.jar.set(origin, jar);
    }
    return jar;
  }

  private store(url: URL, res: Response): void {
    const jar = this.jarOf(url);
    for (const line of res.headers.getSetCookie()) {
      const [pair = "", ...attributes] = line.split(/;\s*/);
      const at = pair.indexOf("=");
      if (at <= 0) continue;
      const name = pair.slice(0, at);
      const cookie: StoredCookie = { value: pair.slice(at + 1) };
      for (const attribute of attributes) {
        const [key = "", val = ""] = attribute.split("=");
        if (key.toLowerCase() === "max-age") cookie.expires = Date.now() + Number(val) * 1000;
        if (key.toLowerCase() === "expires" && cookie.expires === undefined) cookie.expires = Date.parse(val);
      }
      if (cookie.expires !== undefined && cookie.expires <= Date.now()) jar.delete(name);
      else jar.set(name, cookie);
    }
  }
}
