import { createLocalJWKSet, decodeProtectedHeader, type JSONWebKeySet, jwtVerify } from "jose";
import type * as oidc from "openid-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  PROVIDER_DATABASES,
  type ProviderHarness,
  type RegisteredApp,
  signInThrough,
  startProvider,
} from "../support/oidc-harness.ts";

const DAY_MS = 24 * 60 * 60 * 1000;
const POLL = { timeout: 5000, interval: 50 };

/**
 * Signing keys of "Sign in with Gatehouse": the algorithm (JWKS_ALG), a kid on every key, private keys
 * encrypted with BETTER_AUTH_SECRET, rotation on schedule (JWKS_ROTATION_DAYS) with the replaced key kept in
 * the JWKS for JWKS_GRACE_DAYS. Time is moved in the database (the key rows' expiry), which the running
 * server reads on every signature, and for the JWKS once told of the change (`kids`); jose verifies against
 * the JWKS as an app would.
 */
for (const { label, database, enabled } of PROVIDER_DATABASES) {
  describe.skipIf(!enabled)(`OpenID provider signing keys on ${label}`, () => {
    let h: ProviderHarness;
    let app: RegisteredApp;
    let config: oidc.Configuration;
    let cookie: string;
    const redirectUri = "http://127.0.0.1/callback";

    async function jwks() {
      const res = await h.send("/api/auth/jwks");
      expect(res.status).toBe(200);
      return (await res.json()) as JSONWebKeySet;
    }
    /** Verifies as an app that fetches the JWKS now (no cache carried between the steps). */
    async function verifies(token: string) {
      return jwtVerify(token, createLocalJWKSet(await jwks()), {
        issuer: h.issuer,
        audience: app.client_id,
      }).then(
        () => true,
        (e: Error) => e.name,
      );
    }
    /**
     * The published kids, sorted. A change made here by hand reaches the server's kept key set on PostgreSQL
     * by NOTIFY, which its listener reads a moment after the commit, racing the next request: a test reading
     * the set after such a change polls it (POLL) until the notification has arrived.
     */
    const kids = async () => (await jwks()).keys.map((k) => k.kid as string).sort();
    async function idToken() {
      const tokens = await signInThrough(h, { config, cookie, redirectUri, scope: "openid email" });
      return tokens.id_token as string;
    }
    async function keyRows() {
      const rows = await h.sql(
        `select "id", "alg", "privateKey", "publicKey", "createdAt", "expiresAt" from "jwks"`,
      );
      return rows.map((r) => ({
        id: String(r.id),
        privateKey: String(r.privateKey),
        publicKey: String(r.publicKey),
        createdAt: new Date(r.createdAt as string),
        expiresAt: r.expiresAt ? new Date(r.expiresAt as string) : null,
      }));
    }

    beforeAll(async () => {
      h = await startProvider(database, { JWKS_ALG: "ES256" });
      app = await h.registerApp({
        client_name: "Key watcher",
        redirect_uris: [redirectUri],
        application_type: "native",
        token_endpoint_auth_method: "client_secret_basic",
        skip_consent: true,
      });
      config = await h.discover(app.client_id, app.client_secret);
      cookie = await h.signUp();
    }, 90_000);

    afterAll(async () => {
      await h?.close();
    });

    it("JWKS_ALG=ES256 signs ID tokens with a P-256 key named by its kid; the private key is stored encrypted", async () => {
      const token = await idToken();
      const header = decodeProtectedHeader(token);
      expect(header).toMatchObject({ alg: "ES256", kid: expect.any(String) });
      const { keys } = await jwks();
      expect(keys).toHaveLength(1);
      expect(keys[0]).toMatchObject({ kty: "EC", crv: "P-256", alg: "ES256", kid: header.kid });
      expect(keys[0]).not.toHaveProperty("d");
      expect(await verifies(token)).toBe(true);
      const discovery = await (await h.send("/.well-known/openid-configuration")).json();
      expect(discovery.id_token_signing_alg_values_supported).toContain("ES256");

      const rows = await keyRows();
      expect(rows).toHaveLength(1);
      const row = rows[0] as (typeof rows)[number];
      expect(row.id).toBe(header.kid);
      const stored = String(row.privateKey);
      // Neither a PEM nor a JWK: a JSON string holding the ciphertext (better-auth's symmetricEncrypt).
      expect(stored).not.toMatch(/BEGIN|"d"\s*:|"kty"/);
      expect(typeof JSON.parse(stored)).toBe("string");
      expect(JSON.parse(String(row.publicKey))).toMatchObject({ kty: "EC", crv: "P-256" });
      // JWKS_ROTATION_DAYS (default 30) is the key's lifetime as a signing key.
      const lifetime = Number(row.expiresAt) - Number(row.createdAt);
      expect(Math.abs(lifetime - 30 * DAY_MS)).toBeLessThan(60_000);
    });

    it("rotation: a token signed before it verifies during the grace period (JWKS_GRACE_DAYS) and not after", async () => {
      const before = await idToken();
      const oldKid = decodeProtectedHeader(before).kid as string;

      // The rotation is due: the key's signing lifetime is over. The next signature mints a new key.
      await h.sql(`update "jwks" set "expiresAt" = $1 where "id" = $2`, [
        new Date(Date.now() - 1000),
        oldKid,
      ]);
      const after = await idToken();
      const newKid = decodeProtectedHeader(after).kid as string;
      expect(newKid).not.toBe(oldKid);
      await expect.poll(kids, POLL).toEqual([oldKid, newKid].sort());
      expect(await verifies(before)).toBe(true);
      expect(await verifies(after)).toBe(true);

      // Still inside the 7-day grace period (6 days after the rotation): the old key is still published.
      await h.sql(`update "jwks" set "expiresAt" = $1 where "id" = $2`, [
        new Date(Date.now() - 6 * DAY_MS),
        oldKid,
      ]);
      expect(await verifies(before)).toBe(true);

      // The grace period is over: the old key is gone from the JWKS, and what it signed no longer verifies.
      await h.sql(`update "jwks" set "expiresAt" = $1 where "id" = $2`, [
        new Date(Date.now() - 7 * DAY_MS - 60_000),
        oldKid,
      ]);
      await expect.poll(kids, POLL).toEqual([newKid]);
      expect(await verifies(before)).toBe("JWKSNoMatchingKey");
      expect(await verifies(after)).toBe(true);
      // And nothing is signed with the retired key any more.
      expect(decodeProtectedHeader(await idToken()).kid).toBe(newKid);
    });

    it("changing JWKS_ALG (restart with EdDSA) signs with a new Ed25519 key at once; the old one stays for the grace period", async () => {
      const es256 = await idToken();
      const es256Kid = decodeProtectedHeader(es256).kid as string;
      await h.restart({ JWKS_ALG: "EdDSA" });
      // Discovery now names the new algorithm (openid-client checks ID tokens against it).
      config = await h.discover(app.client_id, app.client_secret);
      expect(config.serverMetadata().id_token_signing_alg_values_supported).toContain("EdDSA");
      const eddsa = await idToken();
      expect(decodeProtectedHeader(eddsa)).toMatchObject({ alg: "EdDSA", kid: expect.any(String) });
      const { keys } = await jwks();
      expect(keys.find((k) => k.kid === decodeProtectedHeader(eddsa).kid)).toMatchObject({
        kty: "OKP",
        crv: "Ed25519",
      });
      expect(keys.find((k) => k.kid === es256Kid)).toMatchObject({ kty: "EC" });
      expect(await verifies(es256)).toBe(true);
      expect(await verifies(eddsa)).toBe(true);
      // The ES256 key is retired: its signing lifetime ended at the restart.
      const retired = (await keyRows()).find((r) => r.id === es256Kid);
      expect(Number(retired?.expiresAt)).toBeLessThanOrEqual(Date.now());
    });

    it("a key minted before rotation was configured gets its schedule at the next start", async () => {
      const kid = decodeProtectedHeader(await idToken()).kid as string;
      await h.sql(`update "jwks" set "expiresAt" = null where "id" = $1`, [kid]);
      await h.restart();
      const row = (await keyRows()).find((r) => r.id === kid);
      expect(Math.abs(Number(row?.expiresAt) - Number(row?.createdAt) - 30 * DAY_MS)).toBeLessThan(60_000);
      expect(decodeProtectedHeader(await idToken()).kid).toBe(kid);
    });
  });
}
