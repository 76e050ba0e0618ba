import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "#server/boot/config.ts";
import { productRouteDocs } from "#server/boot/product-api-doc.ts";
import { MEMBER_SORTS } from "#shared/contracts/organizations.ts";
import { startTestApp, type TestApp } from "../support/test-app.ts";
import { signUpVerified } from "../support/users.ts";

// biome-ignore lint/suspicious/noExplicitAny: the document is checked structurally below
type Json = any;
const METHODS = ["get", "put", "post", "delete", "options", "head", "patch", "trace"];

/**
 * Every `$ref` in the tree. A schema's `properties` map names to schemas: a property may be called `$ref`
 * (SCIM's members[].$ref and manager.$ref), which is no reference.
 */
function refs(node: Json, found: string[] = [], names = false): string[] {
  if (Array.isArray(node)) for (const item of node) refs(item, found);
  else if (node && typeof node === "object") {
    for (const [key, value] of Object.entries(node)) {
      if (key === "$ref" && !names) found.push(String(value));
      else refs(value, found, key === "properties" && !names);
    }
  }
  return found;
}

describe("API reference: GET /api/openapi.json and /api/reference", () => {
  let app: TestApp;
  let doc: Json;

  beforeAll(async () => {
    app = await startTestApp();
    const res = await app.request("/api/openapi.json");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^application\/json/);
    doc = await res.json();
  });
  afterAll(() => app?.close());

  it("is a structurally valid OpenAPI 3.1 document", () => {
    expect(doc.openapi).toMatch(/^3\.1\.\d+$/);
    expect(doc.info).toMatchObject({ title: "Gatehouse API", version: expect.any(String) });
    expect(doc.servers).toEqual([{ url: app.config.baseURL }]);
    const tagNames = new Set(doc.tags.map((t: Json) => t.name));
    const schemes = new Set(Object.keys(doc.components.securitySchemes));
    const operationIds = new Set<string>();
    for (const [path, item] of Object.entries(doc.paths) as [string, Json][]) {
      expect(path.startsWith("/"), path).toBe(true);
      const templated = [...path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]);
      for (const [method, op] of Object.entries(item) as [string, Json][]) {
        const where = `${method.toUpperCase()} ${path}`;
        expect(METHODS, where).toContain(method);
        expect(Object.keys(op.responses ?? {}).length, `${where}: responses`).toBeGreaterThan(0);
        for (const status of Object.keys(op.responses))
          expect(status, where).toMatch(/^([1-5]\d\d|default)$/);
        for (const tag of op.tags ?? []) expect(tagNames, where).toContain(tag);
        for (const requirement of op.security ?? []) {
          for (const scheme of Object.keys(requirement)) expect(schemes, where).toContain(scheme);
        }
        const declared = (op.parameters ?? []).filter((p: Json) => p.in === "path").map((p: Json) => p.name);
        for (const name of templated) expect(declared, `${where}: path parameter ${name}`).toContain(name);
        for (const p of op.parameters ?? []) expect(["query", "header", "path", "cookie"]).toContain(p.in);
        if (op.operationId) {
          expect(operationIds.has(op.operationId), `duplicate operationId ${op.operationId}`).toBe(false);
          operationIds.add(op.operationId);
        }
        // OpenAPI 3.1 schemas are JSON Schema: no 3.0 `nullable`.
        expect(JSON.stringify(op), where).not.toContain('"nullable"');
      }
    }
    for (const ref of refs(doc)) {
      expect(ref).toMatch(/^#\/components\/schemas\//);
      expect(doc.components.schemas, ref).toHaveProperty(ref.split("/").pop() as string);
    }
  });

  it("lists the key paths of the auth API, the provider and the product routes", () => {
    for (const [method, path] of [
      ["post", "/api/auth/sign-up/email"],
      ["post", "/api/auth/sign-in/email"],
      ["get", "/api/auth/get-session"],
      ["post", "/api/auth/sign-out"],
      ["get", "/api/auth/organization/list"],
      ["post", "/api/auth/organization/create"],
      ["get", "/api/auth/organization/list-members"],
      ["get", "/api/auth/oauth2/authorize"],
      ["post", "/api/auth/oauth2/token"],
      ["get", "/api/auth/oauth2/userinfo"],
      ["post", "/api/auth/oauth2/introspect"],
      ["post", "/api/auth/oauth2/revoke"],
      ["post", "/api/auth/oauth2/create-client"],
      ["get", "/api/auth/jwks"],
      ["get", "/api/auth/token"],
      ["get", "/.well-known/openid-configuration"],
      ["get", "/api/config"],
      ["get", "/api/health"],
      ["get", "/api/ready"],
      ["get", "/api/admin/users/{id}/overview"],
    ]) {
      expect(doc.paths[path as string]?.[method as string], `${method} ${path}`).toBeTruthy();
    }
    const config = doc.paths["/api/config"].get.responses["200"].content["application/json"].schema;
    expect(config.required).toEqual(
      expect.arrayContaining(["appName", "socialProviders", "passwordMinLength"]),
    );
    expect(doc.paths["/api/admin/users/{id}/overview"].get.security).toEqual([{ sessionCookie: [] }]);
    expect(doc.paths["/api/auth/oauth2/token"].post.tags).toEqual(["OpenID Connect provider"]);
    expect(doc.paths["/api/auth/organization/list"].get.tags).toEqual(["Organizations"]);
    // Server-only endpoints of the plugins are not advertised.
    expect(doc.paths).not.toHaveProperty("/api/auth/admin/oauth2/create-client");
    expect(doc.paths).not.toHaveProperty("/api/auth/open-api/generate-schema");
    // Storage-only models (signing keys, refresh tokens) are not in the document.
    expect(doc.components.schemas).not.toHaveProperty("Jwks");
    expect(JSON.stringify(doc)).not.toContain("privateKey");
  });

  it("documents the lists with the query Gatehouse reads, not better-auth's filters it does not", () => {
    const parameters: Json[] = doc.paths["/api/auth/organization/list-members"].get.parameters;
    expect(parameters.map((p) => p.name).sort()).toEqual(
      [
        "limit",
        "notInTeam",
        "offset",
        "organizationId",
        "organizationSlug",
        "search",
        "sortBy",
        "sortDirection",
        "twoFactor",
      ].sort(),
    );
    for (const p of parameters) {
      expect(p, p.name).toMatchObject({ in: "query", required: false, description: expect.any(String) });
    }
    const byName = Object.fromEntries(parameters.map((p) => [p.name, p]));
    expect(byName.sortBy.schema.enum).toEqual([...MEMBER_SORTS]);
    expect(byName.twoFactor.schema.enum).toEqual(["missing"]);
    expect(byName.limit.schema.type).toBe("integer");
    // The other lists Gatehouse answers itself: their paging (and the invitations' status) too.
    const names = (path: string) =>
      doc.paths[`/api/auth/organization/${path}`].get.parameters.map((p: Json) => p.name).sort();
    expect(names("list-invitations")).toEqual(
      ["limit", "offset", "organizationId", "organizationSlug", "status"].sort(),
    );
    expect(names("list-teams")).toEqual(["limit", "offset", "organizationId", "organizationSlug"].sort());
    expect(names("list-team-members")).toEqual(["limit", "offset", "teamId"].sort());
  });

  it("documents the body an endpoint Gatehouse replaces reads, not better-auth's", async () => {
    const body = (path: string) =>
      doc.paths[`/api/auth${path}`].post.requestBody.content["application/json"].schema;
    // api-key/create takes four fields and refuses any other (better-auth's lists its server-only ones).
    const create = body("/api-key/create");
    expect(Object.keys(create.properties).sort()).toEqual(
      ["expiresIn", "name", "organizationId", "permissions"].sort(),
    );
    expect(create.additionalProperties).toBe(false);
    expect(create.required.sort()).toEqual(["expiresIn", "name"]);
    // Its limits: a day at least (or null, a key that does not expire).
    expect(JSON.stringify(create.properties.expiresIn)).toContain('"minimum":86400');
    // A field better-auth describes keeps its words.
    expect(create.properties.name.description).toEqual(expect.any(String));
    // The answer to what the document says a client may not send: refused by name.
    const { cookie } = await signUpVerified(app);
    const refused = await app.request("/api/auth/api-key/create", {
      cookie,
      json: { name: "ci", expiresIn: null, remaining: 5 },
    });
    expect(refused.status).toBe(400);
    expect((await refused.json()).code).toBe("INVALID_FIELD");
    // delete-consent reads one id.
    expect(body("/oauth2/delete-consent").required).toEqual(["id"]);
  });

  it("lists every /api route the server mounts (a new route must be documented)", () => {
    const mounted = app.server.app.routes
      .filter((r) => r.path.startsWith("/api/") && !r.path.startsWith("/api/auth") && !r.path.includes("*"))
      .map((r) => `${r.method.toLowerCase()} ${r.path.replace(/:([^/]+)/g, "{$1}")}`);
    expect(mounted.length).toBeGreaterThan(4);
    for (const route of mounted) {
      const [method, path] = route.split(" ") as [string, string];
      expect(doc.paths[path]?.[method], `${route} is mounted but not in /api/openapi.json`).toBeTruthy();
    }
  });

  it("the reference page renders the document without any script, under the app's CSP", async () => {
    const res = await app.request("/api/reference");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^text\/html/);
    expect(res.headers.get("content-security-policy")).toMatch(/script-src 'self'/);
    const html = await res.text();
    expect(html).not.toMatch(/<script|https?:\/\/cdn/i);
    expect(html).toContain("<h1>Gatehouse API reference</h1>");
    expect(html).toContain('href="#post-api-auth-sign-in-email"');
    expect(html).toContain('id="post-api-auth-oauth2-token"');
    expect(html).toContain("<code>/api/admin/users/{id}/overview</code>");
    // The openAPI plugin's own Scalar page (a CDN script) is off.
    expect((await app.request("/api/auth/reference")).status).toBe(404);
    // The auth API's own document stays where the plugin serves it.
    expect((await app.request("/api/auth/open-api/generate-schema")).status).toBe(200);
  });
});

describe("productRouteDocs: the outbox is listed only where anyone may read it", () => {
  const base = { BETTER_AUTH_SECRET: "reference-secret-reference-secret-012", DATA_DIR: "/tmp/unused" };
  const paths = (env: Record<string, string>) =>
    productRouteDocs(loadConfig({ ...base, ...env })).map((r) => r.path);

  it("development without SMTP: listed; with SMTP or in production: not", () => {
    expect(paths({ NODE_ENV: "development" })).toContain("/api/dev/outbox");
    expect(paths({ NODE_ENV: "development", SMTP_URL: "smtp://127.0.0.1:2525" })).not.toContain(
      "/api/dev/outbox",
    );
    expect(paths({ NODE_ENV: "production", MAIL_OUTBOX: "1" })).not.toContain("/api/dev/outbox");
  });
});
