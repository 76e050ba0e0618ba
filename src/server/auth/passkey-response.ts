/**
 * Reads what Gatehouse checks itself in a WebAuthn answer before @better-auth/passkey (SimpleWebAuthn)
 * verifies it: the client data (ceremony type, origin, challenge) and the relying-party id hash of the
 * authenticator data. A malformed answer reads as undefined; nothing here trusts the answer's shape.
 */

/** What the browser signed: `clientDataJSON`, decoded. */
export interface ClientData {
  type: string;
  origin: string;
  challenge: string;
}

export interface PasskeyAnswer {
  clientData: ClientData;
  /** SHA-256 of the relying-party id the authenticator used (the first 32 bytes of authenticatorData). */
  rpIdHash: Uint8Array;
}

const BASE64URL = /^[A-Za-z0-9_-]*={0,2}$/;
/** A WebAuthn answer field is small; anything larger is refused unread. */
const MAX_FIELD_CHARS = 64 * 1024;

function fromBase64Url(value: unknown): Uint8Array | undefined {
  if (typeof value !== "string" || value.length > MAX_FIELD_CHARS || !BASE64URL.test(value)) return undefined;
  return new Uint8Array(Buffer.from(value, "base64url"));
}

function readClientData(encoded: unknown): ClientData | undefined {
  const bytes = fromBase64Url(encoded);
  if (!bytes) return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(new TextDecoder("utf-8", { fatal: true }).decode(bytes));
  } catch {
    return undefined;
  }
  if (!parsed || typeof parsed !== "object") return undefined;
  const { type, origin, challenge } = parsed as Record<string, unknown>;
  if (typeof type !== "string" || typeof origin !== "string" || typeof challenge !== "string")
    return undefined;
  return { type, origin, challenge };
}

class CborError extends Error {}

/**
 * A minimal CBOR (RFC 8949) reader for the attestation object: definite-length integers, byte and text
 * strings, arrays, maps, tags and simple values. Indefinite lengths and deep nesting are refused.
 */
export function decodeCbor(bytes: Uint8Array): unknown {
  let pos = 0;
  const take = (count: number): Uint8Array => {
    if (count < 0 || pos + count > bytes.length) throw new CborError("truncated");
    const out = bytes.subarray(pos, pos + count);
    pos += count;
    return out;
  };
  const argument = (info: number): number => {
    if (info < 24) return info;
    const size = info === 24 ? 1 : info === 25 ? 2 : info === 26 ? 4 : info === 27 ? 8 : 0;
    if (size === 0) throw new CborError("unsupported length");
    let value = 0;
    for (const byte of take(size)) value = value * 256 + byte;
    if (!Number.isSafeInteger(value)) throw new CborError("length too large");
    return value;
  };
  const item = (depth: number): unknown => {
    if (depth > 16) throw new CborError("nested too deeply");
    const [head] = take(1);
    const major = (head as number) >> 5;
    const info = (head as number) & 0x1f;
    switch (major) {
      case 0:
        return argument(info);
      case 1:
        return -1 - argument(info);
      case 2:
        return take(argument(info));
      case 3:
        return new TextDecoder("utf-8", { fatal: true }).decode(take(argument(info)));
      case 4:
        return Array.from({ length: argument(info) }, () => item(depth + 1));
      case 5: {
        const map = new Map<unknown, unknown>();
        for (let n = argument(info); n > 0; n -= 1) map.set(item(depth + 1), item(depth + 1));
        return map;
      }
      case 6:
        argument(info);
        return item(depth + 1);
      default:
        if (info === 20) return false;
        if (info === 21) return true;
        if (info === 22 || info === 23) return null;
        // Other simple values and floats mean nothing to Gatehouse: skip their bytes.
        if (info >= 28) throw new CborError("unsupported simple value");
        if (info >= 24) take(info === 24 ? 1 : info === 25 ? 2 : info === 26 ? 4 : 8);
        return Number.NaN;
    }
  };
  const value = item(0);
  if (pos !== bytes.length) throw new CborError("trailing bytes");
  return value;
}

function authenticatorDataOf(response: Record<string, unknown>, ceremony: Ceremony): Uint8Array | undefined {
  if (ceremony === "authentication") return fromBase64Url(response.authenticatorData);
  // Registration: the authenticator data inside the attestation object is the one that is verified.
  const attestation = fromBase64Url(response.attestationObject);
  if (!attestation) return undefined;
  try {
    const decoded = decodeCbor(attestation);
    const authData = decoded instanceof Map ? decoded.get("authData") : undefined;
    return authData instanceof Uint8Array ? authData : undefined;
  } catch (error) {
    if (error instanceof CborError || error instanceof TypeError) return undefined;
    throw error;
  }
}

export type Ceremony = "registration" | "authentication";

/** The parts of a WebAuthn answer (`{ id, response: { clientDataJSON, … } }`) that Gatehouse checks. */
export function readPasskeyAnswer(answer: unknown, ceremony: Ceremony): PasskeyAnswer | undefined {
  if (!answer || typeof answer !== "object") return undefined;
  const { id, response } = answer as Record<string, unknown>;
  if (typeof id !== "string" || !response || typeof response !== "object") return undefined;
  const fields = response as Record<string, unknown>;
  const clientData = readClientData(fields.clientDataJSON);
  const authData = authenticatorDataOf(fields, ceremony);
  if (!clientData || !authData || authData.length < 37) return undefined;
  return { clientData, rpIdHash: authData.subarray(0, 32) };
}
