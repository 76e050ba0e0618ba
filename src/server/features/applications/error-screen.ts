/**
 * The errors of the authorization endpoint that @better-auth/oauth-provider cannot send back to the app
 * (no trusted redirect URI: unknown or disabled client, unregistered redirect URI, a malformed request).
 * It sends the browser to better-auth's error page with them; Gatehouse shows its own page instead.
 */
export const AUTHORIZE_ERRORS = new Set([
  "invalid_client",
  "client_disabled",
  "unauthorized_client",
  "invalid_redirect",
  "invalid_request",
  "unsupported_response_type",
  "request_not_supported",
  "request_uri_not_supported",
  "invalid_request_uri",
  "invalid_scope",
  "invalid_target",
  "unsupported_prompt_select_account",
]);

/** The web app's page for an authorization that cannot go back to its app. */
export const OAUTH_ERROR_PAGE = "/oauth/error";

/**
 * Redirects to `/api/auth/error` that carry an authorization error (its code and an `error_description`,
 * which the sign-in flows' errors do not have) go to the web app's /oauth/error page, which explains
 * them in plain words. Registered before the social sign-in's /error redirect (social-providers.ts).
 */
export function authorizeErrorScreen(baseURL: string) {
  const authErrorPage = `${baseURL}/api/auth/error`;
  return async (response: Response) => {
    const location = response.headers.get("location");
    if (response.status < 300 || response.status >= 400 || !location) return;
    const url = new URL(location, baseURL);
    if (`${url.origin}${url.pathname}` !== authErrorPage) return;
    const code = url.searchParams.get("error") ?? "";
    if (!AUTHORIZE_ERRORS.has(code) || !url.searchParams.has("error_description")) return;
    const headers = new Headers(response.headers);
    headers.set("location", `${baseURL}${OAUTH_ERROR_PAGE}${url.search}`);
    return { response: new Response(response.body, { status: response.status, headers }) };
  };
}
