import { createHmac, randomBytes } from "node:crypto";
import { symmetricDecrypt, symmetricEncrypt } from "better-auth/crypto";

const SECRET_PREFIX = "whsec_";

/** A new Standard Webhooks signing secret: `whsec_` and 32 random bytes in base64. */
export function newSigningSecret(): string {
  return `${SECRET_PREFIX}${randomBytes(32).toString("base64")}`;
}

/** The secret as stored: encrypted with the app's secret (BETTER_AUTH_SECRET), as better-auth stores its keys. */
export function sealSecret(appSecret: string, secret: string): Promise<string> {
  return symmetricEncrypt({ key: appSecret, data: secret });
}

export function openSecret(appSecret: string, sealed: string): Promise<string> {
  return symmetricDecrypt({ key: appSecret, data: sealed });
}

/**
 * The `webhook-signature` header of Standard Webhooks: `v1,` and the base64 HMAC-SHA256 of
 * `id.timestamp.body` under each secret's key (the base64 after `whsec_`), space-separated, so that a
 * receiver holding either the new or the previous secret verifies during the overlap after a rotation.
 */
export function signatureHeader(secrets: string[], id: string, timestamp: number, body: string): string {
  return secrets
    .map((secret) => {
      const key = Buffer.from(secret.slice(SECRET_PREFIX.length), "base64");
      const mac = createHmac("sha256", key).update(`${id}.${timestamp}.${body}`).digest("base64");
      return `v1,${mac}`;
    })
    .join(" ");
}

let sequence = 0;

/**
 * Ids that sort in creation order within one process (time, then a counter, then randomness), so the
 * deliveries of one fan-out are sent in the order of their events even when created in the same millisecond.
 */
export function sortableId(prefix: string): string {
  sequence = (sequence + 1) % 36 ** 4;
  const time = Date.now().toString(36).padStart(9, "0");
  return `${prefix}_${time}${sequence.toString(36).padStart(4, "0")}${randomBytes(6).toString("hex")}`;
}
