import { z } from "zod";

/** A JSON value as an OpenAPI document holds it. */
// biome-ignore lint/suspicious/noExplicitAny: a JSON tree walked generically
type Json = any;

/** One product route (/api/*), described with the shared zod contracts (boot/product-api-doc.ts). */
export interface ProductRouteDoc {
  method: "get" | "post" | "patch" | "delete";
  /** OpenAPI path template, e.g. /api/admin/users/{id}/overview. */
  path: string;
  summary: string;
  /** Who may call it: anyone, a signed-in person, or a signed-in admin (the session cookie). */
  access: "public" | "user" | "admin";
  params?: z.ZodObject;
  /** Query parameters, all optional. */
  query?: z.ZodObject;
  /** The request body: JSON unless `bodyContentType` names another type (text/csv). */
  body?: z.ZodType;
  /** @default "application/json" */
  bodyContentType?: string;
  responses: Record<number, { description: string; schema?: z.ZodType; contentType?: string }>;
}

/** Every refusal of the product routes: `{ code, message }`. */
export const errorAnswer = z.object({
  code: z.string().meta({ description: "Stable error code, e.g. UNAUTHORIZED, FORBIDDEN, USER_NOT_FOUND" }),
  message: z.string(),
});

/** A refusal answer of a product route: what it means, in the error shape. */
export function refusal(description: string) {
  return { description, schema: errorAnswer };
}

/**
 * The query of an auth API endpoint Gatehouse answers itself (an override), as Gatehouse reads it: it replaces
 * better-auth's parameters in the document.
 */
export interface AuthQueryDoc {
  query: z.ZodObject;
  /** Each parameter's description, by name. */
  descriptions: Record<string, string>;
}

export interface ApiDocumentInput {
  /** better-auth's document (GET /api/auth/open-api/generate-schema), paths relative to /api/auth. */
  authDocument: Json;
  /** GET endpoints of the auth API with Gatehouse's own query, by path relative to /api/auth. */
  authQueries?: Record<string, AuthQueryDoc>;
  /** POST endpoints of the auth API that Gatehouse answers itself, with the body they read (replacedBodies). */
  authBodies?: Record<string, z.ZodType>;
  productRoutes: ProductRouteDoc[];
  baseURL: string;
  /** The session cookie's name (with the __Secure- prefix on https). */
  sessionCookie: string;
}

export const TAGS = [
  {
    name: "Accounts and sessions",
    description:
      "Sign-up, sign-in, email verification, password reset, profile, linked accounts and sessions (better-auth 1.7 shapes, /api/auth).",
  },
  {
    name: "Organizations",
    description:
      "Organizations, members, invitations and teams. Gatehouse adds optional `limit` (1–200) and `offset` to the lists and the whole count in `X-Total-Count` for lists answered as arrays.",
  },
  { name: "Admin", description: "User administration: admins only (ADMIN_EMAILS)." },
  { name: "API keys", description: "Keys for server-to-server calls, owned by a user or an organization." },
  {
    name: "OpenID Connect provider",
    description:
      "Sign in with Gatehouse: discovery, authorization, token, userinfo, introspection, revocation, logout, JWKS and app registration. The issuer is BETTER_AUTH_URL + /api/auth; see docs/integrate.md.",
  },
  { name: "Product routes", description: "Gatehouse's own routes under /api." },
] as const;

type Tag = (typeof TAGS)[number]["name"];

function tagOf(authPath: string): Tag {
  if (authPath.startsWith("/organization/")) return "Organizations";
  if (authPath.startsWith("/admin/")) return "Admin";
  if (authPath.startsWith("/api-key/")) return "API keys";
  if (/^\/(oauth2\/|jwks$|token$|\.well-known\/)/.test(authPath)) return "OpenID Connect provider";
  return "Accounts and sessions";
}

/**
 * @better-auth/sso's management endpoints: Gatehouse's door is /api/organizations/{id}/sso (documented with the
 * product routes), and its own domain verification answers 404 (features/sso/plugin.ts).
 */
