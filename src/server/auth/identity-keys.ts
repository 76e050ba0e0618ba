import type { AuthContext } from "better-auth";
import { createJwk, type JWKOptions, type JwtOptions } from "better-auth/plugins";
import { publishedPicture } from "#server/auth/published-picture.ts";
import type { OidcConfig } from "#server/boot/config.ts";

const DAY = 24 * 60 * 60;

/** The key pair each JWKS_ALG generates: RSA 2048, P-256, or Ed25519. */
function keyPairConfig(alg: OidcConfig["jwksAlg"]): JWKOptions {
  if (alg === "RS256") return { alg, modulusLength: 2048 };
  if (alg === "ES256") return { alg };
  return { alg, crv: "Ed25519" };
}

/**
 * The jwt plugin's key settings, as better-auth 1.7.24 applies them (plugins/jwt):
 * - `rotationInterval` stamps each new key with `expiresAt = createdAt + interval`; the first signature after
 *   that mints a new key (`resolveSigningKey`), so rotation happens on the schedule without a job.
 * - `gracePeriod` keeps a key in the JWKS until `expiresAt + grace`, so tokens it signed still verify.
 * - Private keys are encrypted with BETTER_AUTH_SECRET (`disablePrivateKeyEncryption` stays false).
 */
export function signingKeyOptions(oidc: OidcConfig, issuer: string, baseURL: string): JwtOptions {
  return {
    jwks: {
      keyPairConfig: keyPairConfig(oidc.jwksAlg),
      ...(oidc.rotationDays > 0 ? { rotationInterval: Math.round(oidc.rotationDays * DAY) } : {}),
      gracePeriod: Math.round(oidc.graceDays * DAY),
      disablePrivateKeyEncryption: false,
    },
    jwt: {
      issuer,
      audience: issuer,
      // GET /api/auth/token (a signed-in browser's token for its own backend, 15 minutes): the OpenID claims'
      // names, not better-auth's whole user row (role, ban reason…). `sub` is the user id; `picture` an http(s)
      // URL, never an uploaded picture's data URL (published-picture.ts).
      definePayload: ({ user, session }) => {
        const picture = publishedPicture(baseURL, user.id, user.image);
        return {
          name: user.name,
          email: user.email,
          email_verified: user.emailVerified,
          ...(picture ? { picture } : {}),
          ...(typeof session.activeOrganizationId === "string"
            ? { org_id: session.activeOrganizationId }
            : {}),
        };
      },
    },
    // No `set-auth-jwt` on every get-session: the web app does not use it, it would cost a signature per call,
    // and the get-session hot path (http/hot-paths.ts) answers with better-auth's exact headers.
    disableSettingJwtHeader: true,
  };
}

interface KeyRow {
  id: string;
  alg?: string | null;
  createdAt: Date | string;
  expiresAt?: Date | string | null;
}

/**
 * Brings the stored keys in line with the configuration at start (after migrations):
 * - A key minted before rotation was configured has no expiry and would sign forever: it gets
 *   `createdAt + JWKS_ROTATION_DAYS` (already past for an old key: the next signature mints a new one).
 * - When JWKS_ALG changes, better-auth would keep signing with the newest live key of the old algorithm (it
 *   falls back to any live key): a key of the configured algorithm is minted, and the old live keys are retired
 *   now, so they stay in the JWKS for the grace period only.
 */
export async function reconcileSigningKeys(context: AuthContext, options: JwtOptions): Promise<void> {
  const alg = options.jwks?.keyPairConfig?.alg ?? "EdDSA";
  const rotation = options.jwks?.rotationInterval;
  const keys = await context.adapter.findMany<KeyRow>({ model: "jwks" });
  const now = Date.now();
  const expiry = (k: KeyRow) => (k.expiresAt ? new Date(k.expiresAt).getTime() : undefined);
  for (const key of keys) {
    if (!rotation || key.expiresAt) continue;
    key.expiresAt = new Date(new Date(key.createdAt).getTime() + rotation * 1000);
    await context.adapter.update({
      model: "jwks",
      where: [{ field: "id", value: key.id }],
      update: { expiresAt: key.expiresAt },
    });
  }
  const live = keys.filter((k) => (expiry(k) ?? Number.POSITIVE_INFINITY) > now);
  // A row without `alg` predates that column; better-auth reads it as the configured algorithm.
  if (live.length === 0 || live.some((k) => (k.alg ?? alg) === alg)) return;
  await createJwk({ context } as Parameters<typeof createJwk>[0], options);
  for (const key of live) {
    await context.adapter.update({
      model: "jwks",
      where: [{ field: "id", value: key.id }],
      update: { expiresAt: new Date(now) },
    });
  }
}
