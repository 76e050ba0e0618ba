import { afterEach, describe, expect, it, vi } from "vitest";
import { isBrowserCeremonyError, passkeySupport } from "#web/lib/passkey-support.ts";

/** Stands in for the browser's WebAuthn constructor: only its presence matters. */
function FakePublicKeyCredential() {}

function page(hostname: string, webauthn = true) {
  vi.stubGlobal("window", {
    location: { hostname },
    ...(webauthn ? { PublicKeyCredential: FakePublicKeyCredential } : {}),
  });
}

describe("web: where passkeys can work", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("needs the browser API and a host name (a relying-party id is never an IP address)", () => {
    for (const host of ["localhost", "auth.example.com", "gatehouse.internal"]) {
      page(host);
      expect(passkeySupport(), host).toBe("ok");
    }
    for (const host of ["127.0.0.1", "10.0.0.12", "[::1]", "::1"]) {
      page(host);
      expect(passkeySupport(), host).toBe("ip-address");
    }
    page("localhost", false);
    expect(passkeySupport()).toBe("no-browser-support");
  });

  it("tells the browser's own ceremony errors from the server's refusals", () => {
    for (const code of ["ERROR_CEREMONY_ABORTED", "ERROR_INVALID_DOMAIN", "AUTH_CANCELLED"]) {
      expect(isBrowserCeremonyError(code), code).toBe(true);
    }
    for (const code of ["PASSKEY_NOT_FOUND", "CHALLENGE_NOT_FOUND", undefined]) {
      expect(isBrowserCeremonyError(code), String(code)).toBe(false);
    }
  });
});
