import { readFileSync } from "node:fs";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import type { OAuthProvider, ProviderUser } from "../support/oauth-provider.ts";
import { linkIn } from "../support/smtp-sink.ts";
import { type Browser, type SocialTestApp, startSocialTestApp } from "../support/social.ts";
import { SPEC_REDIRECT_CODES } from "../support/spec-codes.ts";
import { type TestApp, testDatabase } from "../support/test-app.ts";
import {
  backdateSession,
  createUser,
  seedLinkedAccount,
  sessionOf,
  signUpVerified,
  updateUserRow,
} from "../support/users.ts";

/** SPEC §8, account part, as written there. */
const SPEC_MESSAGES = [
  "Failed to create session",
  "Failed to get session",
  "Invalid password",
  "Invalid email",
  "Invalid email or password",
  "Provider not found",
  "invalid token",
  "id_token not supported",
  "Failed to get user info",
  "User email not found",
  "Email not verified",
  "Password too short",
  "Password too long",
  "User already exists",
  "Credential account not found",
  "Session expired. Re-authenticate to perform this action.",
  "You can't unlink your last account",
  "Account not found",
  "Session is not fresh",
];

interface Row {
  spec: string;
  code: string;
  status: number;
  test: string;
}

/** The rows of the table under `heading` in docs/errors.md. */
function tableUnder(doc: string, heading: string): Row[] {
  const section = doc.split(`## ${heading}`)[1]?.split("\n## ")[0] ?? "";
  return section
    .split("\n")
    .filter((line) => line.startsWith("|") && !/^\|\s*(SPEC|-)/.test(line))
    .map((line) => {
      const [spec = "", code = "", status = "", , test = ""] = line
        .split("|")
        .slice(1, -1)
        .map((cell) => cell.trim());
      return { spec, code, status: Number(status), test };
    });
}

const doc = readFileSync(new URL("../../docs/errors.md", import.meta.url), "utf8");
const messages = tableUnder(doc, "Account and session messages");
const redirects = tableUnder(doc, "Redirect codes");

type Trigger = (t: TestApp) => Promise<Response>;

/** The app with a generic OIDC provider and gitlab, both real OAuth servers on loopback (social and OIDC sign-in). */
let social: SocialTestApp;

function providerUser(overrides: Partial<ProviderUser> = {}): ProviderUser {
  const id = createUser().email.split("@")[0] ?? "someone";
  return { sub: id, email: `${id}@example.test`, emailVerified: true, name: id, ...overrides };
}

/** Starts a social sign-in (or a link) in a fresh browser: its state cookie is set, its state known. */
async function startedFlow(
  providerId: "gitlab" | "oidc",
  user: ProviderUser = providerUser(),
  link?: { cookie: string },
): Promise<{ browser: Browser; state: string; authorizationURL: URL }> {
  const provider: OAuthProvider = providerId === "gitlab" ? social.gitlab : social.oidc;
  provider.signInAs(user);
  const browser = social.browser();
  if (link) browser.addCookies(link.cookie);
  const path = link ? "/api/auth/link-social" : "/api/auth/sign-in/social";
  const { authorizationURL } = await browser.begin(path, { provider: providerId, callbackURL: "/" });
  return { browser, state: authorizationURL.searchParams.get("state") ?? "", authorizationURL };
}

/** The app's answer when the provider sends the browser back to /callback/:id. */
async function callbackAnswer(flow: { browser: Browser; authorizationURL: URL }): Promise<Response> {
  return flow.browser.fetch(await flow.browser.callbackFrom(flow.authorizationURL));
}

async function userId(t: TestApp, cookie: string) {
  return (await sessionOf(t, cookie))?.user.id ?? "";
}

/** A verified user whose password is gone, as a social-only account is. */
async function passwordlessUser(t: TestApp) {
  const user = await signUpVerified(t);
  await seedLinkedAccount(t, await userId(t, user.cookie), {
    providerId: "github",
    accountId: `gh-${Date.now()}`,
  });
  const unlink = await t.request("/api/auth/unlink-account", {
    cookie: user.cookie,
    json: { providerId: "credential" },
  });
  expect(unlink.status).toBe(200);
  return user;
}

