import type { Context } from "hono";
import { Hono } from "hono";
import { type Auth, CLIENT_IP_HEADER } from "#server/auth/auth.ts";
import type { Db } from "#server/db/tables.ts";
import { valid } from "#server/http/valid.ts";
import {
  createWebhookBody,
  type DeliveriesPage,
  deliveriesQuery,
  listWebhooksQuery,
  updateWebhookBody,
  type WebhookList,
} from "#shared/contracts/webhooks.ts";
import { type Caller, callerOf, endpointFor, REFUSALS, scopeRefusal } from "./access.ts";
import { deliveryView, endpointView, pendingCounts } from "./rows.ts";
import { type SendPolicy, urlRefusal } from "./send.ts";
import {
  type Actor,
  createEndpoint,
  deleteEndpoint,
  queueDelivery,
  rotateSecret,
  testEvent,
  updateEndpoint,
} from "./store.ts";

export interface WebhookRouteDeps {
  auth: Auth;
  db: Db;
  /** BETTER_AUTH_SECRET: signing secrets are stored encrypted with it. */
  appSecret: string;
  policy: SendPolicy;
  /** The origins a browser's change may come from (the app's own and TRUSTED_ORIGINS). */
  trustedOrigins: readonly string[];
  /** Wakes the delivery worker after a delivery was queued. */
  wake: () => void;
  /** REQUIRE_2FA_FOR_ADMINS: installation-wide webhooks are part of the admin area. */
  requireTwoFactorForAdmins: boolean;
}

const urlNotAllowed = (reason: string) => ({ code: "WEBHOOK_URL_NOT_ALLOWED", message: `url: ${reason}` });

const actorOf = (caller: Caller, c: Context): Actor => ({
  userId: caller.userId,
  ip: c.req.header(CLIENT_IP_HEADER) ?? null,
  userAgent: c.req.header("user-agent") ?? null,
});

/** Newest first over (createdAt, id): the cursor is the last row's pair. */
const encodeCursor = (createdAt: string, id: string) =>
  Buffer.from(`${createdAt}\n${id}`).toString("base64url");
function decodeCursor(cursor: string): [string, string] | undefined {
  const [createdAt, id, ...rest] = Buffer.from(cursor, "base64url").toString("utf8").split("\n");
  return createdAt && id && rest.length === 0 ? [createdAt, id] : undefined;
}

/**
 * /api/webhooks (issue 17, decision 31): endpoints of an organization, managed by its owners and admins, and
 * installation-wide ones, managed by Gatehouse admins (who may manage any). A person's session only; a change
 * from a browser only from the app's own origins. Every change is an audit event in its transaction.
 */
