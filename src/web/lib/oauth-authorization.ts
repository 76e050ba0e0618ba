/**
 * An authorization in progress ("Sign in with Gatehouse"): the provider sends a visitor who must sign in
 * to /sign-in with the signed authorization request in the query (client_id, redirect_uri, state…, sig).
 * After signing in — or signing up and confirming the email — the visitor goes back to the authorization
 * endpoint with the same request, through /oauth/resume, and the provider takes it from there.
 */

/** What the provider adds to sign the request; the authorization endpoint does not want them back. */
const SIGNATURE_PARAMS = new Set(["sig", "exp", "ba_iat", "ba_param", "ba_pl"]);

/**
 * True when a page's query string is an authorization request the provider sent (signed). Pages read
 * `window.location.search` as it is: the router's parsed search would turn `state=1e5` into a number.
 */
export function isAuthorizationQuery(search: string): boolean {
  const params = new URLSearchParams(search);
  return params.has("client_id") && params.has("sig");
}

/** The request's parameters, signature left out. */
function requestParams(search: string): URLSearchParams {
  const params = new URLSearchParams();
  for (const [key, value] of new URLSearchParams(search)) {
    if (!SIGNATURE_PARAMS.has(key)) params.append(key, value);
  }
  return params;
}

/**
 * Where sign-in (or sign-up) continues for an authorization request: /oauth/resume with the request, less
 * `prompt=login`/`create`, which the sign-in that just happened satisfies. Undefined for any other query.
 */
export function authorizationResumeTarget(search: string): string | undefined {
  if (!isAuthorizationQuery(search)) return undefined;
  const params = requestParams(search);
  const prompts = (params.get("prompt") ?? "")
    .split(" ")
    .filter((prompt) => prompt && prompt !== "login" && prompt !== "create");
  if (prompts.length > 0) params.set("prompt", prompts.join(" "));
  else params.delete("prompt");
  return `/oauth/resume?${params}`;
}

/** The authorization endpoint for a request resumed at /oauth/resume (its query string). */
export function authorizationEndpoint(search: string): string {
  return `/api/auth/oauth2/authorize?${requestParams(search)}`;
}

/**
 * The signed request a page received, exactly as the provider signed it, for the consent answer's
 * `oauth_query` (only the signed parameters and the signature).
 */
export function signedQuery(search: string): string | undefined {
  const params = new URLSearchParams(search);
  if (!params.has("sig")) return undefined;
  const signed = new Set(params.getAll("ba_param"));
  if (signed.size === 0) return undefined;
  const out = new URLSearchParams();
  for (const [key, value] of params) {
    if (key === "sig" || key === "ba_param" || signed.has(key)) out.append(key, value);
  }
  return out.toString();
}

/** What the provider answers a page's fetch instead of a 302: where the browser goes next. */
export interface AuthorizationAnswer {
  redirect?: boolean;
  url?: string;
  redirect_uri?: string;
}

/**
 * Sends the browser where the provider says: the app's redirect URI (with a code or an error), or — for
 * an error it cannot send back to the app — Gatehouse's own error page. better-auth's client already
 * follows `{ redirect: true, url }` by itself; going there a second time would abort its navigation.
 */
export function followAuthorization(answer: AuthorizationAnswer): void {
  const url = answer.url ?? answer.redirect_uri;
  if (!url) return;
  const target = new URL(url, window.location.origin);
  if (target.origin === window.location.origin && target.pathname === "/api/auth/error") {
    window.location.assign(`/oauth/error${target.search}`);
    return;
  }
  if (answer.redirect && answer.url) return;
  window.location.assign(target.href);
}
