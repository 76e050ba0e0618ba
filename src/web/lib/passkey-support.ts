/**
 * Whether passkeys can work on this page, and if not, why. WebAuthn needs the browser API, and a host
 * name: a relying-party id cannot be an IP address, so a Gatehouse opened at http://127.0.0.1 cannot use
 * passkeys (open it at its public name, BETTER_AUTH_URL's, e.g. http://localhost locally).
 */
export function passkeySupport(): "ok" | "no-browser-support" | "ip-address" {
  if (typeof window === "undefined" || typeof window.PublicKeyCredential !== "function") {
    return "no-browser-support";
  }
  const host = window.location.hostname;
  if (/^\d{1,3}(\.\d{1,3}){3}$/.test(host) || host.includes(":") || host.startsWith("[")) return "ip-address";
  return "ok";
}

/** An answer of the browser's WebAuthn call itself (cancelled, not allowed, wrong domain…), not the server's. */
export function isBrowserCeremonyError(code: string | undefined): boolean {
  return code !== undefined && (code.startsWith("ERROR_") || code === "AUTH_CANCELLED");
}