const UNADVERTISED = new Set([
  "/sso/register",
  "/sso/update-provider",
  "/sso/delete-provider",
  "/sso/get-provider",
  "/sso/providers",
  "/sso/request-domain-verification",
  "/sso/verify-domain",
]);

/** Endpoints where the OAuth client authenticates (RFC 6749 §2.3.1), not a user's session. */
const CLIENT_AUTHENTICATED = new Set(["/oauth2/token", "/oauth2/introspect", "/oauth2/revoke"]);

/** Which credential an auth endpoint takes; `{}` makes it optional (sign-in needs none). */
function securityOf(authPath: string): Json[] {
  if (CLIENT_AUTHENTICATED.has(authPath)) return [{ clientSecretBasic: [] }, {}];
  if (authPath === "/oauth2/userinfo") return [{ accessToken: [] }];
  return [{ sessionCookie: [] }, {}];
}

/** OpenAPI 3.1 is JSON Schema 2020-12: better-auth's `nullable: true` (3.0) becomes a "null" type. */
function normalizeSchemas(node: Json): Json {
  if (Array.isArray(node)) return node.map(normalizeSchemas);
  if (!node || typeof node !== "object") return node;
  const out: Json = {};
  for (const [key, value] of Object.entries(node)) {
    if (key === "nullable") continue;
    out[key] = normalizeSchemas(value);
  }
  if (node.nullable === true) {
    if (typeof out.type === "string") out.type = [out.type, "null"];
    else if (!out.type) return { anyOf: [out, { type: "null" }] };
  }
  // `$ref` takes no siblings that change its meaning; better-auth adds `type: "object"` beside some.
  if (out.$ref && out.type === "object") delete out.type;
  return out;
}

/** A zod schema as JSON Schema: as a request may send it (`input`: defaults optional) or as an answer holds it. */
function jsonSchema(schema: z.ZodType, io: "input" | "output" = "output"): Json {
  const { $schema: _, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: "any" });
  return rest;
}

/**
 * The request body an override reads, in place of better-auth's: its own fields, limits and strictness,
 * each field keeping better-auth's description where the override gives none.
 */
function replacedBody(body: z.ZodType, stock: Json): Json {
  const schema = jsonSchema(body, "input");
  const described = stock?.content?.["application/json"]?.schema?.properties ?? {};
  for (const [name, property] of Object.entries(schema.properties ?? {}) as [string, Json][]) {
    const description = described[name]?.description;
    if (description && !property.description) property.description = description;
  }
  return { required: true, content: { "application/json": { schema } } };
}

/** A zod object's fields as OpenAPI parameters: path ones required, query ones optional; with descriptions. */
function parametersOf(
  schema: z.ZodObject | undefined,
  where: "path" | "query",
  descriptions: Record<string, string> = {},
): Json[] {
  if (!schema) return [];
  return Object.entries(jsonSchema(schema).properties ?? {}).map(([name, property]) => ({
    name,
    in: where,
    required: where === "path",
    ...(descriptions[name] ? { description: descriptions[name] } : {}),
    schema: property,
  }));
}

function productOperation(route: ProductRouteDoc): Json {
  const parameters = [...parametersOf(route.params, "path"), ...parametersOf(route.query, "query")];
  const responses: Json = {};
  for (const [status, answer] of Object.entries(route.responses)) {
    const contentType = answer.contentType ?? "application/json";
    responses[status] = {
      description: answer.description,
      ...(answer.schema
        ? { content: { [contentType]: { schema: jsonSchema(answer.schema) } } }
        : { content: { [contentType]: {} } }),
    };
  }
  return {
    tags: ["Product routes"],
    summary: route.summary,
    operationId: `${route.method}${route.path.replace(/[^a-zA-Z0-9]+(.)?/g, (_, c = "") => c.toUpperCase())}`,
    security: route.access === "public" ? [] : [{ sessionCookie: [] }],
    ...(parameters.length ? { parameters } : {}),
    ...(route.body
      ? {
          requestBody: {
            required: true,
            content: {
              [route.bodyContentType ?? "application/json"]: { schema: jsonSchema(route.body, "input") },
            },
          },
        }
      : {}),
    responses,
  };
}

