import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MAIL_LIMITS, TOKEN_LINK_LIMIT } from "#server/auth/abuse-limits.ts";
import { createOrganization } from "../support/organizations.ts";
import { startTestApp, type TestApp, testDatabase } from "../support/test-app.ts";
import { createUser, type Requester, signUpThroughMail, uniqueEmail } from "../support/users.ts";

/**
 * Production-mode limits (NODE_ENV=production turns better-auth's limiter on). TRUST_PROXY lets each
 * request pick its client address through X-Forwarded-For (http/client-ip.ts), as a sender with many
 * addresses would.
 */
describe(`rate limits in production (${testDatabase})`, () => {
  let t: TestApp;
  let ipCounter = 0;
  // A fresh client address per call site; the first octet is random so reruns never share a bucket.
  const octet = 20 + ((randomBytes(1)[0] ?? 0) % 200);
  const nextIp = () => {
    ipCounter += 1;
    return `${octet}.${(ipCounter >> 8) & 255}.${ipCounter & 255}.7`;
  };
  const from = (ip: string) => ({ "x-forwarded-for": ip });

  async function member() {
    const input = createUser();
    const ip = nextIp();
    const request: Requester = (path, init) => t.request(path, { ...init, headers: from(ip) });
    const cookie = await signUpThroughMail(request, t.sink, input, {
      linkBase: t.config.baseURL,
      callbackURL: "/verified",
    });
    return { ...input, cookie };
  }

  /** How many calls pass before the first 429 (at most `tries`); `send` gets the call's index. */
  async function passedBefore429(send: (i: number) => Promise<Response>, tries: number) {
    for (let i = 0; i < tries; i++) {
      const res = await send(i);
      if (res.status === 429) {
        expect(Number(res.headers.get("x-retry-after"))).toBeGreaterThan(0);
        return i;
      }
      expect(res.status, await res.text()).toBeLessThan(500);
    }
    return tries;
  }

  beforeAll(async () => {
    t = await startTestApp({ NODE_ENV: "production", TRUST_PROXY: "1" });
  });
  afterAll(() => t.close());

  it("stops password guesses on every endpoint that checks a password after sign-in's count", async () => {
    const user = await member();
    const wrong = "not the password at all";
    const guesses: Record<string, (ip: string) => Promise<Response>> = {
      "/sign-in/email": (ip) =>
        t.request("/api/auth/sign-in/email", {
          headers: from(ip),
          json: { email: user.email, password: wrong },
        }),
      "/delete-user": (ip) =>
        t.request("/api/auth/delete-user", {
          headers: from(ip),
          cookie: user.cookie,
          json: { password: wrong },
        }),
      "/change-password": (ip) =>
        t.request("/api/auth/change-password", {
          headers: from(ip),
          cookie: user.cookie,
          json: { currentPassword: wrong, newPassword: "a brand new password" },
        }),
      // better-auth marks it "server" scope, yet serves it over HTTP too.
      "/verify-password": (ip) =>
        t.request("/api/auth/verify-password", {
          headers: from(ip),
          cookie: user.cookie,
          json: { password: wrong },
        }),
      "/reauthenticate": (ip) =>
        t.request("/api/auth/reauthenticate", {
          headers: from(ip),
          cookie: user.cookie,
          json: { password: wrong },
        }),
    };
    const counts: Record<string, number> = {};
    for (const [path, guess] of Object.entries(guesses)) {
      const ip = nextIp();
      counts[path] = await passedBefore429(() => guess(ip), 12);
    }
    expect(counts["/sign-in/email"]).toBe(3);
    for (const path of Object.keys(guesses)) expect(counts[path], path).toBe(counts["/sign-in/email"]);
  });

  it("limits token-bearing links per client, whatever the token", async () => {
    const token = () => randomBytes(12).toString("hex");
    const links = [
      () => `/api/auth/reset-password/${token()}?callbackURL=%2Freset-password`,
      () => `/api/auth/verify-email?token=${token()}`,
      () => `/api/auth/delete-user/callback?token=${token()}`,
    ];
    for (const link of links) {
      const ip = nextIp();
      const passed = await passedBefore429(
        () => t.request(link(), { headers: from(ip) }),
        TOKEN_LINK_LIMIT.max + 5,
      );
      expect(passed, link()).toBe(TOKEN_LINK_LIMIT.max);
      // Another client is not held back.
      expect((await t.request(link(), { headers: from(nextIp()) })).status).not.toBe(429);
    }
  });

  it("limits invitation mails per recipient, even resent from different addresses and organizations", async () => {
    const owner = await member();
    const org = await createOrganization(t, owner.cookie);
    const recipient = uniqueEmail("invitee");
    const invite = (organizationId: string, resend: boolean) =>
      t.request("/api/auth/organization/invite-member", {
        headers: from(nextIp()),
        cookie: owner.cookie,
        json: { email: recipient, role: "member", organizationId, resend },
      });
    const passed = await passedBefore429((i) => invite(org.id, i > 0), MAIL_LIMITS.perRecipient.max + 5);
    expect(passed).toBe(MAIL_LIMITS.perRecipient.max);
    const refused = await invite(org.id, true);
    expect(refused.status).toBe(429);
    expect(await refused.json()).toMatchObject({ code: "TOO_MANY_REQUESTS" });
    // Another organization cannot mail the same address either.
    const other = await createOrganization(t, owner.cookie);
    expect((await invite(other.id, false)).status).toBe(429);
    const mails = t.sink.mails.filter((m) => m.to.includes(recipient) && /invited you/i.test(m.subject));
    expect(mails.length).toBeLessThanOrEqual(MAIL_LIMITS.perRecipient.max);
  });

  it("limits invitation mails per organization, whatever the recipients and addresses", async () => {
    const owner = await member();
    const org = await createOrganization(t, owner.cookie);
    const invite = (organizationId: string) =>
      t.request("/api/auth/organization/invite-member", {
        headers: from(nextIp()),
        cookie: owner.cookie,
        json: { email: uniqueEmail("bulk"), role: "member", organizationId },
      });
    const passed = await passedBefore429(() => invite(org.id), MAIL_LIMITS.perOrganization.max + 3);
    expect(passed).toBe(MAIL_LIMITS.perOrganization.max);
    // The limit is the organization's: another one is not held back.
    const other = await createOrganization(t, owner.cookie);
    expect((await invite(other.id)).status).toBe(200);
  });

  it("limits reset and verification mails per recipient alike for registered and unknown addresses", async () => {
    const registered = (await member()).email;
    const unknown = uniqueEmail("nobody");
    for (const path of ["/request-password-reset", "/send-verification-email"]) {
      const send = (email: string) => () =>
        t.request(`/api/auth${path}`, { headers: from(nextIp()), json: { email } });
      const tries = MAIL_LIMITS.perRecipient.max + 3;
      const counts = [
        await passedBefore429(send(registered), tries),
        await passedBefore429(send(unknown), tries),
      ];
      expect(counts, path).toEqual([MAIL_LIMITS.perRecipient.max, MAIL_LIMITS.perRecipient.max]);
    }
  });

  it("limits email-change mails per account, whatever the new addresses", async () => {
    const user = await member();
    const passed = await passedBefore429(
      () =>
        t.request("/api/auth/change-email", {
          headers: from(nextIp()),
          cookie: user.cookie,
          json: { newEmail: uniqueEmail("moved") },
        }),
      MAIL_LIMITS.perRecipient.max + 3,
    );
    expect(passed).toBe(MAIL_LIMITS.perRecipient.max);
  });
});

describe(`client address without TRUST_PROXY (${testDatabase})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ NODE_ENV: "production" });
  });
  afterAll(() => t.close());

  it("ignores a forged X-Forwarded-For: changing it does not buy fresh sign-in attempts", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) {
      const res = await t.request("/api/auth/sign-in/email", {
        headers: { "x-forwarded-for": `198.51.100.${i + 1}` },
        json: { email: uniqueEmail("forger"), password: "not the password at all" },
      });
      statuses.push(res.status);
    }
    expect(statuses.slice(0, 3)).not.toContain(429);
    expect(statuses.slice(3)).toEqual([429, 429]);
  });
});
