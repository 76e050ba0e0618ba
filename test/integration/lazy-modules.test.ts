import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { serverCommand } from "../support/server-bundle.ts";
import { type SpawnedServer, spawnServer } from "../support/spawn-server.ts";

const PROBE = new URL("../support/loaded-modules.mjs", import.meta.url).pathname;

/**
 * Packages a server that never uses them does not load (decision 45, fourth and fifth rounds): each adds to the
 * resident memory of every installation, and the live heap it adds raises the heap V8 lets grow under load.
 */
const LAZY = {
  pg: "/node_modules/pg/",
  ioredis: "/node_modules/ioredis/",
  "samlify (SAML connections)": "/node_modules/samlify/",
  "@simplewebauthn/server (passkeys)": "/node_modules/@simplewebauthn/server/",
  // Its public-suffix list; SSO's domain parsing needs tldts-core's parser alone.
  "tldts (SSO domains)": "/node_modules/tldts/",
};

describe("what a SQLite server without SAML or passkey use loads", () => {
  let server: SpawnedServer;
  beforeAll(async () => {
    const [node, ...args] = await serverCommand();
    const dir = mkdtempSync(join(tmpdir(), "gatehouse-lazy-"));
    server = await spawnServer(
      {
        BETTER_AUTH_SECRET: "lazy-modules-secret-lazy-modules-secret",
        DATA_DIR: dir,
        NODE_ENV: "production",
        MAIL_OUTBOX: "1",
        // The public URL is fixed; the port is picked free, so the loopback origin sent below is the site's.
        BETTER_AUTH_URL: "http://127.0.0.1",
      },
      { command: [node as string, "--import", PROBE, ...args] },
    );
  }, 60_000);
  afterAll(() => server?.stop());

  /** What the server has loaded by now, from the probe. */
  async function loadedModules(): Promise<string[]> {
    const from = server.output().length;
    process.kill(server.proc.pid as number, "SIGUSR2");
    for (let waited = 0; waited < 5_000; waited += 50) {
      const line = server
        .output()
        .slice(from)
        .match(/LOADED-MODULES (.*)\n/);
      if (line?.[1]) return JSON.parse(line[1]) as string[];
      await sleep(50);
    }
    throw new Error("the probe did not answer");
  }

  it("leaves out the PostgreSQL and Redis clients, samlify, SimpleWebAuthn and tldts, through sign-up and sign-in", async () => {
    const email = "lazy@example.test";
    const password = "a long enough password";
    const origin = { "content-type": "application/json", origin: "http://127.0.0.1" };
    const signUp = await fetch(`${server.url}/api/auth/sign-up/email`, {
      method: "POST",
      headers: origin,
      body: JSON.stringify({ email, password, name: "Lazy Loader" }),
    });
    expect(signUp.status).toBe(200);
    // Unverified: refused, after the password was checked.
    const signIn = await fetch(`${server.url}/api/auth/sign-in/email`, {
      method: "POST",
      headers: origin,
      body: JSON.stringify({ email, password }),
    });
    expect(signIn.status).toBe(403);
    const config = await fetch(`${server.url}/api/config`);
    expect(config.status).toBe(200);
    const modules = await loadedModules();
    // The probe sees what is loaded: the SQLite driver is.
    expect(modules.some((m) => m.includes("/node_modules/better-sqlite3/"))).toBe(true);
    const eager = Object.entries(LAZY)
      .filter(([, path]) => modules.some((m) => m.includes(path)))
      .map(([name]) => name);
    expect(eager).toEqual([]);
  });
});
