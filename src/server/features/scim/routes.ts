import type { Context } from "hono";
import { Hono } from "hono";
import type { Auth } from "#server/auth/auth.ts";
import type { Db } from "#server/db/tables.ts";
import {
  isRefusal,
  organizationCallers,
  type Refusal,
  refuse,
} from "#server/features/organizations/caller.ts";
import { valid } from "#server/http/valid.ts";
import { createScimConnectionBody, updateScimConnectionBody } from "#shared/contracts/scim.ts";
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

/** The SCIM routes' own refusals; the caller's are organizations/caller.ts's. */
const REFUSED = {
  ownersOnly: {
    status: 403,
    code: "FORBIDDEN",
    message: "Only the organization's owners manage its SCIM connections",
  },
  notFound: { status: 404, code: "SCIM_CONNECTION_NOT_FOUND", message: "SCIM connection not found" },
} as const satisfies Record<string, Refusal>;

/**
 * /api/organizations/:organizationId/scim/connections (issue 19, decision 38): an organization's owners list,
 * create, change, rotate and delete its SCIM connections. A person's session only (no API key); a change from
 * a browser only from the app's own origins; the organization's two-factor policy holds.
 */
export function scimRoutes({ auth, db, baseURL, trustedOrigins }: ScimRouteDeps) {
  const callers = organizationCallers({ auth, db, trustedOrigins });
  /** The calling owner and the organization, or why not; outsiders learn nothing (404). */
  async function owner(c: Context): Promise<{ actor: ConnectionActor; organizationId: string } | Refusal> {
    const who = await callers.member(c, "owners", REFUSED.ownersOnly);
    if (isRefusal(who)) return who;
    const { userId, ip, userAgent } = who.caller;
    return {
      actor: { source: { actor: { userId }, ip, userAgent }, userId },
      organizationId: who.organizationId,
    };
  }

  const base = "/organizations/:organizationId/scim/connections";
  return new Hono()
    .get(base, async (c) => {
      const who = await owner(c);
      if (isRefusal(who)) return refuse(c, who);
      return c.json({ connections: await listScimConnections(db, who.organizationId, baseURL) }, 200);
    })
    .post(base, valid("json", createScimConnectionBody), async (c) => {
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
    .patch(`${base}/:connectionId`, valid("json", updateScimConnectionBody), async (c) => {
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
