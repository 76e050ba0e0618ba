import { createHash } from "node:crypto";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp, testDatabase } from "../support/test-app.ts";
import { createUser, signUpVerified } from "../support/users.ts";

describe(`foundation API (${testDatabase})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
    const web = t.config.staticDir;
    mkdirSync(join(web, "assets"), { recursive: true });
    writeFileSync(join(web, "index.html"), "<!doctype html><title>Gatehouse</title><div id=root></div>");
    writeFileSync(join(web, "assets", "app-abc123.js"), "console.log(1)");
  });
  afterAll(() => t.close());

  it("answers /api/auth/ok", async () => {
    const res = await t.request("/api/auth/ok");
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ ok: true });
  });

  it("reports liveness and readiness", async () => {
    expect(await (await t.request("/api/health")).json()).toEqual({ status: "ok" });
    const ready = await t.request("/api/ready");
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({ status: "ready" });
  });

  it("serves index.html for app routes and JSON 404 for unknown API routes", async () => {
    const page = await t.request("/some/deep/route");
    expect(page.status).toBe(200);
    expect(page.headers.get("content-type")).toMatch(/text\/html/);
    expect(await page.text()).toContain("<div id=root>");

    const api = await t.request("/api/does-not-exist");
    expect(api.status).toBe(404);
    expect(api.headers.get("content-type")).toMatch(/application\/json/);
    expect(await api.json()).toMatchObject({ code: "NOT_FOUND" });
  });

  it("caches hashed assets as immutable", async () => {
    const res = await t.request("/assets/app-abc123.js");
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toContain("immutable");
    expect((await t.request("/assets/missing.js")).status).toBe(404);
  });

  it("sets security headers on every response and no-store on auth responses", async () => {
    for (const path of ["/", "/api/auth/ok", "/api/nope"]) {
      const res = await t.request(path);
      const csp = res.headers.get("content-security-policy") ?? "";
      expect(csp).toContain("frame-ancestors 'none'");
      // Scripts from the origin, and the one inline script of index.html by its hash (below).
      expect(csp).toMatch(/script-src 'self' 'sha256-[\w+/]+=*'(;|$)/);
      expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
      expect(res.headers.get("x-content-type-options")).toBe("nosniff");
      expect(res.headers.get("referrer-policy")).toBeTruthy();
      // The test base URL is http: no HSTS.
      expect(res.headers.get("strict-transport-security")).toBeNull();
    }
    const auth = await t.request("/api/auth/get-session");
    expect(auth.headers.get("cache-control")).toBe("no-store");
  });

  it("allows index.html's inline script, and no other, by its hash", async () => {
    const html = readFileSync(new URL("../../src/web/index.html", import.meta.url), "utf8");
    const scripts = [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((m) => m[1] ?? "");
    expect(scripts).toHaveLength(1);
    const hash = createHash("sha256")
      .update(scripts[0] ?? "")
      .digest("base64");
    const csp = (await t.request("/")).headers.get("content-security-policy") ?? "";
    expect(csp).toContain(`script-src 'self' 'sha256-${hash}';`);
  });

  it("refuses a 2 MB body with 413 JSON, with and without Content-Length", async () => {
    const big = "x".repeat(2 * 1024 * 1024);
    const withLength = await t.request("/api/auth/sign-in/email", {
      method: "POST",
      headers: { "content-type": "application/json", "content-length": String(big.length) },
      body: big,
    });
    expect(withLength.status).toBe(413);
    expect(await withLength.json()).toMatchObject({ code: "PAYLOAD_TOO_LARGE" });

    const chunks = new ReadableStream({
      start(controller) {
        for (let i = 0; i < 32; i++) controller.enqueue(new TextEncoder().encode("y".repeat(64 * 1024)));
        controller.close();
      },
    });
    const streamed = await t.request("/api/auth/sign-in/email", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: chunks,
      duplex: "half",
    } as RequestInit);
    expect(streamed.headers.get("content-length")).not.toBe(String(big.length));
    expect(streamed.status).toBe(413);
  });

  it("answers malformed JSON and wrong content types with a 4xx", async () => {
    const malformed = await t.request("/api/auth/sign-in/email", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: '{"email": "a@b.c", ',
    });
    expect(malformed.status).toBeGreaterThanOrEqual(400);
    expect(malformed.status).toBeLessThan(500);

    const wrongType = await t.request("/api/auth/sign-up/email", {
      method: "POST",
      headers: { "content-type": "text/plain" },
      body: "name=x&email=y",
    });
    expect(wrongType.status).toBeGreaterThanOrEqual(400);
    expect(wrongType.status).toBeLessThan(500);
  });

  it("caps string lengths with a 400 naming the field, and writes nothing", async () => {
    const user = createUser();
    const longName = await t.request("/api/auth/sign-up/email", { json: { ...user, name: "n".repeat(101) } });
    expect(longName.status).toBe(400);
    expect((await longName.json()).message).toMatch(/name/);

    const longEmail = await t.request("/api/auth/sign-up/email", {
      json: { ...user, email: `${"e".repeat(250)}@example.test` },
    });
    expect(longEmail.status).toBe(400);
    expect((await longEmail.json()).message).toMatch(/email/);

    // Nothing was written: the address is still free and no mail went out.
    // Mail leaves through the queue: wait until it has sent everything it holds.
    await t.server.mailer.queue.settled();
    expect(t.sink.mails.filter((m) => m.to.includes(user.email))).toHaveLength(0);
    const ok = await t.request("/api/auth/sign-up/email", { json: user });
    expect(ok.status).toBe(200);

    const { cookie } = await signUpVerified(t);
    const longOrg = await t.request("/api/auth/organization/create", {
      cookie,
      json: { name: "o".repeat(101), slug: "fine-slug" },
    });
    expect(longOrg.status).toBe(400);
    expect((await longOrg.json()).message).toMatch(/organization name/);

    const badSlug = await t.request("/api/auth/organization/create", {
      cookie,
      json: { name: "Acme", slug: "Not A Slug!" },
    });
    expect(badSlug.status).toBe(400);
    expect((await badSlug.json()).message).toMatch(/slug/);

    const list = await t.request("/api/auth/organization/list", { cookie });
    expect(await list.json()).toEqual([]);
  });

  it("rejects passwords outside 8..128 with the SPEC messages", async () => {
    const short = await t.request("/api/auth/sign-up/email", { json: createUser({ password: "short" }) });
    expect(short.status).toBe(400);
    expect((await short.json()).message).toMatch(/password too short/i);
    const long = await t.request("/api/auth/sign-up/email", {
      json: createUser({ password: "p".repeat(129) }),
    });
    expect(long.status).toBe(400);
    expect((await long.json()).message).toMatch(/password too long/i);
  });

  it("refuses a request from a foreign Origin even under NODE_ENV=test", async () => {
    const res = await t.request("/api/auth/sign-up/email", {
      headers: { origin: "https://evil.example" },
      json: createUser(),
    });
    expect(res.status).toBe(403);
  });

  it("requires a verified email before a password sign-in, and re-sends the link", async () => {
    const user = createUser();
    await t.request("/api/auth/sign-up/email", { json: user });
    await t.sink.waitFor(user.email, /verify/i);
    const before = t.sink.mails.length;
    const res = await t.request("/api/auth/sign-in/email", {
      json: { email: user.email, password: user.password },
    });
    expect(res.status).toBe(403);
    expect((await res.json()).message).toMatch(/email not verified/i);
    expect(res.headers.getSetCookie().some((c) => c.includes("session_token="))).toBe(false);
    await expect.poll(() => t.sink.mails.length).toBeGreaterThan(before);
  });

  it("answers a duplicate sign-up exactly like a new one and mails the owner a notice", async () => {
    const existing = await signUpVerified(t);
    const fresh = createUser();

    const dup = await t.request("/api/auth/sign-up/email", {
      json: { name: "Someone Else", email: existing.email, password: "another password 1" },
    });
    const fresh1 = await t.request("/api/auth/sign-up/email", { json: { ...fresh, name: "Someone Else" } });
    expect(dup.status).toBe(fresh1.status);
    const a = await dup.json();
    const b = await fresh1.json();
    // Same shape and same keys, including the admin plugin's fields.
    expect(Object.keys(a).sort()).toEqual(Object.keys(b).sort());
    expect(Object.keys(a.user).sort()).toEqual(Object.keys(b.user).sort());
    expect(a.token).toBeNull();
    expect(a.user.emailVerified).toBe(false);
    expect(dup.headers.getSetCookie()).toEqual(fresh1.headers.getSetCookie());

    const notice = await t.sink.waitFor(existing.email, /sign-up attempt/i);
    expect(notice.text).toContain(`${t.config.baseURL}/sign-in`);
    // The existing password still works, the attacker's does not.
    const signIn = await t.request("/api/auth/sign-in/email", {
      json: { email: existing.email, password: existing.password },
    });
    expect(signIn.status).toBe(200);
  });

  it("builds mail links from BETTER_AUTH_URL, never from the request's Host", async () => {
    const user = createUser();
    await t.request("/api/auth/sign-up/email", {
      headers: { host: "evil.example", "x-forwarded-host": "evil.example" },
      json: user,
    });
    const mail = await t.sink.waitFor(user.email, /verify/i);
    const links = mail.text.match(/https?:\/\/[^\s]+/g) ?? [];
    expect(links.length).toBeGreaterThan(0);
    for (const link of links) expect(link.startsWith(`${t.config.baseURL}/`)).toBe(true);
    expect(mail.html).not.toContain("evil.example");
  });

  it("escapes user-supplied values in mail HTML", async () => {
    const user = createUser({ name: '<img src=x onerror="alert(1)">' });
    await t.request("/api/auth/sign-up/email", { json: user });
    const mail = await t.sink.waitFor(user.email, /verify/i);
    expect(mail.html).not.toContain("<img src=x");
    expect(mail.html).toContain("&lt;img src=x");
  });
});
