import type { MiddlewareHandler } from "hono";

/**
 * The one inline script of the built index.html (it sets the saved colour scheme and the starting language before
 * the first paint), allowed by its hash and nothing else inline. A test hashes src/web/index.html's script against this value.
 */
export const INDEX_SCRIPT_HASH = "'sha256-Jfm3ICndMGvHTT4+JKtRON2QdKscpqfx2qd16vnWpjk='";

const CSP = [
  "default-src 'self'",
  `script-src 'self' ${INDEX_SCRIPT_HASH}`,
  // Mantine sets CSS variables and style attributes at run time.
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: https:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "frame-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join("; ");

/** The security headers every response carries; HSTS only when the public URL is https. */
export function securityHeaderValues(https: boolean): Record<string, string> {
  return {
    "Content-Security-Policy": CSP,
    "X-Content-Type-Options": "nosniff",
    "X-Frame-Options": "DENY",
    "Referrer-Policy": "strict-origin-when-cross-origin",
    "Cross-Origin-Opener-Policy": "same-origin",
    "Permissions-Policy": "camera=(), microphone=(), geolocation=()",
    ...(https ? { "Strict-Transport-Security": "max-age=31536000; includeSubDomains" } : {}),
  };
}

/** Sets the security headers on every response; a route may bring its own Content-Security-Policy. */
export function securityHeaders(https: boolean): MiddlewareHandler {
  const values = Object.entries(securityHeaderValues(https));
  return async (c, next) => {
    await next();
    const h = c.res.headers;
    for (const [name, value] of values) {
      if (name !== "Content-Security-Policy" || !h.has(name)) h.set(name, value);
    }
  };
}