/** Every `#/components/schemas/X` a part of the document points at. */
function referencedSchemas(node: Json, found = new Set<string>()): Set<string> {
  if (Array.isArray(node)) for (const item of node) referencedSchemas(item, found);
  else if (node && typeof node === "object") {
    for (const [key, value] of Object.entries(node)) {
      if (key === "$ref" && typeof value === "string" && value.startsWith("#/components/schemas/")) {
        found.add(value.slice("#/components/schemas/".length));
      } else referencedSchemas(value, found);
    }
  }
  return found;
}

/**
 * One OpenAPI 3.1 document for everything under /api: better-auth's auth API (paths moved under /api/auth,
 * tagged by area, its bearer scheme replaced by what Gatehouse really takes) and the product routes.
 */
export function buildApiDocument({
  authDocument,
  authQueries = {},
  authBodies = {},
  productRoutes,
  baseURL,
  sessionCookie,
}: ApiDocumentInput): Json {
  const paths: Json = {};
  for (const [path, operations] of Object.entries(authDocument.paths ?? {}) as [string, Json][]) {
    if (UNADVERTISED.has(path)) continue;
    const entry: Json = {};
    for (const [method, operation] of Object.entries(operations) as [string, Json][]) {
      entry[method] = { ...normalizeSchemas(operation), tags: [tagOf(path)], security: securityOf(path) };
      const own = method === "get" ? authQueries[path] : undefined;
      if (own) entry[method].parameters = parametersOf(own.query, "query", own.descriptions);
      const body = method === "post" ? authBodies[path] : undefined;
      if (body) entry[method].requestBody = replacedBody(body, entry[method].requestBody);
    }
    paths[`/api/auth${path}`] = entry;
  }
  const discovery = {
    tags: ["OpenID Connect provider"],
    summary: "OpenID Connect discovery at the site's root, the same document as under the issuer.",
    security: [],
    responses: { 200: { description: "The provider's metadata", content: { "application/json": {} } } },
  };
  paths["/.well-known/openid-configuration"] = {
    get: { ...discovery, operationId: "rootOpenIdConfiguration" },
  };
  paths["/.well-known/oauth-authorization-server/api/auth"] = {
    get: {
      ...discovery,
      operationId: "rootAuthorizationServerMetadata",
      summary: "OAuth 2.0 authorization server metadata (RFC 8414) for the issuer /api/auth.",
    },
  };
  for (const route of productRoutes) {
    paths[route.path] = { ...paths[route.path], [route.method]: productOperation(route) };
  }

  const allSchemas = normalizeSchemas(authDocument.components?.schemas ?? {});
  const used = referencedSchemas(paths);
  // Schemas reach further schemas; keep every one reachable from a path, drop the storage-only models.
  for (let grew = true; grew; ) {
    const before = used.size;
    for (const name of [...used]) referencedSchemas(allSchemas[name], used);
    grew = used.size > before;
  }
  const schemas = Object.fromEntries(Object.entries(allSchemas).filter(([name]) => used.has(name)));

  return {
    openapi: "3.1.1",
    info: {
      title: "Gatehouse API",
      version: "1",
      description:
        "Everything Gatehouse serves under /api: the auth API (better-auth 1.7, under /api/auth), the OpenID Connect provider and the product routes. Browsers authenticate with the session cookie set by sign-in; requests that change something must carry the site's Origin.",
    },
    servers: [{ url: baseURL }],
    tags: TAGS,
    security: [{ sessionCookie: [] }, {}],
    paths,
    components: {
      schemas,
      securitySchemes: {
        sessionCookie: {
          type: "apiKey",
          in: "cookie",
          name: sessionCookie,
          description: "The session cookie set by sign-in (HttpOnly; a browser sends it by itself).",
        },
        clientSecretBasic: {
          type: "http",
          scheme: "basic",
          description:
            "An OAuth client's id and secret in HTTP Basic (client_secret_basic); an app registered for client_secret_post sends them in the form body instead.",
        },
        accessToken: {
          type: "http",
          scheme: "bearer",
          description: "An access token issued by /api/auth/oauth2/token.",
        },
      },
    },
  };
}
