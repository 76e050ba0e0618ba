import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eventsOf, onlyEvent } from "../support/audit.ts";
import { type Browser, type SocialTestApp, startSocialTestApp } from "../support/social.ts";
import { testDatabase } from "../support/test-app.ts";
import { signUpVerified } from "../support/users.ts";

let n = 0;
const person = (email?: string) => {
  n += 1;
  const id = `${Date.now().toString(36)}${n}`;
  return {
    sub: `sub-${id}`,
    email: email ?? `audit-social-${id}@example.test`,
    emailVerified: true,
    name: `Social ${n}`,
  };
};

/** Issue 17: social sign-up, sign-in, linking and unlinking against real OAuth servers, one event each. */
describe(`audit log: social accounts (${testDatabase})`, () => {
  let s: SocialTestApp;
  beforeAll(async () => {
    s = await startSocialTestApp();
  });
  afterAll(() => s?.close());

  const userIdOf = async (browser: Browser) =>
    ((await (await browser.fetch("/api/auth/get-session")).json()) as { user: { id: string } }).user.id;

  it("records a first social sign-in as an account creation and a sign-in, never as a link", async () => {
    const browser = s.browser();
    await browser.signInWith(s.oidc, "oidc", person());
    const id = await userIdOf(browser);
    expect((await onlyEvent(s.t, "user.created", id)).details).toEqual({ method: "social" });
    expect((await onlyEvent(s.t, "user.signed_in", id)).details).toEqual({
      method: "social",
      provider: "oidc",
    });
    expect(await eventsOf(s.t, { action: "user.account_linked", actorId: id })).toHaveLength(0);
  });

  it("records a refused social sign-in with its provider and code", async () => {
    const res = await s.t.request("/api/auth/sign-in/social", {
      json: { provider: "nope", callbackURL: "/" },
    });
    expect(res.status).toBeGreaterThanOrEqual(400);
    const refused = (await eventsOf(s.t, { action: "user.signed_in" })).filter(
      (e) => e.outcome === "refused" && e.details.provider === "nope",
    );
    expect(refused).toHaveLength(1);
    expect(refused[0]).toMatchObject({ actorId: null, targetId: null, details: { method: "social" } });
    expect(refused[0]?.errorCode).toBeTruthy();
  });

  it("records linking a provider and unlinking it", async () => {
    const user = await signUpVerified(s.t);
    const browser = s.browser();
    browser.addCookies(user.cookie);
    const id = await userIdOf(browser);
    await browser.linkWith(s.gitlab, "gitlab", person(user.email));
    const linked = await eventsOf(s.t, { action: "user.account_linked", actorId: id });
    expect(linked).toHaveLength(1);
    expect(linked[0]?.details).toEqual({ providerId: "gitlab" });
    const unlink = await browser.postJSON("/api/auth/unlink-account", { providerId: "gitlab" });
    expect(unlink.status).toBe(200);
    const unlinked = await eventsOf(s.t, { action: "user.account_unlinked", actorId: id });
    expect(unlinked).toHaveLength(1);
    expect(unlinked[0]?.details).toEqual({ providerId: "gitlab" });
  });
});
