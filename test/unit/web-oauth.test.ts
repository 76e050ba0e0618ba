import { beforeAll, describe, expect, it } from "vitest";
import { AUTHORIZE_ERRORS } from "#server/features/applications/error-screen.ts";
import { appConfigText } from "#web/features/admin/components/app-config-block.tsx";
import {
  lines,
  type RegistrationValues,
  registrationBody,
  registrationSchema,
} from "#web/features/admin/lib/app-registration.ts";
import { authorizationErrorText } from "#web/features/oauth/lib/oauth-errors.ts";
import { loadAppMessages } from "#web/i18n/i18n.ts";
import {
  authorizationEndpoint,
  authorizationResumeTarget,
  isAuthorizationQuery,
  signedQuery,
} from "#web/lib/oauth-authorization.ts";
import { scopeList, scopeText } from "#web/lib/oauth-scopes.ts";

// These words come with the signed-in screens' catalogue (English here).
beforeAll(() => loadAppMessages());

/** A query as the provider sends it to the sign-in and consent pages (values as it signed them). */
const SIGNED =
  "response_type=code&client_id=abc&redirect_uri=http%3A%2F%2F127.0.0.1%3A5000%2Fcb&scope=openid+email" +
  "&state=1e5&prompt=login+consent&exp=1700000000&ba_iat=1699999400000" +
  "&ba_param=ba_iat&ba_param=ba_param&ba_param=client_id&ba_param=exp&ba_param=prompt" +
  "&ba_param=redirect_uri&ba_param=response_type&ba_param=scope&ba_param=state&sig=SIGNATURE";

describe("resuming an app's authorization after sign-in", () => {
  it("recognises only a signed authorization request", () => {
    expect(isAuthorizationQuery(`?${SIGNED}`)).toBe(true);
    expect(isAuthorizationQuery("?client_id=abc")).toBe(false);
    expect(isAuthorizationQuery("?redirect=%2Faccount")).toBe(false);
    expect(authorizationResumeTarget("?redirect=%2Faccount")).toBeUndefined();
  });

  it("goes back with the request as sent (state untouched), without the signature or prompt=login", () => {
    const target = authorizationResumeTarget(`?${SIGNED}`) as string;
    expect(target.startsWith("/oauth/resume?")).toBe(true);
    const params = new URL(target, "http://x").searchParams;
    expect(params.get("state")).toBe("1e5");
    expect(params.get("prompt")).toBe("consent");
    expect(params.get("redirect_uri")).toBe("http://127.0.0.1:5000/cb");
    for (const gone of ["sig", "exp", "ba_iat", "ba_param"]) expect(params.has(gone), gone).toBe(false);

    const endpoint = authorizationEndpoint(new URL(target, "http://x").search);
    expect(endpoint.startsWith("/api/auth/oauth2/authorize?")).toBe(true);
    expect(endpoint).toContain("client_id=abc");
    const onlyLogin = authorizationResumeTarget(`?${SIGNED.replace("prompt=login+consent", "prompt=login")}`);
    expect(new URL(onlyLogin as string, "http://x").searchParams.has("prompt")).toBe(false);
  });

  it("hands the consent endpoint exactly the signed parameters and the signature", () => {
    const query = new URLSearchParams(signedQuery(`?${SIGNED}&utm_source=mail`));
    expect(query.get("sig")).toBe("SIGNATURE");
    expect(query.get("state")).toBe("1e5");
    expect(query.has("utm_source")).toBe(false);
    expect(signedQuery("?client_id=abc")).toBeUndefined();
  });
});

describe("consent and error wording", () => {
  it("says every scope Gatehouse offers in words of its own, and names an unknown one", () => {
    for (const scope of ["openid", "profile", "email", "offline_access", "organizations"]) {
      expect(scopeText(scope).title).not.toBe(scope);
    }
    expect(scopeText("organizations").title).toBe("See your organizations and your roles in them");
    expect(scopeText("constructor").title).toBe("constructor");
    expect(scopeList(" openid  email openid ")).toEqual(["openid", "email"]);
  });

  it("explains every authorization error the server sends to /oauth/error", () => {
    const general = authorizationErrorText("no_such_code").title;
    for (const code of AUTHORIZE_ERRORS) {
      expect(authorizationErrorText(code).title, code).not.toBe(general);
    }
    expect(authorizationErrorText("__proto__").title).toBe(general);
  });
});

