import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp, testDatabase } from "../support/test-app.ts";
import { backdateSession, seedLinkedAccount, sessionOf, signUpVerified } from "../support/users.ts";

interface ListedAccount {
  id: string;
  providerId: string;
  accountId: string;
}

describe(`accounts: linked accounts (${testDatabase})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  async function userWithGithub() {
    const user = await signUpVerified(t);
    const userId = (await sessionOf(t, user.cookie))?.user.id ?? "";
    const rowId = await seedLinkedAccount(t, userId, { providerId: "github", accountId: "gh-1001" });
    return { ...user, userId, rowId };
  }

  async function accounts(cookie: string): Promise<ListedAccount[]> {
    const res = await t.request("/api/auth/list-accounts", { cookie });
    expect(res.status).toBe(200);
    return res.json();
  }

  it("lists linked accounts with providerId and accountId", async () => {
    const user = await userWithGithub();
    const list = await accounts(user.cookie);
    expect(list.map((a) => a.providerId).sort()).toEqual(["credential", "github"]);
    expect(list.find((a) => a.providerId === "github")).toMatchObject({
      id: user.rowId,
      accountId: "gh-1001",
    });
  });

  it("unlinks by SPEC's providerId + accountId (the provider's id)", async () => {
    const user = await userWithGithub();
    const res = await t.request("/api/auth/unlink-account", {
      cookie: user.cookie,
      json: { providerId: "github", accountId: "gh-1001" },
    });
    expect(res.status).toBe(200);
    expect((await accounts(user.cookie)).map((a) => a.providerId)).toEqual(["credential"]);
  });

  it("unlinks by better-auth's account row id too", async () => {
    const user = await userWithGithub();
    const res = await t.request("/api/auth/unlink-account", {
      cookie: user.cookie,
      json: { accountId: user.rowId },
    });
    expect(res.status).toBe(200);
    expect((await accounts(user.cookie)).map((a) => a.providerId)).toEqual(["credential"]);
  });

  it("answers Account not found for an account that is not the user's", async () => {
    const user = await userWithGithub();
    const other = await userWithGithub();
    for (const json of [
      { providerId: "github", accountId: "gh-nope" },
      { providerId: "gitlab" },
      { accountId: other.rowId },
    ]) {
      const res = await t.request("/api/auth/unlink-account", { cookie: user.cookie, json });
      expect(res.status, JSON.stringify(json)).toBe(400);
      expect((await res.json()).message).toMatch(/account not found/i);
    }
    expect(await accounts(other.cookie)).toHaveLength(2);
  });

  it("refuses to unlink the last account (SPEC §5)", async () => {
    const user = await signUpVerified(t);
    const res = await t.request("/api/auth/unlink-account", {
      cookie: user.cookie,
      json: { providerId: "credential" },
    });
    expect(res.status).toBe(400);
    expect((await res.json()).message).toMatch(/you can't unlink your last account/i);
    expect(await accounts(user.cookie)).toHaveLength(1);
  });

  it("needs a fresh session to unlink", async () => {
    const user = await userWithGithub();
    await backdateSession(t, user.cookie, 2 * 24 * 60 * 60);
    const res = await t.request("/api/auth/unlink-account", {
      cookie: user.cookie,
      json: { providerId: "github" },
    });
    expect(res.status).toBe(403);
    expect((await res.json()).message).toMatch(/session is not fresh/i);
    expect(await accounts(user.cookie)).toHaveLength(2);
  });

  it("token and info calls accept SPEC's selection and reach the account (no provider is configured here)", async () => {
    const user = await userWithGithub();
    const calls: [string, RequestInit & { json?: unknown }][] = [
      ["/api/auth/get-access-token", { json: { providerId: "github", accountId: "gh-1001" } }],
      ["/api/auth/refresh-token", { json: { providerId: "github", accountId: "gh-1001" } }],
      ["/api/auth/account-info", { json: { providerId: "github", accountId: "gh-1001" } }],
      ["/api/auth/account-info?providerId=github&accountId=gh-1001", {}],
      ["/api/auth/account-info", { json: { accountId: user.rowId } }],
    ];
    for (const [path, init] of calls) {
      const res = await t.request(path, { cookie: user.cookie, ...init });
      // Reaching the account is proven by the provider being named, not "Account not found".
      expect(res.status, path).toBe(400);
      const body = await res.json();
      expect(body.message, path).toMatch(/github|provider/i);
      expect(body.message, path).not.toMatch(/account not found/i);
    }
    for (const path of ["/api/auth/get-access-token", "/api/auth/account-info"]) {
      const res = await t.request(path, {
        cookie: user.cookie,
        json: { providerId: "github", accountId: "gh-other" },
      });
      expect(res.status, path).toBe(400);
      expect((await res.json()).message).toMatch(/account not found/i);
    }
  });

  it("answers Provider not found when linking a provider that is not configured", async () => {
    const user = await signUpVerified(t);
    const res = await t.request("/api/auth/link-social", {
      cookie: user.cookie,
      json: { provider: "github" },
    });
    expect(res.status).toBe(404);
    expect((await res.json()).message).toMatch(/provider not found/i);
  });
});
