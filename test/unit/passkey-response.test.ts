import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { decodeCbor, readPasskeyAnswer } from "#server/auth/passkey-response.ts";
import { encodeCbor, SoftAuthenticator } from "../support/webauthn.ts";

const ORIGIN = "http://localhost:3000";
const options = {
  challenge: "Y2hhbGxlbmdl",
  rp: { id: "localhost", name: "Gatehouse" },
  user: { id: "dQ", name: "u" },
};

describe("passkey answers: what Gatehouse reads before the plugin verifies", () => {
  it("reads the client data and the relying-party hash of a registration and a sign-in", () => {
    const authenticator = new SoftAuthenticator(ORIGIN);
    const localhost = createHash("sha256").update("localhost").digest();
    const registration = readPasskeyAnswer(authenticator.register(options), "registration");
    expect(registration?.clientData).toEqual({
      type: "webauthn.create",
      origin: ORIGIN,
      challenge: "Y2hhbGxlbmdl",
    });
    expect(Buffer.from(registration?.rpIdHash ?? []).equals(localhost)).toBe(true);
    const signIn = readPasskeyAnswer(authenticator.authenticate({ challenge: "b25l" }), "authentication");
    expect(signIn?.clientData.type).toBe("webauthn.get");
    expect(Buffer.from(signIn?.rpIdHash ?? []).equals(localhost)).toBe(true);
  });

  it("decodes the CBOR types of an attestation object", () => {
    const value = new Map<unknown, unknown>([
      ["fmt", "none"],
      [-7, [1, 300, 70000, true, null]],
      ["bytes", new Uint8Array([1, 2, 3])],
    ]);
    // biome-ignore lint/suspicious/noExplicitAny: the encoder's input type is narrower than Map<unknown, unknown>
    const decoded = decodeCbor(encodeCbor(value as any)) as Map<unknown, unknown>;
    expect(decoded.get("fmt")).toBe("none");
    expect(decoded.get(-7)).toEqual([1, 300, 70000, true, null]);
    expect([...(decoded.get("bytes") as Uint8Array)]).toEqual([1, 2, 3]);
  });

  it("refuses hostile CBOR (huge lengths, indefinite lengths, deep nesting, truncation), and reads such answers as malformed", () => {
    const hostile = [
      new Uint8Array([]), // nothing
      new Uint8Array([0x5a, 0xff, 0xff, 0xff, 0xff]), // a 4 GB byte string in 5 bytes
      new Uint8Array([0x9f, 0x01, 0xff]), // indefinite-length array
      new Uint8Array(Array.from({ length: 40 }, () => 0x81)), // 40 nested arrays
      new Uint8Array([0xa1, 0x61, 0x61]), // a map whose value is missing
      new Uint8Array([0x01, 0x02]), // trailing bytes
      new Uint8Array([0x63, 0xff, 0xfe, 0xfd]), // text that is not UTF-8
      new Uint8Array([0xfc]), // a reserved simple value
    ];
    for (const bytes of hostile) expect(() => decodeCbor(bytes), `${[...bytes]}`).toThrow();
    const good = new SoftAuthenticator(ORIGIN).register(options);
    for (const attestationObject of hostile.map((b) => Buffer.from(b).toString("base64url"))) {
      const answer = { ...good, response: { ...good.response, attestationObject } };
      expect(readPasskeyAnswer(answer, "registration")).toBeUndefined();
    }
    for (const answer of [null, "x", [], { id: 1 }, { id: "a", response: { clientDataJSON: "e30" } }]) {
      expect(readPasskeyAnswer(answer, "authentication")).toBeUndefined();
    }
  });
});
