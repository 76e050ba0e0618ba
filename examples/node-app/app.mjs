// A small web app that signs its users in with Gatehouse and protects its own API with Gatehouse's tokens.
// Standard libraries only: openid-client (the relying party) and jose (verifying access tokens), node:http.
import { randomBytes } from "node:crypto";
import { createServer } from "node:http";
import { createRemoteJWKSet, errors as joseErrors, jwtVerify } from "jose";
import * as oidc from "openid-client";

const SESSION_COOKIE = "example_session";
const LOGIN_COOKIE = "example_login";

/**
 * Starts the example app.
 * @param {{ issuer: string, clientId: string, clientSecret?: string, port?: number, host?: string,
 *   appUrl?: string, redirectUri?: string, postLogoutRedirectUri?: string, audience?: string }} options
 *   issuer: Gatehouse's issuer (BETTER_AUTH_URL + "/api/auth"); without clientSecret the app is a public client.
 *   appUrl (default http://localhost:PORT) gives the defaults: redirectUri APP/callback, postLogoutRedirectUri
 *   APP/ and audience APP/api (the `resource` this app's API answers to; list it in Gatehouse's OIDC_RESOURCES).
 * @returns {Promise<{ url: string, close: () => Promise<void> }>}
 */
export async function startExampleApp(options) {
  const port = options.port ?? 4000;
  const host = options.host ?? "127.0.0.1";
  const appUrl = (options.appUrl ?? `http://localhost:${port}`).replace(/\/+$/, "");
  const redirectUri = options.redirectUri ?? `${appUrl}/callback`;
  const postLogoutRedirectUri = options.postLogoutRedirectUri ?? `${appUrl}/`;
  const audience = options.audience ?? `${appUrl}/api`;
  const issuer = new URL(options.issuer);
  const secure = new URL(appUrl).protocol === "https:";
  const callbackPath = new URL(redirectUri).pathname;
  // Where the page reaches its own API: the listening address (loopback when listening on every interface).
  const ownHost = ["0.0.0.0", "::"].includes(host) ? "127.0.0.1" : host.includes(":") ? `[${host}]` : host;

  /** Who is signed in: session id (the cookie) → ID token, its claims and the tokens. Kept in memory. */
  const sessions = new Map();
  /** Sign-ins under way: login id (a short-lived cookie) → PKCE verifier, state and nonce. */
  const logins = new Map();

  // Discovery (GET {issuer}/.well-known/openid-configuration), once, when first needed.
  let discovered;
  function configuration() {
    discovered ??= oidc
      .discovery(
        issuer,
        options.clientId,
        undefined,
        options.clientSecret ? oidc.ClientSecretBasic(options.clientSecret) : oidc.None(),
        // Plain http is for a Gatehouse on your own machine only.
        issuer.protocol === "http:" ? { execute: [oidc.allowInsecureRequests] } : undefined,
      )
      .catch((error) => {
        discovered = undefined;
        throw error;
      });
    return discovered;
  }
  let jwks;
  async function keySet() {
    jwks ??= createRemoteJWKSet(new URL((await configuration()).serverMetadata().jwks_uri));
    return jwks;
  }

  /** The API's guard: a Bearer access token signed by Gatehouse, for this API (aud), not expired. */
  async function verifyAccessToken(req) {
    const match = /^Bearer ([\w.~+/-]+=*)$/.exec(req.headers.authorization ?? "");
    if (!match)
      throw Object.assign(new Error("Send an access token: Authorization: Bearer <token>"), { status: 401 });
    const { payload } = await jwtVerify(match[1], await keySet(), {
      issuer: (await configuration()).serverMetadata().issuer,
      audience,
      typ: "at+jwt",
    });
    return payload;
  }

  async function signIn(res) {
    const config = await configuration();
    const login = {
      verifier: oidc.randomPKCECodeVerifier(),
      state: oidc.randomState(),
      nonce: oidc.randomNonce(),
    };
    const loginId = randomId();
    logins.set(loginId, { ...login, expires: Date.now() + 10 * 60_000 });
    const supported = config.serverMetadata().scopes_supported ?? [];
    const scope = ["openid", "profile", "email", "offline_access", "organizations"]
      .filter((s) => s === "openid" || supported.includes(s))
      .join(" ");
    const url = oidc.buildAuthorizationUrl(config, {
      redirect_uri: redirectUri,
      scope,
      code_challenge: await oidc.calculatePKCECodeChallenge(login.verifier),
      code_challenge_method: "S256",
      state: login.state,
      nonce: login.nonce,
      // The access token is then a JWT for this app's API (its `aud`), verifiable offline.
      resource: audience,
    });
    setCookie(res, LOGIN_COOKIE, loginId, 600);
    redirect(res, url.href);
  }

  async function callback(req, res, currentUrl) {
    const loginId = cookie(req, LOGIN_COOKIE);
    const login = loginId && logins.get(loginId);
    if (loginId) logins.delete(loginId);
    setCookie(res, LOGIN_COOKIE, "", 0);
    if (!login || login.expires < Date.now()) {
      return html(res, 400, "Sign-in expired", `<p>This sign-in is unknown or too old.</p>${signInLink()}`);
    }
    const refused = currentUrl.searchParams.get("error");
    if (refused) {
      const reason = currentUrl.searchParams.get("error_description") ?? refused;
      return html(res, 400, "Sign-in refused", `<p>Gatehouse answered: ${esc(reason)}</p>${signInLink()}`);
    }
    const tokens = await oidc.authorizationCodeGrant(await configuration(), currentUrl, {
      pkceCodeVerifier: login.verifier,
      expectedState: login.state,
      expectedNonce: login.nonce,
      idTokenExpected: true,
    });
    const sessionId = randomId();
    sessions.set(sessionId, sessionFrom(tokens));
    setCookie(res, SESSION_COOKIE, sessionId);
    redirect(res, "/");
  }

  function sessionFrom(tokens, previous) {
    return {
      idToken: tokens.id_token ?? previous?.idToken,
      claims: tokens.claims() ?? previous?.claims,
      accessToken: tokens.access_token,
      refreshToken: tokens.refresh_token ?? previous?.refreshToken,
      expiresAt: Date.now() + (tokens.expiresIn() ?? 0) * 1000,
    };
  }

  /** A refresh grant; when Gatehouse refuses it (app revoked, user signed out...), the session ends here too. */
  async function refresh(sessionId, session) {
    try {
      const tokens = await oidc.refreshTokenGrant(await configuration(), session.refreshToken, {
        resource: audience,
      });
      sessions.set(sessionId, sessionFrom(tokens, session));
      return { ok: true };
    } catch (error) {
      sessions.delete(sessionId);
      return {
        ok: false,
        error: error.error ?? error.code ?? "error",
        description: error.error_description ?? error.message,
      };
    }
  }

  /** This app's pages call its own API like any client would: over HTTP, with the access token. */
  async function callOwnApi(session) {
    const res = await fetch(`http://${ownHost}:${server.address().port}/api/me`, {
      headers: { authorization: `Bearer ${session.accessToken}` },
    });
    return { status: res.status, body: await res.json() };
  }

  async function home(req, res) {
    const sessionId = cookie(req, SESSION_COOKIE);
    let session = sessionId && sessions.get(sessionId);
    if (!session) {
      return html(res, 200, "Example app", `<p>You are not signed in.</p>${signInLink()}`);
    }
    if (session.expiresAt <= Date.now() && session.refreshToken) {
      const refreshed = await refresh(sessionId, session);
      if (!refreshed.ok) return refreshFailed(res, refreshed);
      session = sessions.get(sessionId);
    }
    const api = await callOwnApi(session);
    html(res, 200, "Example app", signedInPage(session.claims, api));
  }

  function refreshFailed(res, result) {
    setCookie(res, SESSION_COOKIE, "", 0);
    html(
      res,
      401,
      "Signed out",
      `<p id="refresh-error">Gatehouse refused to refresh the tokens (${esc(result.error)}: ${esc(result.description)}).
      You are signed out of the example app.</p>${signInLink()}`,
    );
  }

  async function signOut(req, res) {
    const sessionId = cookie(req, SESSION_COOKIE);
    const session = sessionId && sessions.get(sessionId);
    if (sessionId) sessions.delete(sessionId);
    setCookie(res, SESSION_COOKIE, "", 0);
    if (!session?.idToken) return redirect(res, "/");
    // RP-initiated logout: Gatehouse ends its own session too, then sends the browser back here.
    const url = oidc.buildEndSessionUrl(await configuration(), {
      id_token_hint: session.idToken,
      post_logout_redirect_uri: postLogoutRedirectUri,
    });
    redirect(res, url.href);
  }

  async function route(req, res) {
    const url = new URL(req.url ?? "/", appUrl);
    const key = `${req.method} ${url.pathname}`;
    if (key === "GET /api/me") {
      try {
        return json(res, 200, await verifyAccessToken(req));
      } catch (error) {
        const description = String(error.message).replace(/["\\]/g, "'");
        // The token could not be checked (Gatehouse or its JWKS unreachable): not the caller's fault.
        if (!(error instanceof joseErrors.JOSEError) && error.status !== 401) {
          return json(res, 503, { error: "temporarily_unavailable", error_description: description });
        }
        if (["ERR_JWKS_TIMEOUT", "ERR_JWKS_INVALID"].includes(error.code)) {
          return json(res, 503, { error: "temporarily_unavailable", error_description: description });
        }
        // RFC 6750: a missing token is a bare challenge; a bad one is invalid_token.
        res.setHeader(
          "WWW-Authenticate",
          error.status === 401
            ? 'Bearer realm="example"'
            : `Bearer error="invalid_token", error_description="${description}"`,
        );
        return json(res, 401, { error: "invalid_token", error_description: description });
      }
    }
    if (key === "GET /") return home(req, res);
    if (key === "GET /login") return signIn(res);
    if (req.method === "GET" && url.pathname === callbackPath) {
      return callback(req, res, new URL(url.pathname + url.search, redirectUri));
    }
    if (key === "POST /refresh") {
      const sessionId = cookie(req, SESSION_COOKIE);
      const session = sessionId && sessions.get(sessionId);
      if (!session) return redirect(res, "/");
      const result = await refresh(sessionId, session);
      return result.ok ? redirect(res, "/") : refreshFailed(res, result);
    }
    if (key === "POST /logout") return signOut(req, res);
    html(res, 404, "Not found", `<p>No page here. <a href="/">Home</a></p>`);
  }

  function signedInPage(claims, api) {
    const orgs = Array.isArray(claims.organizations) ? claims.organizations : [];
    const orgList = orgs.length
      ? `<ul id="organizations">${orgs
          .map((o) => {
            const roles = Array.isArray(o.roles) ? o.roles.join(", ") : (o.role ?? o.roles ?? "");
            // The access token names the organization active in the Gatehouse session (org_id).
            const active = api.body?.org_id === o.id ? " <strong>active</strong>" : "";
            return `<li>${esc(o.name ?? o.slug ?? o.id)} <small>(${esc(o.slug ?? o.id)}${roles ? `; ${esc(roles)}` : ""})</small>${active}</li>`;
          })
          .join("")}</ul>`
      : "<p>No organizations in the ID token (ask for the <code>organizations</code> scope).</p>";
    const picture =
      typeof claims.picture === "string"
        ? `<img src="${esc(claims.picture)}" alt="" width="48" height="48">`
        : "";
    return `<section aria-labelledby="who"><h2 id="who">Signed in</h2>${picture}
      <dl id="user"><dt>Name</dt><dd>${esc(claims.name ?? "")}</dd><dt>Email</dt><dd>${esc(claims.email ?? "")}${
        claims.email_verified ? " (verified)" : ""
      }</dd><dt>User id (sub)</dt><dd><code>${esc(claims.sub)}</code></dd></dl>
      <h3>Organizations</h3>${orgList}</section>
      <section aria-labelledby="api"><h2 id="api">This app's API: GET /api/me</h2>
      <p>The page called <code>/api/me</code> with the access token; the API verified it with Gatehouse's JWKS
      (issuer and audience <code>${esc(audience)}</code> checked) and answered <strong id="api-status">${api.status}</strong>:</p>
      <pre id="api-answer">${esc(JSON.stringify(api.body, null, 2))}</pre></section>
      <form method="post" action="/refresh"><button type="submit">Refresh tokens</button></form>
      <form method="post" action="/logout"><button type="submit">Sign out</button></form>`;
  }

  function html(res, status, title, body) {
    res.writeHead(status, {
      "content-type": "text/html; charset=utf-8",
      "cache-control": "no-store",
      "content-security-policy": `default-src 'none'; style-src 'unsafe-inline'; img-src https: data: ${issuer.origin}; form-action 'self' ${issuer.origin}; frame-ancestors 'none'; base-uri 'none'`,
      "x-content-type-options": "nosniff",
    });
    res.end(`<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><title>${esc(title)}</title><link rel="icon" href="data:,">
<style>body{font:16px/1.5 system-ui,sans-serif;max-width:42rem;margin:2rem auto;padding:0 1rem;color:#1a1a1a;background:#fff}
pre{background:#f3f3f3;padding:1rem;white-space:pre-wrap;overflow-wrap:anywhere}dt{font-weight:600}form{display:inline-block;margin-right:1rem}
button,.button{font:inherit;padding:.4rem 1rem;border:1px solid #1c5fb0;border-radius:4px;background:#1c5fb0;color:#fff;text-decoration:none;cursor:pointer}
@media (prefers-color-scheme:dark){body{background:#1a1b1e;color:#e8e8e8}pre{background:#25262b}a{color:#8ab4f8}}</style>
</head><body><header><h1>Example app</h1><p>Signs in with Gatehouse.</p></header><main>${body}</main></body></html>`);
  }

  function setCookie(res, name, value, maxAge) {
    const attributes = [`${name}=${value}`, "Path=/", "HttpOnly", "SameSite=Lax"];
    if (maxAge !== undefined) attributes.push(`Max-Age=${maxAge}`);
    if (secure) attributes.push("Secure");
    const previous = res.getHeader("set-cookie") ?? [];
    res.setHeader("set-cookie", [...previous, attributes.join("; ")]);
  }

  const server = createServer((req, res) => {
    route(req, res).catch((error) => {
      // A failed exchange (bad state, replayed code, Gatehouse unreachable...): a page that says so, not a crash.
      const reason = error.error_description ?? error.error ?? error.message;
      if (!res.headersSent)
        html(res, 502, "Sign-in failed", `<p>Something went wrong: ${esc(reason)}</p>${signInLink()}`);
      else res.end();
    });
  });
  await new Promise((resolve) => server.listen(port, host, resolve));
  const address = server.address();
  return {
    url: `http://${host}:${address.port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

function signInLink() {
  return `<p><a class="button" href="/login">Sign in with Gatehouse</a></p>`;
}

function randomId() {
  return randomBytes(32).toString("base64url");
}

function cookie(req, name) {
  for (const part of (req.headers.cookie ?? "").split(";")) {
    const [key, ...value] = part.trim().split("=");
    if (key === name) return value.join("=") || undefined;
  }
  return undefined;
}

function redirect(res, location) {
  res.writeHead(303, { location, "cache-control": "no-store" });
  res.end();
}

function json(res, status, body) {
  res.writeHead(status, { "content-type": "application/json", "cache-control": "no-store" });
  res.end(JSON.stringify(body));
}

function esc(value) {
  return String(value).replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
