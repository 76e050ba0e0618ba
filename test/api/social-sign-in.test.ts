import { sql } from "kysely";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import type { ProviderUser } from "../support/oauth-provider.ts";
import { Browser, type SocialTestApp, startSocialTestApp } from "../support/social.ts";
import { testDatabase } from "../support/test-app.ts";
import { signUpVerified } from "../support/users.ts";

let n = 0;
function person(overrides: Partial<ProviderUser> = {}): ProviderUser {
  n += 1;
  const id = `${Date.now().toString(36)}${n}`;
  return {
    sub: `sub-${id}`,
    email: `social-${id}@example.test`,
    emailVerified: true,
    name: `Social ${n}`,
    ...overrides,
  };
}

interface ListedAccount {
  id: string;
  providerId: string;
  accountId: string;
  [key: string]: unknown;
}

describe(`social sign-in against real OAuth servers (${testDatabase})`, () => {
  let s: SocialTestApp;
  beforeAll(async () => {
    s = await startSocialTestApp();
  });
  afterAll(() => s?.close());
  afterEach(() => {
    vi.useRealTimers();
    s.oidc.accessTokenTtl = 3600;
  });

  async function session(browser: Browser) {
    const res = await browser.fetch("/api/auth/get-session");
    return (await res.json()) as {
      user: { id: string; email: string; emailVerified: boolean; name: string };
    } | null;
  }

  async function accounts(browser: Browser): Promise<ListedAccount[]> {
    const res = await browser.fetch("/api/auth/list-accounts");
    expect(res.status).toBe(200);
    return res.json();
  }

  async function passwordUser() {
    const user = await signUpVerified(s.t);
    const browser = s.browser();
    browser.addCookies(user.cookie);
    return { ...user, browser };
  }

  it("GET /api/config lists exactly the enabled providers, with their names", async () => {
    const res = await s.t.request("/api/config");
    const body = await res.json();
    expect(body.socialProviders).toEqual(["gitlab", "oidc"]);
    expect(body.socialProviderNames).toEqual({ gitlab: "GitLab", oidc: "Acme SSO" });
  });

  it("first sign-in through the generic OIDC provider creates a verified user (callback /api/auth/callback/oidc)", async () => {
    const browser = s.browser();
    const who = person();
    const landing = await browser.signInWith(s.oidc, "oidc", who, { newUserCallbackURL: "/welcome" });
    expect(landing.hops[0]?.origin).toBe(s.oidc.url);
    expect(landing.hops[0]?.searchParams.get("redirect_uri")).toBe(`${s.url}/api/auth/callback/oidc`);
    expect(landing.hops[1]?.pathname).toBe("/api/auth/callback/oidc");
    expect(landing.url.pathname).toBe("/welcome");
    const me = await session(browser);
    expect(me?.user).toMatchObject({ email: who.email, emailVerified: true, name: who.name });
    const list = await accounts(browser);
    expect(list.map((a) => [a.providerId, a.accountId])).toEqual([["oidc", who.sub]]);

    // A second sign-in is the same user, sent to callbackURL rather than newUserCallbackURL.
    const again = s.browser();
    const back = await again.signInWith(s.oidc, "oidc", who, { newUserCallbackURL: "/welcome" });
    expect(back.url.pathname).toBe("/");
    expect((await session(again))?.user.id).toBe(me?.user.id);
  });

  it("the built-in gitlab provider works against GITLAB_ISSUER, on GET and POST /callback/gitlab", async () => {
    const browser = s.browser();
    const who = person();
    const landing = await browser.signInWith(s.gitlab, "gitlab", who);
    expect(landing.hops[0]?.href.startsWith(`${s.gitlab.url}/oauth/authorize?`)).toBe(true);
    expect(landing.hops[0]?.searchParams.get("redirect_uri")).toBe(`${s.url}/api/auth/callback/gitlab`);
    expect(landing.url.href).toBe(`${s.url}/`);
    expect((await session(browser))?.user).toMatchObject({ email: who.email, emailVerified: true });

    // A provider that answers with a form POST (response_mode=form_post) reaches the same place.
    const other = s.browser();
    s.gitlab.signInAs(person());
    const { authorizationURL } = await other.begin("/api/auth/sign-in/social", {
      provider: "gitlab",
      callbackURL: "/",
    });
    const callback = await other.callbackFrom(authorizationURL);
    const posted = await other.fetch(`${s.url}/api/auth/callback/gitlab`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: callback.searchParams.toString(),
    });
    expect(posted.status).toBe(302);
    const end = await other.follow(new URL(posted.headers.get("location") ?? "", s.url), posted);
    expect(end.url.href).toBe(`${s.url}/`);
    expect(await session(other)).not.toBeNull();
  });

  it("keeps provider tokens encrypted at rest and out of /list-accounts", async () => {
    const browser = s.browser();
    const who = person();
    await browser.signInWith(s.oidc, "oidc", who);
    const issued = s.oidc.accessTokens.at(-1) ?? "";
    const userId = (await session(browser))?.user.id ?? "";
    const { rows } = await sql<{ accessToken: string | null; refreshToken: string | null }>`
      select "accessToken", "refreshToken" from account where "userId" = ${userId}
    `.execute(s.t.server.database.db);
    const row = rows[0] ?? { accessToken: null, refreshToken: null };
    expect(row.accessToken).toBeTruthy();
    expect(row.refreshToken).toBeTruthy();
    expect(row.accessToken).not.toBe(issued);
    expect(row.accessToken).not.toMatch(/^eyJ/);

    const listed = await accounts(browser);
    const text = JSON.stringify(listed);
    expect(text).not.toContain(issued);
    for (const key of ["accessToken", "refreshToken", "idToken", "password"]) {
      expect(listed[0], key).not.toHaveProperty(key);
    }
    // The token itself is only ever handed out by /get-access-token.
    const res = await browser.postJSON("/api/auth/get-access-token", { providerId: "oidc" });
    expect(res.status).toBe(200);
    expect((await res.json()).accessToken).toBe(issued);
  });

  it("links a sign-in to the existing password account with the same verified email (trusted provider)", async () => {
    const user = await passwordUser();
    const browser = s.browser();
    const landing = await browser.signInWith(s.oidc, "oidc", person({ email: user.email }));
    expect(landing.url.pathname).toBe("/");
    expect((await session(browser))?.user.email).toBe(user.email);
    expect((await accounts(browser)).map((a) => a.providerId).sort()).toEqual(["credential", "oidc"]);
  });

  it("never links implicitly when the provider did not verify the email, or is not trusted", async () => {
    const unverified = await passwordUser();
    const a = await s
      .browser()
      .signInWith(s.oidc, "oidc", person({ email: unverified.email, emailVerified: false }));
    expect(a.url.pathname).toBe("/error");
    expect(a.url.searchParams.get("error")).toBe("account_not_linked");

    // gitlab is not on TRUSTED_LINKING_PROVIDERS here: even a verified email does not link.
    const untrusted = await passwordUser();
    const b = await s.browser().signInWith(s.gitlab, "gitlab", person({ email: untrusted.email }));
    expect(b.url.pathname).toBe("/error");
    expect(b.url.searchParams.get("error")).toBe("account_not_linked");

    for (const user of [unverified, untrusted]) {
      expect((await accounts(user.browser)).map((x) => x.providerId)).toEqual(["credential"]);
    }
  });

  it("/link-social links a provider to the signed-in password account, then unlinks it", async () => {
    const user = await passwordUser();
    const who = person({ email: user.email });
    const landing = await user.browser.linkWith(s.gitlab, "gitlab", who);
    expect(landing.url.pathname).toBe("/account");
    expect(landing.url.searchParams.get("linked")).toBe("returned");
    expect(landing.url.searchParams.get("error")).toBeNull();
    const list = await accounts(user.browser);
    expect(list.map((a) => a.providerId).sort()).toEqual(["credential", "gitlab"]);

    // Signing in with the linked provider is that same user.
    const other = s.browser();
    await other.signInWith(s.gitlab, "gitlab", who);
    expect((await session(other))?.user.email).toBe(user.email);

    const unlink = await user.browser.postJSON("/api/auth/unlink-account", { providerId: "gitlab" });
    expect(unlink.status).toBe(200);
    expect((await accounts(user.browser)).map((a) => a.providerId)).toEqual(["credential"]);
  });

  it("refuses to unlink a social-only user's last account (SPEC §5)", async () => {
    const browser = s.browser();
    await browser.signInWith(s.oidc, "oidc", person());
    const res = await browser.postJSON("/api/auth/unlink-account", { providerId: "oidc" });
    expect(res.status).toBe(400);
    expect((await res.json()).message).toMatch(/you can't unlink your last account/i);
    expect(await accounts(browser)).toHaveLength(1);
  });

  it("explains refused links on the error screen", async () => {
    // A different email is refused unless ACCOUNT_LINKING_ALLOW_DIFFERENT_EMAILS is set.
    const user = await passwordUser();
    const differs = await user.browser.linkWith(s.gitlab, "gitlab", person());
    expect(differs.url.pathname).toBe("/error");
    expect(differs.url.searchParams.get("error")).toBe("email_does_not_match");

    // An unverified email from a provider that is not trusted.
    const unverified = await user.browser.linkWith(
      s.gitlab,
      "gitlab",
      person({ email: user.email, emailVerified: false }),
    );
    expect(unverified.url.searchParams.get("error")).toBe("unable_to_link_account");

    // The provider account already belongs to someone else.
    const owner = await passwordUser();
    const shared = person({ email: owner.email });
    await owner.browser.linkWith(s.gitlab, "gitlab", shared);
    const taken = await user.browser.linkWith(s.gitlab, "gitlab", { ...shared, email: user.email });
    expect(taken.url.searchParams.get("error")).toBe("account_already_linked_to_different_user");
    expect((await accounts(user.browser)).map((a) => a.providerId)).toEqual(["credential"]);
  });

  it("/get-access-token refreshes when fewer than 5 seconds remain (SPEC §9); /refresh-token always does", async () => {
    const browser = s.browser();
    s.oidc.accessTokenTtl = 3;
    await browser.signInWith(s.oidc, "oidc", person());
    const first = s.oidc.accessTokens.at(-1);
    s.oidc.accessTokenTtl = 3600;
    const refreshes = () => s.oidc.grants.filter((g) => g === "refresh_token").length;
    const before = refreshes();

    const res = await browser.postJSON("/api/auth/get-access-token", { providerId: "oidc" });
    expect(res.status).toBe(200);
    const fresh = await res.json();
    expect(refreshes()).toBe(before + 1);
    expect(fresh.accessToken).not.toBe(first);
    expect(fresh.accessToken).toBe(s.oidc.accessTokens.at(-1));
    expect(new Date(fresh.accessTokenExpiresAt).getTime() - Date.now()).toBeGreaterThan(3000 * 1000);

    // Plenty of time left: the stored token, no call to the provider.
    const again = await browser.postJSON("/api/auth/get-access-token", { providerId: "oidc" });
    expect((await again.json()).accessToken).toBe(fresh.accessToken);
    expect(refreshes()).toBe(before + 1);

    const forced = await browser.postJSON("/api/auth/refresh-token", { providerId: "oidc" });
    expect(forced.status).toBe(200);
    expect(refreshes()).toBe(before + 2);
    expect((await forced.json()).accessToken).toBe(s.oidc.accessTokens.at(-1));
  });

  it("/account-info answers the provider's profile (GET and POST)", async () => {
    const browser = s.browser();
    const who = person();
    await browser.signInWith(s.gitlab, "gitlab", who);
    const post = await browser.postJSON("/api/auth/account-info", { providerId: "gitlab" });
    expect(post.status).toBe(200);
    expect((await post.json()).user).toMatchObject({ email: who.email, name: who.name });
    const get = await browser.fetch("/api/auth/account-info?providerId=gitlab");
    expect(get.status).toBe(200);
    expect((await get.json()).data).toMatchObject({ username: who.sub, state: "active" });
  });

  it("denied consent lands on the error screen", async () => {
    s.oidc.refuseNextAuthorization();
    const browser = s.browser();
    const landing = await browser.signInWith(s.oidc, "oidc", person());
    expect(landing.url.href).toBe(
      `${s.url}/error?error=access_denied&error_description=${encodeURIComponent("The resource owner denied the request").replace(/%20/g, "+")}`,
    );
    expect(await session(browser)).toBeNull();
  });

  it("a provider's other refusals reach the error screen as they came (it words each kind)", async () => {
    for (const error of ["temporarily_unavailable", "login_required", "unauthorized_client"]) {
      s.oidc.refuseNextAuthorization(error);
      const browser = s.browser();
      const landing = await browser.signInWith(s.oidc, "oidc", person());
      expect(landing.url.href).toBe(`${s.url}/error?error=${error}`);
      expect(await session(browser)).toBeNull();
    }
  });

  it("a tampered state, or one from another browser, ends on the error screen with state_mismatch", async () => {
    const browser = s.browser();
    s.gitlab.signInAs(person());
    const { authorizationURL } = await browser.begin("/api/auth/sign-in/social", {
      provider: "gitlab",
      callbackURL: "/",
      errorCallbackURL: "/error",
    });
    const callback = await browser.callbackFrom(authorizationURL);
    const tampered = new URL(callback);
    tampered.searchParams.set("state", `${callback.searchParams.get("state")}x`);
    const a = await browser.follow(tampered);
    expect(a.url.href).toBe(`${s.url}/error?error=state_mismatch`);

    // The real state, but this browser never started the sign-in (no state cookie).
    const b = await s.browser().follow(callback);
    expect(b.url.pathname).toBe("/error");
    expect(b.url.searchParams.get("error")).toBe("state_mismatch");
    expect(await session(browser)).toBeNull();
  });

  it("the state lives 10 minutes end to end: cookie and record (SPEC §9)", async () => {
    for (const path of ["/api/auth/sign-in/social", "/api/auth/link-social"] as const) {
      const browser = s.browser();
      if (path === "/api/auth/link-social") browser.addCookies((await passwordUser()).cookie);
      const { response } = await browser.begin(path, { provider: "gitlab", callbackURL: "/" });
      const cookie = Browser.setCookie(response, "state") ?? "";
      expect(cookie, path).toMatch(/Max-Age=600(;|$)/);
      const expires = /Expires=([^;]+)/.exec(cookie)?.[1];
      if (expires) expect(Math.abs(Date.parse(expires) - (Date.now() + 600_000)), path).toBeLessThan(5_000);
    }

    // 9½ minutes later the sign-in still completes (stock better-auth's 300 s cookie would be gone)…
    const browser = s.browser();
    s.gitlab.signInAs(person());
    const slow = await browser.begin("/api/auth/sign-in/social", {
      provider: "gitlab",
      callbackURL: "/",
      errorCallbackURL: "/error",
    });
    const callback = await browser.callbackFrom(slow.authorizationURL);
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(Date.now() + 570_000);
    expect((await browser.follow(callback)).url.href).toBe(`${s.url}/`);
    vi.useRealTimers();

    // …and after 10 minutes it has expired.
    const late = s.browser();
    s.gitlab.signInAs(person());
    const started = await late.begin("/api/auth/sign-in/social", {
      provider: "gitlab",
      callbackURL: "/",
      errorCallbackURL: "/error",
    });
    const lateCallback = await late.callbackFrom(started.authorizationURL);
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(Date.now() + 601_000);
    const expired = await late.follow(lateCallback);
    expect(expired.url.pathname).toBe("/error");
    expect(expired.url.searchParams.get("error")).toBe("state_mismatch");
  });

  it("failures before a flow is known land on the web app's /error screen, not /api/auth/error", async () => {
    const res = await s.browser().fetch("/api/auth/callback/gitlab?code=abc");
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe(`${s.url}/error?error=state_not_found`);
    // better-auth's own HTML page is still there for a direct visit (SPEC §2).
    const page = await s.browser().fetch("/api/auth/error?error=state_not_found");
    expect(page.status).toBe(200);
    expect(page.headers.get("content-type")).toMatch(/text\/html/);
  });
});
