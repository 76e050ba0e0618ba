import { createHash, generateKeyPairSync, type KeyObject, randomBytes, sign } from "node:crypto";

/**
 * A software WebAuthn authenticator for API tests: a real ES256 key (node:crypto), the client data a
 * browser would sign, authenticator data and a "none" attestation encoded in CBOR by hand. Its answers
 * are what `navigator.credentials.create/get` hand to @simplewebauthn/browser, in that library's JSON.
 */

type Cbor = number | string | boolean | null | Uint8Array | Cbor[] | Map<Cbor, Cbor>;

function head(major: number, value: number): Buffer {
  if (value < 24) return Buffer.from([(major << 5) | value]);
  if (value < 0x100) return Buffer.from([(major << 5) | 24, value]);
  if (value < 0x10000) {
    const out = Buffer.alloc(3);
    out[0] = (major << 5) | 25;
    out.writeUInt16BE(value, 1);
    return out;
  }
  const out = Buffer.alloc(5);
  out[0] = (major << 5) | 26;
  out.writeUInt32BE(value, 1);
  return out;
}

/** CBOR (RFC 8949) for the few types an attestation object and a COSE key need. */
export function encodeCbor(value: Cbor): Buffer {
  if (typeof value === "number") return value >= 0 ? head(0, value) : head(1, -1 - value);
  if (typeof value === "string") {
    const bytes = Buffer.from(value, "utf8");
    return Buffer.concat([head(3, bytes.length), bytes]);
  }
  if (typeof value === "boolean") return Buffer.from([value ? 0xf5 : 0xf4]);
  if (value === null) return Buffer.from([0xf6]);
  if (value instanceof Uint8Array) return Buffer.concat([head(2, value.length), value]);
  if (Array.isArray(value)) return Buffer.concat([head(4, value.length), ...value.map(encodeCbor)]);
  const entries = [...value.entries()].flatMap(([k, v]) => [encodeCbor(k), encodeCbor(v)]);
  return Buffer.concat([head(5, value.size), ...entries]);
}

const b64url = (bytes: Uint8Array) => Buffer.from(bytes).toString("base64url");
const sha256 = (data: Uint8Array | string) => createHash("sha256").update(data).digest();

/** Flags of the authenticator data: user present, user verified, attested credential data included. */
const UP = 0x01;
const UV = 0x04;
const AT = 0x40;

export interface CeremonyOverrides {
  /** The origin the "browser" puts in the client data (default: the authenticator's). */
  origin?: string;
  /** The relying party the "authenticator" hashes into its data (default: the authenticator's). */
  rpId?: string;
  /** The challenge signed (default: the one in the options). */
  challenge?: string;
  /** The client data's type (default: webauthn.create / webauthn.get). */
  type?: string;
}

export interface RegistrationOptions {
  challenge: string;
  rp: { id?: string; name: string };
  user: { id: string; name: string };
}

export interface AuthenticationOptions {
  challenge: string;
  rpId?: string;
}

export class SoftAuthenticator {
  readonly credentialId = randomBytes(16);
  private readonly privateKey: KeyObject;
  private readonly publicKey: KeyObject;
  private counter = 0;
  private userHandle = "";

  constructor(
    readonly origin: string,
    readonly rpId = new URL(origin).hostname,
  ) {
    const pair = generateKeyPairSync("ec", { namedCurve: "P-256" });
    this.privateKey = pair.privateKey;
    this.publicKey = pair.publicKey;
  }

  get id(): string {
    return b64url(this.credentialId);
  }

  private clientData(type: string, challenge: string, overrides: CeremonyOverrides): Buffer {
    const data = { type: overrides.type ?? type, challenge: overrides.challenge ?? challenge };
    return Buffer.from(
      JSON.stringify({ ...data, origin: overrides.origin ?? this.origin, crossOrigin: false }),
    );
  }

  private coseKey(): Buffer {
    const jwk = this.publicKey.export({ format: "jwk" });
    const x = Buffer.from(jwk.x ?? "", "base64url");
    const y = Buffer.from(jwk.y ?? "", "base64url");
    // kty EC2, alg ES256, crv P-256, x, y.
    return encodeCbor(
      new Map<Cbor, Cbor>([
        [1, 2],
        [3, -7],
        [-1, 1],
        [-2, x],
        [-3, y],
      ]),
    );
  }

  /** The answer to `navigator.credentials.create` for these options (`fmt` other than "none" is unsigned). */
  register(options: RegistrationOptions, overrides: CeremonyOverrides & { fmt?: string } = {}) {
    this.userHandle = options.user.id;
    const clientDataJSON = this.clientData("webauthn.create", options.challenge, overrides);
    const counter = Buffer.alloc(4);
    counter.writeUInt32BE(this.counter);
    const idLength = Buffer.alloc(2);
    idLength.writeUInt16BE(this.credentialId.length);
    const authData = Buffer.concat([
      sha256(overrides.rpId ?? this.rpId),
      Buffer.from([UP | UV | AT]),
      counter,
      Buffer.alloc(16), // AAGUID: none, as privacy-preserving platforms send
      idLength,
      this.credentialId,
      this.coseKey(),
    ]);
    const attestationObject = encodeCbor(
      new Map<Cbor, Cbor>([
        ["fmt", overrides.fmt ?? "none"],
        ["attStmt", new Map()],
        ["authData", authData],
      ]),
    );
    return {
      id: this.id,
      rawId: this.id,
      type: "public-key",
      authenticatorAttachment: "platform",
      clientExtensionResults: {},
      response: {
        clientDataJSON: b64url(clientDataJSON),
        attestationObject: b64url(attestationObject),
        transports: ["internal"],
      },
    };
  }

  /** The answer to `navigator.credentials.get`, signed with this credential's key. */
  authenticate(options: AuthenticationOptions, overrides: CeremonyOverrides = {}) {
    this.counter += 1;
    const clientDataJSON = this.clientData("webauthn.get", options.challenge, overrides);
    const counter = Buffer.alloc(4);
    counter.writeUInt32BE(this.counter);
    const authenticatorData = Buffer.concat([
      sha256(overrides.rpId ?? this.rpId),
      Buffer.from([UP | UV]),
      counter,
    ]);
    // ES256 in WebAuthn: ECDSA P-256 over authenticatorData || SHA-256(clientDataJSON), DER-encoded.
    const signature = sign(
      "sha256",
      Buffer.concat([authenticatorData, sha256(clientDataJSON)]),
      this.privateKey,
    );
    return {
      id: this.id,
      rawId: this.id,
      type: "public-key",
      authenticatorAttachment: "platform",
      clientExtensionResults: {},
      response: {
        clientDataJSON: b64url(clientDataJSON),
        authenticatorData: b64url(authenticatorData),
        signature: b64url(signature),
        userHandle: this.userHandle || undefined,
      },
    };
  }
}