export function webhookRoutes({
  auth,
  db,
  appSecret,
  policy,
  trustedOrigins,
  wake,
  requireTwoFactorForAdmins,
}: WebhookRouteDeps) {
  async function caller(c: Context) {
    if (c.req.method !== "GET") {
      const origin = c.req.header("origin");
      if (!origin || !trustedOrigins.includes(origin)) return { response: c.json(REFUSALS.origin, 403) };
    }
    const found = await callerOf(auth, db, requireTwoFactorForAdmins, c);
    if ("refusal" in found) return { response: c.json(found.refusal, found.status) };
    return { caller: found };
  }

  /** The caller and the endpoint named by `:id`, or the refusal. */
  async function endpointOf(c: Context) {
    const who = await caller(c);
    if (!who.caller) return { response: who.response };
    const found = await endpointFor(db, who.caller, c.req.param("id") ?? "");
    if ("refusal" in found) return { response: c.json(found.refusal, found.status) };
    return { caller: who.caller, endpoint: found.endpoint };
  }

  return new Hono()
    .post("/", valid("json", createWebhookBody), async (c) => {
      const who = await caller(c);
      if (!who.caller) return who.response;
      const body = c.req.valid("json");
      const refused = await scopeRefusal(db, who.caller, body.organizationId ?? null);
      if (refused) return c.json(refused.refusal, refused.status);
      const bad = urlRefusal(body.url, policy);
      if (bad) return c.json(urlNotAllowed(bad), 400);
      return c.json(await createEndpoint(db, appSecret, actorOf(who.caller, c), body), 201);
    })
    .get("/", valid("query", listWebhooksQuery), async (c) => {
      const who = await caller(c);
      if (!who.caller) return who.response;
      const organizationId = c.req.valid("query").organizationId ?? null;
      const refused = await scopeRefusal(db, who.caller, organizationId);
      if (refused) return c.json(refused.refusal, refused.status);
      const rows = await db
        .selectFrom("webhook_endpoint")
        .selectAll()
        .where((eb) =>
          organizationId === null
            ? eb("organizationId", "is", null)
            : eb("organizationId", "=", organizationId),
        )
        .orderBy("createdAt", "desc")
        .orderBy("id", "desc")
        .execute();
      const pending = await pendingCounts(
        db,
        rows.map((r) => r.id),
      );
      const answer: WebhookList = { endpoints: rows.map((r) => endpointView(r, pending.get(r.id) ?? 0)) };
      return c.json(answer);
    })
    .post("/deliveries/:id/resend", async (c) => {
      const who = await caller(c);
      if (!who.caller) return who.response;
      const delivery = await db
        .selectFrom("webhook_delivery")
        .selectAll()
        .where("id", "=", c.req.param("id"))
        .executeTakeFirst();
      if (!delivery) return c.json(REFUSALS.noDelivery, 404);
      const found = await endpointFor(db, who.caller, delivery.endpointId);
      if ("refusal" in found)
        return found.status === 404 ? c.json(REFUSALS.noDelivery, 404) : c.json(found.refusal, found.status);
      if (Number(found.endpoint.enabled) !== 1) return c.json(REFUSALS.disabled, 409);
      const row = await queueDelivery(db, delivery.endpointId, {
        id: delivery.eventId,
        type: delivery.eventType,
        payload: delivery.payload,
      });
      wake();
      return c.json(deliveryView(row), 201);
    })
    .get("/:id", async (c) => {
      const found = await endpointOf(c);
      if (!found.endpoint) return found.response;
      const pending = await pendingCounts(db, [found.endpoint.id]);
      return c.json(endpointView(found.endpoint, pending.get(found.endpoint.id) ?? 0));
    })
    .patch("/:id", valid("json", updateWebhookBody), async (c) => {
      const found = await endpointOf(c);
      if (!found.endpoint) return found.response;
      const body = c.req.valid("json");
      const bad = body.url === undefined ? undefined : urlRefusal(body.url, policy);
      if (bad) return c.json(urlNotAllowed(bad), 400);
      return c.json(await updateEndpoint(db, actorOf(found.caller, c), found.endpoint, body));
    })
    .delete("/:id", async (c) => {
      const found = await endpointOf(c);
      if (!found.endpoint) return found.response;
      await deleteEndpoint(db, actorOf(found.caller, c), found.endpoint);
      return c.json({ success: true });
    })
    .post("/:id/rotate-secret", async (c) => {
      const found = await endpointOf(c);
      if (!found.endpoint) return found.response;
      return c.json(await rotateSecret(db, appSecret, actorOf(found.caller, c), found.endpoint));
    })
    .post("/:id/test", async (c) => {
      const found = await endpointOf(c);
      if (!found.endpoint) return found.response;
      if (Number(found.endpoint.enabled) !== 1) return c.json(REFUSALS.disabled, 409);
      const row = await queueDelivery(db, found.endpoint.id, testEvent(found.endpoint));
      wake();
      return c.json(deliveryView(row), 201);
    })
    .get("/:id/deliveries", valid("query", deliveriesQuery), async (c) => {
      const found = await endpointOf(c);
      if (!found.endpoint) return found.response;
      const { cursor, limit } = c.req.valid("query");
      const after = cursor === undefined ? undefined : decodeCursor(cursor);
      if (cursor !== undefined && !after)
        return c.json({ code: "INVALID_FIELD", message: "cursor: not a cursor of this list" }, 400);
      const rows = await db
        .selectFrom("webhook_delivery")
        .selectAll()
        .where("endpointId", "=", found.endpoint.id)
        .$if(after !== undefined, (q) => {
          const [createdAt, id] = after as [string, string];
          return q.where((eb) =>
            eb.or([
              eb("createdAt", "<", createdAt),
              eb.and([eb("createdAt", "=", createdAt), eb("id", "<", id)]),
            ]),
          );
        })
        .orderBy("createdAt", "desc")
        .orderBy("id", "desc")
        .limit(limit + 1)
        .execute();
      const page = rows.slice(0, limit);
      const last = page.at(-1);
      const answer: DeliveriesPage = {
        deliveries: page.map(deliveryView),
        nextCursor: rows.length > limit && last ? encodeCursor(last.createdAt, last.id) : null,
      };
      return c.json(answer);
    });
}
