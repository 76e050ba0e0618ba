import { generateSync } from "otplib";
import { CookieJar } from "./cookie-jar.ts";
import type { TestApp } from "./test-app.ts";

/** The base32 secret of an `otpauth://totp/…` URI, as an authenticator app reads it from the QR code. */
export function secretOf(totpURI: string): string {
  const secret = new URL(totpURI).searchParams.get("secret");
  if (!secret) throw new Error(`no secret in ${totpURI}`);
  return secret;
}

/** The code an authenticator app shows for `secret` now (or `offsetSeconds` from now), by otplib. */
export function totpCode(secret: string, offsetSeconds = 0): string {
  return generateSync({ secret, epoch: Math.floor(Date.now() / 1000) + offsetSeconds });
}

/** A code for `secret` that is not valid now nor in the windows around it. */
export function wrongCode(secret: string): string {
  const valid = new Set([-30, 0, 30].map((offset) => totpCode(secret, offset)));
  for (let n = 0; ; n++) {
    const candidate = String((Number(totpCode(secret)) + 500_000 + n) % 1_000_000).padStart(6, "0");
    if (!valid.has(candidate)) return candidate;
  }
}

/**
 * Turns on two-factor for a signed-in browser as the Security screen does: enable with the password,
 * then confirm with a first code. Returns the secret and the backup codes shown once.
 */
export async function enrolTwoFactor(
  app: TestApp,
  jar: CookieJar,
  password: string,
): Promise<{ secret: string; backupCodes: string[] }> {
  const enable = jar.take(
    await app.request("/api/auth/two-factor/enable", { cookie: jar.header, json: { password } }),
  );
  if (enable.status !== 200) throw new Error(`enable failed: ${enable.status} ${await enable.text()}`);
  const { totpURI, backupCodes } = (await enable.json()) as { totpURI: string; backupCodes: string[] };
  const secret = secretOf(totpURI);
  const verify = jar.take(
    await app.request("/api/auth/two-factor/verify-totp", {
      cookie: jar.header,
      json: { code: totpCode(secret) },
    }),
  );
  if (verify.status !== 200) throw new Error(`verify failed: ${verify.status} ${await verify.text()}`);
  return { secret, backupCodes };
}

/**
 * enrolTwoFactor for an account known by its session cookie and password; the answer's `cookie` is the
 * session the confirmation left (better-auth replaces the session when two-factor turns on).
 */
export async function enrolAccount(
  app: TestApp,
  account: { cookie: string; password: string },
): Promise<{ secret: string; backupCodes: string[]; cookie: string }> {
  const jar = new CookieJar(account.cookie);
  const enrolled = await enrolTwoFactor(app, jar, account.password);
  return { ...enrolled, cookie: jar.header };
}