async function mailedLink(t: TestApp, to: string, subject: RegExp, prefix: string) {
  const url = new URL(linkIn(await t.sink.waitFor(to, subject), `${t.config.baseURL}${prefix}`));
  return url.pathname + url.search;
}

const messageTriggers: Record<string, Trigger> = {
  "Invalid password": async (t) => {
    const user = await signUpVerified(t);
    return t.request("/api/auth/change-password", {
      cookie: user.cookie,
      json: { currentPassword: "wrong password!", newPassword: "new password 1" },
    });
  },
  "Invalid email": (t) =>
    t.request("/api/auth/sign-in/email", { json: { email: "not-an-email", password: "whatever1" } }),
  "Invalid email or password": (t) =>
    t.request("/api/auth/sign-in/email", { json: { email: createUser().email, password: "whatever1" } }),
  "Provider not found": (t) => t.request("/api/auth/sign-in/social", { json: { provider: "github" } }),
  "id_token not supported": (t) =>
    t.request("/api/auth/sign-in/social", { json: { provider: "gitlab", idToken: { token: "a.b.c" } } }),
  "invalid token": (t) =>
    t.request("/api/auth/reset-password", { json: { token: "x".repeat(24), newPassword: "new password 1" } }),
  "Failed to get user info": (t) => t.request("/api/auth/delete-user/callback?token=whatever"),
  "Email not verified": async (t) => {
    const user = createUser();
    await t.request("/api/auth/sign-up/email", { json: user });
    return t.request("/api/auth/sign-in/email", { json: { email: user.email, password: user.password } });
  },
  "Password too short": (t) =>
    t.request("/api/auth/sign-up/email", { json: createUser({ password: "short" }) }),
  "Password too long": (t) =>
    t.request("/api/auth/sign-up/email", { json: createUser({ password: "p".repeat(129) }) }),
  "User already exists": async (t) => {
    const admin = await signUpVerified(t);
    await updateUserRow(t, await userId(t, admin.cookie), { role: "admin" });
    const taken = await signUpVerified(t);
    return t.request("/api/auth/admin/create-user", {
      cookie: admin.cookie,
      json: { email: taken.email, password: "some password 1", name: "Copy" },
    });
  },
  "Credential account not found": async (t) => {
    const user = await passwordlessUser(t);
    return t.request("/api/auth/change-password", {
      cookie: user.cookie,
      json: { currentPassword: user.password, newPassword: "new password 1" },
    });
  },
  "Session expired. Re-authenticate to perform this action.": async (t) => {
    const user = await signUpVerified(t);
    await backdateSession(t, user.cookie, 2 * 24 * 60 * 60);
    return t.request("/api/auth/delete-user", { cookie: user.cookie, json: {} });
  },
  "You can't unlink your last account": async (t) => {
    const user = await signUpVerified(t);
    return t.request("/api/auth/unlink-account", { cookie: user.cookie, json: { providerId: "credential" } });
  },
  "Account not found": async (t) => {
    const user = await signUpVerified(t);
    await seedLinkedAccount(t, await userId(t, user.cookie), { providerId: "github", accountId: "gh-1" });
    return t.request("/api/auth/unlink-account", {
      cookie: user.cookie,
      json: { providerId: "github", accountId: "gh-2" },
    });
  },
  "Session is not fresh": async (t) => {
    const user = await signUpVerified(t);
    await backdateSession(t, user.cookie, 2 * 24 * 60 * 60);
    return t.request("/api/auth/list-sessions", { cookie: user.cookie });
  },
};

