import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort } from "../support/free-port.ts";
import { type SpawnedServer, spawnServer } from "../support/spawn-server.ts";

/**
 * examples/node-app on its own, with a Gatehouse that does not answer: what it does without any provider
 * (the sign-in journey through a real Gatehouse is test/integration/example-app.test.ts).
 */
describe("the example app without a reachable Gatehouse", () => {
  let app: SpawnedServer;
  let url: string;

  beforeAll(async () => {
    const port = await freePort();
    url = `http://127.0.0.1:${port}`;
    app = await spawnServer(
      { GATEHOUSE_ISSUER: "http://127.0.0.1:9/api/auth", CLIENT_ID: "example", PORT: String(port) },
      { command: ["node", "examples/node-app/server.mjs"], timeoutMs: 15_000 },
    );
  });
  afterAll(() => app?.stop());

  it("serves a signed-out page with a CSP that allows no script", async () => {
    const res = await fetch(`${url}/`);
    expect(res.status).toBe(200);
    const csp = res.headers.get("content-security-policy") ?? "";
    expect(csp).toContain("default-src 'none'");
    expect(csp).not.toContain("script-src");
    expect(csp).toContain("form-action 'self' http://127.0.0.1:9");
    const page = await res.text();
    expect(page).toContain("You are not signed in");
    expect(page).toContain('href="/login"');
    expect(page).not.toContain("<script");
  });

  it("its API: no token is a bare Bearer challenge; a token it cannot check yet is 503, not 401", async () => {
    const none = await fetch(`${url}/api/me`);
    expect(none.status).toBe(401);
    expect(none.headers.get("www-authenticate")).toBe('Bearer realm="example"');
    const unverifiable = await fetch(`${url}/api/me`, { headers: { authorization: "Bearer a.b.c" } });
    expect(unverifiable.status).toBe(503);
    expect((await unverifiable.json()).error).toBe("temporarily_unavailable");
  });

  it("a callback without a sign-in under way, a sign-in Gatehouse cannot start, an unknown page: clear pages", async () => {
    const callback = await fetch(`${url}/callback?code=x&state=y`, { redirect: "manual" });
    expect(callback.status).toBe(400);
    expect(await callback.text()).toContain("This sign-in is unknown or too old");
    const login = await fetch(`${url}/login`, { redirect: "manual" });
    expect(login.status).toBe(502);
    expect(await login.text()).toContain("Something went wrong");
    expect((await fetch(`${url}/nowhere`)).status).toBe(404);
    // Signing out without a session just comes home.
    const out = await fetch(`${url}/logout`, { method: "POST", redirect: "manual" });
    expect(out.status).toBe(303);
    expect(out.headers.get("location")).toBe("/");
  });

  it("refuses to start without its required settings", async () => {
    await expect(
      spawnServer(
        { CLIENT_ID: "example", PORT: "0" },
        { command: ["node", "examples/node-app/server.mjs"], timeoutMs: 15_000 },
      ),
    ).rejects.toThrow(/GATEHOUSE_ISSUER is required/);
  });
});
