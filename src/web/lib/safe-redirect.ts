/**
 * Accepts only same-site paths as post-sign-in targets, so `?redirect=` cannot send users away
 * (no other origin, no protocol-relative `//host`, no backslash tricks), and never back to the
 * sign-in or sign-up screens themselves.
 */
export function safeRedirectTarget(value: unknown): string {
  if (typeof value !== "string" || !value.startsWith("/") || value.startsWith("//") || value.includes("\\")) {
    return "/";
  }
  if (/^\/(sign-in|sign-up)(\/|\?|#|$)/.test(value)) return "/";
  return value;
}

/** Where a signed-out visitor of `here` is sent: the sign-in screen, coming back after. */
export function signInHref(here: string): string {
  return here === "/" ? "/sign-in" : `/sign-in?redirect=${encodeURIComponent(here)}`;
}
