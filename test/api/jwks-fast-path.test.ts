import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { decodeProtectedHeader } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createLogger } from "#server/boot/logger.ts";
import { buildServer } from "#server/boot/server.ts";
import { comparableHeaders, servedHot } from "../support/hot-paths.ts";
import { rawDb } from "../support/organizations.ts";
import { startTestApp, type TestApp, testDatabase } from "../support/test-app.ts";
import { signUpVerified } from "../support/users.ts";

const JWKS = "/api/auth/jwks";
const DAY_MS = 24 * 60 * 60 * 1000;

interface Jwks {
  keys: Array<{ kid: string; kty: string; alg: string }>;
}

// The JWKS fast path (http/jwks-fast-path.ts) answers from memory on Node's request: it must answer exactly what
// the jwt plugin answers through better-auth, and a key minted, retired or removed — by this instance, another
// one on the same database, or by hand — must show at once.
describe(`JWKS fast path over HTTP (${testDatabase})`, () => {
  let t: TestApp;
  let base: string;
  let cookie: string;
  /** A second instance on the same database, as a scaled-out deployment runs (its own memory). */
  let other: Awaited<ReturnType<typeof buildServer>>;
  let otherHttp: Server;
  let otherBase: string;

  beforeAll(async () => {
    t = await startTestApp();
    base = await t.listen();
    cookie = (await signUpVerified(t)).cookie;
    other = await buildServer(t.config, createLogger("silent"));
    otherHttp = createServer(other.listener);
    await new Promise<void>((resolve) => otherHttp.listen(0, "127.0.0.1", resolve));
    otherBase = `http://127.0.0.1:${(otherHttp.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    otherHttp?.closeAllConnections();
    await new Promise((resolve) => otherHttp?.close(resolve));
    await other?.close();
    await t?.close();
  });

  /** The JWKS over HTTP (hot paths first) from an instance and straight from the full app: they must agree. */
  async function bothWays(from = base): Promise<{ hot: boolean; kids: string[] }> {
    const hot = await fetch(`${from}${JWKS}`);
    const full = await t.request(JWKS);
    expect(servedHot(full)).toBe(false);
    const body = (await hot.json()) as Jwks;
    expect({ status: hot.status, body }).toEqual({ status: full.status, body: await full.json() });
    expect(comparableHeaders(hot)).toEqual(comparableHeaders(full));
    return { hot: servedHot(hot), kids: body.keys.map((k) => k.kid) };
  }

  /** A JWT signed now (GET /api/auth/token): signing mints a key when no live one is left. */
  async function signedKid(): Promise<string> {
    const res = await t.request("/api/auth/token", { cookie });
    const { token } = (await res.json()) as { token: string };
    expect(res.status).toBe(200);
    return decodeProtectedHeader(token).kid as string;
  }

  /**
   * A change made by hand in the database reaches the other instances' memory by PostgreSQL's NOTIFY, sent at
   * its commit and read by each instance's listener a moment later (SQLite: at once, by data_version). Keys
   * minted by a rotation need no such wait: the kept set ends at the expiry that lets a key be minted.
   */
  const afterHandEdit = () =>
    new Promise((resolve) => setTimeout(resolve, process.env.TEST_DATABASE_URL ? 100 : 0));

  /** Sets a key's expiry, in the column's stored form (a number on SQLite, a timestamp on PostgreSQL). */
  async function expire(kid: string, at: number) {
    const row = (await rawDb(t).selectFrom("jwks").selectAll().where("id", "=", kid).executeTakeFirst()) as {
      createdAt: unknown;
    };
    const value =
      typeof row.createdAt === "number"
        ? at
        : typeof row.createdAt === "string"
          ? new Date(at).toISOString()
          : new Date(at);
    await rawDb(t).updateTable("jwks").set({ expiresAt: value }).where("id", "=", kid).execute();
    await afterHandEdit();
  }

  it("answers the key set itself, with the full path's exact body and headers (cache-control too)", async () => {
    const kid = await signedKid();
    for (const from of [base, base, otherBase, otherBase]) {
      const answer = await bothWays(from);
      expect(answer.hot).toBe(true);
      expect(answer.kids).toEqual([kid]);
    }
    const hot = await fetch(`${base}${JWKS}`);
    expect(hot.headers.get("cache-control")).toBe("no-store");
    expect(hot.headers.get("content-type")).toBe("application/json");
    // Anything but the exact path goes the full way.
    expect(servedHot(await fetch(`${base}${JWKS}?x=1`))).toBe(false);
  });

  it("serves a key minted by a rotation at once, on this instance and on another one", async () => {
    const oldKid = await signedKid();
    // Both instances have the set in memory.
    expect((await bothWays(base)).kids).toContain(oldKid);
    expect((await bothWays(otherBase)).kids).toContain(oldKid);
    // The rotation is due; the next signature mints a new key.
    await expire(oldKid, Date.now() - 1000);
    const newKid = await signedKid();
    expect(newKid).not.toBe(oldKid);
    for (const from of [otherBase, base]) {
      const answer = await bothWays(from);
      expect(answer.hot).toBe(true);
      expect(answer.kids.sort()).toEqual([oldKid, newKid].sort());
    }
  });

  it("serves a scheduled rotation at once though nothing told the instance: the kept set ends at a key's expiry", async () => {
    const kid = await signedKid();
    // The live key expires in a moment; both instances keep the set until then.
    await expire(kid, Date.now() + 1500);
    expect((await bothWays(base)).kids).toContain(kid);
    expect((await bothWays(otherBase)).kids).toContain(kid);
    await new Promise((resolve) => setTimeout(resolve, 1600));
    const newKid = await signedKid();
    expect(newKid).not.toBe(kid);
    expect((await bothWays(otherBase)).kids).toContain(newKid);
    expect((await bothWays(base)).kids).toContain(newKid);
  });

  it("drops a retired key when its grace period ends, and a key removed by hand at once", async () => {
    const kid = await signedKid();
    const grace = t.config.oidc.graceDays * DAY_MS;
    // Retired a grace period ago but for a moment: still published, until that moment.
    const retired = (await bothWays()).kids.find((k) => k !== kid) as string;
    expect(retired).toBeDefined();
    await expire(retired, Date.now() - grace + 1500);
    expect((await bothWays(base)).kids).toContain(retired);
    expect((await bothWays(otherBase)).kids).toContain(retired);
    await new Promise((resolve) => setTimeout(resolve, 1600));
    expect((await bothWays(base)).kids).not.toContain(retired);
    expect((await bothWays(otherBase)).kids).not.toContain(retired);
    // A key deleted from the table (an operator withdrawing it) is gone from every instance's next answer.
    const before = (await bothWays(otherBase)).kids;
    const gone = before.find((k) => k !== kid) ?? kid;
    await rawDb(t).deleteFrom("jwks").where("id", "=", gone).execute();
    await afterHandEdit();
    expect((await bothWays(otherBase)).kids).not.toContain(gone);
    expect((await bothWays(base)).kids).not.toContain(gone);
  });
});