const redirectTriggers: Record<string, Trigger> = {
  no_code: async () => {
    const { browser, state } = await startedFlow("gitlab");
    return browser.fetch(`/api/auth/callback/gitlab?state=${state}`);
  },
  oauth_provider_not_found: async () => {
    const { browser, state } = await startedFlow("gitlab");
    return browser.fetch(`/api/auth/callback/github?state=${state}&code=abc`);
  },
  invalid_code: async () => {
    const { browser, state } = await startedFlow("gitlab");
    return browser.fetch(`/api/auth/callback/gitlab?state=${state}&code=not-issued-by-the-provider`);
  },
  unable_to_get_user_info: async () => {
    const flow = await startedFlow("gitlab");
    social.gitlab.failNextUserinfo();
    return callbackAnswer(flow);
  },
  email_not_found: async () =>
    callbackAnswer(await startedFlow("oidc", providerUser({ email: undefined, emailVerified: undefined }))),
  unable_to_link_account: async (t) => {
    // gitlab is not a trusted linking provider here, and it did not verify this address.
    const user = await signUpVerified(t);
    return callbackAnswer(
      await startedFlow("gitlab", providerUser({ email: user.email, emailVerified: false }), user),
    );
  },
  account_already_linked_to_different_user: async (t) => {
    const owner = await signUpVerified(t);
    const taken = providerUser({ email: owner.email });
    const linked = await callbackAnswer(await startedFlow("gitlab", taken, owner));
    expect(
      new URL(linked.headers.get("location") ?? "", t.config.baseURL).searchParams.get("error"),
    ).toBeNull();
    const user = await signUpVerified(t);
    return callbackAnswer(await startedFlow("gitlab", { ...taken, email: user.email }, user));
  },
  please_restart_the_process: (t) => t.request("/api/auth/callback/github?state=never-issued&code=abc"),
  state_not_found: (t) => t.request("/api/auth/callback/github?code=abc"),
  token_expired: async (t) => {
    const user = createUser();
    await t.request("/api/auth/sign-up/email", { json: { ...user, callbackURL: "/verified" } });
    const link = await mailedLink(t, user.email, /verify/i, "/api/auth/verify-email");
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(Date.now() + 3601 * 1000);
    return t.request(link);
  },
  invalid_token: (t) => t.request("/api/auth/verify-email?token=forged.token.value&callbackURL=%2Fverified"),
  user_not_found: async (t) => {
    const user = await signUpVerified(t);
    await t.request("/api/auth/change-email", {
      cookie: user.cookie,
      json: { newEmail: createUser().email, callbackURL: "/account" },
    });
    const link = await mailedLink(t, user.email, /approve your email change/i, "/api/auth/verify-email");
    const deleted = await t.request("/api/auth/delete-user", {
      cookie: user.cookie,
      json: { password: user.password },
    });
    expect(deleted.status).toBe(200);
    return t.request(link);
  },
  INVALID_TOKEN: (t) => t.request("/api/auth/reset-password/unknown-token-123?callbackURL=%2Freset-password"),
};

describe(`accounts: every SPEC §8 message and redirect code in docs/errors.md (${testDatabase})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    social = await startSocialTestApp();
    t = social.t;
  });
  afterAll(() => social?.close());
  afterEach(() => {
    vi.useRealTimers();
  });

  it("lists every SPEC §8 account message and redirect code, each walked or with a reason", () => {
    expect(messages.map((r) => r.spec)).toEqual(SPEC_MESSAGES);
    expect(redirects.map((r) => r.spec)).toEqual(SPEC_REDIRECT_CODES);
    for (const row of [...messages, ...redirects]) {
      expect(row.code, row.spec).toMatch(/^[A-Za-z_]+$/);
      expect(row.status, row.spec).toBeGreaterThanOrEqual(300);
      expect(row.test, row.spec).not.toBe("");
    }
    const walked = (rows: Row[]) =>
      rows
        .filter((r) => r.test === "walked")
        .map((r) => r.spec)
        .sort();
    expect(walked(messages)).toEqual(Object.keys(messageTriggers).sort());
    expect(walked(redirects)).toEqual(Object.keys(redirectTriggers).sort());
  });

  for (const row of messages.filter((r) => r.test === "walked")) {
    it(`message "${row.spec}": ${row.code}, ${row.status}`, async () => {
      const res = await messageTriggers[row.spec]?.(t);
      expect(res?.status).toBe(row.status);
      const body = await res?.json();
      expect(body.code).toBe(row.code);
      expect(body.message.toLowerCase()).toContain(row.spec.toLowerCase());
    });
  }

  for (const row of redirects.filter((r) => r.test === "walked")) {
    it(`redirect code ${row.spec}: ?error=${row.code}, ${row.status}`, async () => {
      const res = await redirectTriggers[row.spec]?.(t);
      expect(res?.status).toBe(row.status);
      const location = new URL(res?.headers.get("location") ?? "", t.config.baseURL);
      expect(location.searchParams.get("error")).toBe(row.code);
      if (row.spec !== "please_restart_the_process")
        expect(row.code.toLowerCase()).toBe(row.spec.toLowerCase());
    });
  }
});
