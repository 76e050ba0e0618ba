import type { Context } from "hono";
import { Hono } from "hono";
import { validator } from "hono/validator";
import type { z } from "zod";
import { API_KEY_HEADER } from "#server/auth/api-key-access.ts";
import { type Auth, CLIENT_IP_HEADER } from "#server/auth/auth.ts";
import { hasStrongSignIn, ORGANIZATION_TWO_FACTOR_MESSAGE } from "#server/auth/two-factor-compliance.ts";
import type { Db } from "#server/db/tables.ts";
import { findMembership } from "#server/features/organizations/access.ts";
import { createScimConnectionBody, updateScimConnectionBody } from "#shared/contracts/scim.ts";
import { hasRole } from "#shared/roles.ts";
import {
  type ConnectionActor,
  createScimConnection,
  deleteScimConnection,
  listScimConnections,
  rotateScimToken,
  updateScimConnection,
} from "./connections.ts";

export interface ScimRouteDeps {
  auth: Auth;
  db: Db;
  baseURL: string;
  /** The origins a browser's change may come from (the app's own and TRUSTED_ORIGINS). */
  trustedOrigins: readonly string[];
}

type Refusal = { status: 401 | 403 | 404; code: string; message: string };
const REFUSED = {
  signIn: { status: 401, code: "UNAUTHORIZED", message: "Sign in first" },
  apiKey: { status: 403, code: "API_KEY_NOT_ALLOWED", message: "API keys cannot call this endpoint" },
  origin: { status: 403, code: "INVALID_ORIGIN", message: "Invalid origin" },
  noOrganization: { status: 404, code: "ORGANIZATION_NOT_FOUND", message: "Organization not found" },
  ownersOnly: {
    status: 403,
    code: "FORBIDDEN",
    message: "Only the organization's owners manage its SCIM connections",
  },
  twoFactor: { status: 403, ...ORGANIZATION_TWO_FACTOR_MESSAGE },
  notFound: { status: 404, code: "SCIM_CONNECTION_NOT_FOUND", message: "SCIM connection not found" },
} as const satisfies Record<string, Refusal>;

const isRefusal = (value: object): value is Refusal => "code" in value && "status" in value;
const refuse = (c: Context, r: Refusal) => c.json({ code: r.code, message: r.message }, r.status);

/** A zod check as a Hono validator: 400 INVALID_FIELD naming the first bad field (as the other routes). */
function valid<T extends z.ZodType>(schema: T) {
  return validator("json", (value, c) => {
    const parsed = schema.safeParse(value);
    if (parsed.success) return parsed.data as z.infer<T>;
    const issue = parsed.error.issues[0];
    const field = issue?.path.join(".") || "json";
    return c.json({ code: "INVALID_FIELD", message: `${field}: ${issue?.message ?? "invalid"}` }, 400);
  });
}

/**
 * /api/organizations/:organizationId/scim/connections (issue 19, decision 38): an organization's owners list,
 * create, change, rotate and delete its SCIM connections. A person's session only (no API key); a change from
 * a browser only from the app's own origins; the organization's two-factor policy holds.
 */
export function scimRoutes({ auth, db, baseURL, trustedOrigins }: ScimRouteDeps) {
  /** The calling owner and the organization, or why not; outsiders learn nothing (404). */
  async function owner(c: Context): Promise<{ actor: ConnectionActor; organizationId: string } | Refusal> {
    if (c.req.header(API_KEY_HEADER)) return REFUSED.apiKey;
    if (c.req.method !== "GET") {
      const origin = c.req.header("origin");
      if (!origin || !trustedOrigins.includes(origin)) return REFUSED.origin;
    }
    const session = await auth.api.getSession({ headers: c.req.raw.headers });
    if (!session) return REFUSED.signIn;
    const member = await findMembership(db, c.req.param("organizationId") ?? "", session.user.id);
    if (!member) return REFUSED.noOrganization;
    if (!hasRole(member.role, "owner")) return REFUSED.ownersOnly;
    const organization = await db
      .selectFrom("organization")
      .select("requireTwoFactor")
      .where("id", "=", member.organizationId)
      .executeTakeFirst();
    if (organization?.requireTwoFactor && !(await hasStrongSignIn(db, session.user.id)))
      return REFUSED.twoFactor;
    const source = {
      actor: { userId: session.user.id },
      ip: c.req.header(CLIENT_IP_HEADER) ?? null,
      userAgent: c.req.header("user-agent") ?? null,
    };
    return { actor: { source, userId: session.user.id }, organizationId: member.organizationId };
  }

  const base = "/organizations/:organizationId/scim/connections";
  return new Hono()
    .get(base, async (c) => {
      const who = await owner(c);
      if (isRefusal(who)) return refuse(c, who);
      return c.json({ connections: await listScimConnections(db, who.organizationId, baseURL) }, 200);
    })
    .post(base, valid(createScimConnectionBody), async (c) => {
      const who = await owner(c);
      if (isRefusal(who)) return refuse(c, who);
      const made = await createScimConnection(
        db,
        who.actor,
        who.organizationId,
        c.req.valid("json"),
        baseURL,
      );
      return c.json(made, 201);
    })
    .patch(`${base}/:connectionId`, valid(updateScimConnectionBody), async (c) => {
      const who = await owner(c);
      if (isRefusal(who)) return refuse(c, who);
      const id = c.req.param("connectionId");
      const body = c.req.valid("json");
      const updated = await updateScimConnection(db, who.actor, who.organizationId, id, body, baseURL);
      return updated ? c.json(updated, 200) : refuse(c, REFUSED.notFound);
    })
    .delete(`${base}/:connectionId`, async (c) => {
      const who = await owner(c);
      if (isRefusal(who)) return refuse(c, who);
      const deleted = await deleteScimConnection(
        db,
        who.actor,
        who.organizationId,
        c.req.param("connectionId"),
      );
      return deleted ? c.body(null, 204) : refuse(c, REFUSED.notFound);
    })
    .post(`${base}/:connectionId/rotate`, async (c) => {
      const who = await owner(c);
      if (isRefusal(who)) return refuse(c, who);
      const id = c.req.param("connectionId");
      const rotated = await rotateScimToken(db, who.actor, who.organizationId, id, baseURL);
      return rotated ? c.json(rotated, 200) : refuse(c, REFUSED.notFound);
    });
}
