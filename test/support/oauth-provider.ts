import { randomUUID } from "node:crypto";
import type { IncomingMessage } from "node:http";
import { OAuth2Server } from "oauth2-mock-server";

/** Who the provider says is signing in. */
export interface ProviderUser {
  sub: string;
  email?: string;
  emailVerified?: boolean;
  name?: string;
  /** A `groups` claim (SSO group mappings). */
  groups?: string[];
  /** Further claims, in the ID token and the userinfo answer (oidc), e.g. `mail` and `cn` for SSO mappings. */
  claims?: Record<string, unknown>;
}

/**
 * `oidc`: a standard OpenID Connect provider (discovery, id tokens, userinfo).
 * `gitlab`: the same server answering on the paths better-auth's gitlab
 * provider derives from GITLAB_ISSUER (/oauth/authorize, /oauth/token,
 * /api/v4/user), with GitLab's user shape.
 */
export type ProviderKind = "oidc" | "gitlab";

export interface OAuthProvider {
  /** The issuer URL (http://127.0.0.1:<port>). */
  url: string;
  server: OAuth2Server;
  /** The next authorizations sign in as this user. */
  signInAs(user: ProviderUser): void;
  /** Lifetime of the next access tokens, in seconds (expires_in). */
  accessTokenTtl: number;
  /**
   * The next authorization ends with ?error=<error> instead of a code: access_denied (the default) as when the
   * person refuses consent, with its description; any other code of RFC 6749 §4.1.2.1 or OpenID Connect Core
   * §3.1.2.6 alone.
   */
  refuseNextAuthorization(error?: string): void;
  /** The next /userinfo answers 401. */
  failNextUserinfo(): void;
  /** Token requests received, by grant type. */
  grants: string[];
  /** The access tokens handed out, newest last. */
  accessTokens: string[];
  close(): Promise<void>;
}

interface TokenRequest extends IncomingMessage {
  body: Record<string, unknown>;
}

function bearerClaims(req: IncomingMessage): Record<string, unknown> | undefined {
  const token = req.headers.authorization?.replace(/^Bearer\s+/i, "");
  const payload = token?.split(".")[1];
  if (!payload) return undefined;
  try {
    return JSON.parse(Buffer.from(payload, "base64url").toString("utf8"));
  } catch {
    return undefined;
  }
}

const ENDPOINTS = {
  oidc: {},
  gitlab: { authorize: "/oauth/authorize", token: "/oauth/token", userinfo: "/api/v4/user" },
} as const;

/** A real OAuth 2.0 / OpenID Connect server (oauth2-mock-server) on a free loopback port. */
export async function startOAuthProvider(kind: ProviderKind): Promise<OAuthProvider> {
  const server = new OAuth2Server(undefined, undefined, { endpoints: ENDPOINTS[kind] });
  await server.issuer.keys.generate("RS256");
  await server.start(0, "127.0.0.1");
  server.issuer.url = `http://127.0.0.1:${server.address().port}`;

  let current: ProviderUser = { sub: "nobody" };
  let refuseNext: string | undefined;
  let failUserinfo = false;
  const users = new Map<string, ProviderUser>();
  const codes = new Map<string, ProviderUser>();
  const refreshTokens = new Map<string, ProviderUser>();
  const gitlabIds = new Map<string, number>();
  const grants: string[] = [];
  const accessTokens: string[] = [];

  const provider: OAuthProvider = {
    url: server.issuer.url,
    server,
    signInAs(user) {
      current = user;
      users.set(user.sub, user);
    },
    accessTokenTtl: 3600,
    refuseNextAuthorization(error = "access_denied") {
      refuseNext = error;
    },
    failNextUserinfo() {
      failUserinfo = true;
    },
    grants,
    accessTokens,
    close: () => server.stop(),
  };

  const service = server.service;
  service.on("beforeAuthorizeRedirect", ({ url }: { url: URL }) => {
    const code = url.searchParams.get("code");
    if (refuseNext) {
      url.searchParams.delete("code");
      url.searchParams.set("error", refuseNext);
      if (refuseNext === "access_denied")
        url.searchParams.set("error_description", "The resource owner denied the request");
      refuseNext = undefined;
      return;
    }
    if (code) codes.set(code, current);
  });

  const userOf = (req: TokenRequest): ProviderUser | undefined => {
    const { grant_type: grant, code, refresh_token: refresh } = req.body;
    if (grant === "authorization_code") return codes.get(String(code));
    if (grant === "refresh_token") return refreshTokens.get(String(refresh));
    return undefined;
  };

  service.on("beforeTokenSigning", (token: { payload: Record<string, unknown> }, req: TokenRequest) => {
    const user = userOf(req);
    if (!user) return;
    token.payload.sub = user.sub;
    // Two tokens issued within one second would otherwise be identical.
    token.payload.jti = randomUUID();
    if (user.email !== undefined) token.payload.email = user.email;
    if (user.emailVerified !== undefined) token.payload.email_verified = user.emailVerified;
    if (user.name !== undefined) token.payload.name = user.name;
    if (user.groups !== undefined) token.payload.groups = user.groups;
    if (user.claims && kind === "oidc") Object.assign(token.payload, user.claims);
  });

  service.on(
    "beforeResponse",
    (response: { statusCode: number; body: Record<string, unknown> }, req: TokenRequest) => {
      const grant = String(req.body.grant_type);
      grants.push(grant);
      const user = userOf(req);
      // A code is good once, and only if this server issued it (otherwise the mock would accept anything).
      if (grant === "authorization_code") codes.delete(String(req.body.code));
      if (!user) {
        response.statusCode = 400;
        response.body = { error: "invalid_grant", error_description: "unknown or used code" };
        return;
      }
      response.body.expires_in = provider.accessTokenTtl;
      accessTokens.push(String(response.body.access_token));
      if (typeof response.body.refresh_token === "string")
        refreshTokens.set(response.body.refresh_token, user);
    },
  );

  service.on(
    "beforeUserinfo",
    (response: { statusCode: number; body: Record<string, unknown> }, req: IncomingMessage) => {
      const sub = bearerClaims(req)?.sub;
      const user = typeof sub === "string" ? users.get(sub) : undefined;
      if (failUserinfo || !user) {
        failUserinfo = false;
        response.statusCode = 401;
        response.body = { error: "invalid_token" };
        return;
      }
      if (kind === "oidc") {
        response.body = {
          sub: user.sub,
          email: user.email,
          email_verified: user.emailVerified,
          name: user.name,
          ...(user.groups ? { groups: user.groups } : {}),
          ...user.claims,
        };
        return;
      }
      if (!gitlabIds.has(user.sub)) gitlabIds.set(user.sub, 1000 + gitlabIds.size);
      response.body = {
        id: gitlabIds.get(user.sub),
        username: user.sub,
        name: user.name,
        email: user.email,
        email_verified: user.emailVerified,
        state: "active",
        locked: false,
        avatar_url: null,
      };
    },
  );

  return provider;
}