describe("registering an app", () => {
  const base: RegistrationValues = {
    name: " Notebook ",
    logoUri: "",
    clientUri: "",
    type: "web",
    redirectUris: "https://a.example/cb\n\n https://a.example/cb \nhttps://b.example/cb",
    postLogoutRedirectUris: "",
    firstParty: false,
    scopes: ["openid", "email"],
  };

  it("asks the provider for what each kind of app needs", () => {
    expect(registrationBody(base)).toMatchObject({
      client_name: "Notebook",
      redirect_uris: ["https://a.example/cb", "https://b.example/cb"],
      token_endpoint_auth_method: "client_secret_basic",
      application_type: "web",
      grant_types: ["authorization_code", "refresh_token"],
      response_types: ["code"],
      scope: "openid email",
      skip_consent: false,
    });
    expect(registrationBody({ ...base, type: "spa" })).toMatchObject({
      token_endpoint_auth_method: "none",
      application_type: "web",
    });
    expect(registrationBody({ ...base, type: "native" })).toMatchObject({
      token_endpoint_auth_method: "none",
      application_type: "native",
    });
    const service = registrationBody({ ...base, type: "service", firstParty: true });
    expect(service).toMatchObject({ grant_types: ["client_credentials"], skip_consent: true });
    expect(service).not.toHaveProperty("redirect_uris");
    expect(service).not.toHaveProperty("scope");
    expect(lines(" a \r\nb\n\na")).toEqual(["a", "b"]);
  });

  it("refuses what the provider would refuse, before sending", () => {
    expect(registrationSchema.safeParse(base).success).toBe(true);
    expect(registrationSchema.safeParse({ ...base, redirectUris: "" }).success).toBe(false);
    expect(registrationSchema.safeParse({ ...base, redirectUris: "not a url" }).success).toBe(false);
    expect(registrationSchema.safeParse({ ...base, type: "service", redirectUris: "" }).success).toBe(true);
    expect(
      registrationSchema.safeParse({ ...base, logoUri: "http://insecure.example/logo.png" }).success,
    ).toBe(false);
    expect(registrationSchema.safeParse({ ...base, logoUri: "javascript:alert(1)" }).success).toBe(false);
    expect(registrationSchema.safeParse({ ...base, scopes: [] }).success).toBe(false);
    expect(registrationSchema.safeParse({ ...base, type: "service", scopes: [] }).success).toBe(true);
    expect(registrationSchema.safeParse({ ...base, name: "  " }).success).toBe(false);
  });

  it("writes the developer's configuration block, without a secret", () => {
    const text = appConfigText(
      {
        clientId: "abc",
        name: "Notebook",
        logoUri: null,
        clientUri: null,
        type: "web",
        redirectUris: ["https://a.example/cb"],
        postLogoutRedirectUris: [],
        scopes: ["openid", "email"],
        grantTypes: ["authorization_code"],
        skipConsent: false,
        disabled: false,
        confidential: true,
        createdAt: null,
      },
      "https://id.example.com",
    );
    expect(text).toBe(
      [
        "OIDC_ISSUER=https://id.example.com/api/auth",
        "OIDC_DISCOVERY_URL=https://id.example.com/api/auth/.well-known/openid-configuration",
        "OIDC_CLIENT_ID=abc",
        "OIDC_CLIENT_SECRET=<the secret you copied when it was issued>",
        'OIDC_SCOPES="openid email"',
        "OIDC_REDIRECT_URI=https://a.example/cb",
      ].join("\n"),
    );
    const service = appConfigText(
      {
        clientId: "svc",
        name: "Billing worker",
        logoUri: null,
        clientUri: null,
        type: "service",
        redirectUris: [],
        postLogoutRedirectUris: [],
        scopes: null,
        grantTypes: ["client_credentials"],
        skipConsent: true,
        disabled: false,
        confidential: true,
        createdAt: null,
      },
      "https://id.example.com",
    );
    expect(service).toContain("OIDC_TOKEN_URL=https://id.example.com/api/auth/oauth2/token");
    expect(service).not.toContain("OIDC_SCOPES");
    expect(service).not.toContain("OIDC_REDIRECT_URI");
  });
});
