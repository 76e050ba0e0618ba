import type { Context } from "hono";
import { Hono } from "hono";
import type { Auth } from "#server/auth/auth.ts";
import type { LimitCounters } from "#server/db/limit-counters.ts";
import type { Db } from "#server/db/tables.ts";
import {
  isRefusal,
  organizationCallers,
  type Refusal,
  refuse,
} from "#server/features/organizations/caller.ts";
import { valid } from "#server/http/valid.ts";
import { joinApprovedMail } from "#server/mail/domain-mail.ts";
import { mailLocale } from "#server/mail/i18n.ts";
import type { Mailer } from "#server/mail/mailer.ts";
import { addDomainBody, organizationParams, updateDomainBody } from "#shared/contracts/domains.ts";
import { decide, join, offersFor, pendingRequests } from "./domain-joins.ts";
import {
  addDomain,
  DOMAIN_REFUSALS,
  findDomain,
  listDomains,
  removeDomain,
  updateDomain,
  verifyDomain,
} from "./domains.ts";
import type { TxtLookup } from "./domains-dns.ts";

export interface DomainRouteDeps {
  auth: Auth;
  db: Db;
  mailer: Mailer;
  appName: string;
  baseURL: string;
  trustedOrigins: readonly string[];
  lookup: TxtLookup;
  limits: LimitCounters;
}

/** DNS lookups per organization per minute, and join attempts per person per hour. */
export const VERIFY_LIMIT = { window: 60, max: 10 };
export const JOIN_LIMIT = { window: 3600, max: 20 };

/** The domain routes' own refusals; the caller's are organizations/caller.ts's. */
const REFUSED = {
  ownersOnly: {
    status: 403,
    code: "FORBIDDEN",
    message: "Only the organization's owners manage its domains",
  },
  adminsOnly: {
    status: 403,
    code: "FORBIDDEN",
    message: "Only the organization's owners and admins do this",
  },
  tooFast: { status: 429, code: "TOO_MANY_REQUESTS", message: "Too many attempts; try again later" },
} as const satisfies Record<string, Refusal>;

/**
 * Verified domains and join requests (issue 18, decision 36): owners add and verify domains and say how
 * colleagues join; owners and admins decide requests; a signed-in person sees and uses what their verified
 * address offers. A person's session only; a browser's change only from the app's own origins.
 */
export function domainRoutes({
  auth,
  db,
  mailer,
  appName,
  baseURL,
  trustedOrigins,
  lookup,
  limits,
}: DomainRouteDeps) {
  const callers = organizationCallers({ auth, db, trustedOrigins });
  const person = callers.person;

  /** The caller, if they hold one of `roles` in the organization; outsiders learn nothing (404). */
  async function inOrganization(c: Context, roles: "owners" | "admins") {
    const who = await callers.member(c, roles, roles === "owners" ? REFUSED.ownersOnly : REFUSED.adminsOnly);
    return isRefusal(who) ? who : { actor: who.caller, organizationId: who.organizationId };
  }

  async function domainOf(c: Context) {
    const who = await inOrganization(c, "owners");
    if (isRefusal(who)) return who;
    const row = await findDomain(db, who.organizationId, c.req.param("domainId") ?? "");
    return row ? { ...who, row } : DOMAIN_REFUSALS.notFound;
  }

  /** Approves or declines a pending request; the requester is mailed on approval. */
  async function decision(c: Context, approve: boolean) {
    const who = await inOrganization(c, "admins");
    if (isRefusal(who)) return refuse(c, who);
    const decided = await decide(db, who.actor, who.organizationId, c.req.param("requestId") ?? "", approve);
    if (isRefusal(decided)) return refuse(c, decided);
    if (decided.role) {
      const organization = await db
        .selectFrom("organization")
        .select("name")
        .where("id", "=", who.organizationId)
        .executeTakeFirst();
      const requester = await db
        .selectFrom("user")
        .select("locale")
        .where("id", "=", decided.request.userId)
        .executeTakeFirst();
      await mailer.sendMail(
        decided.request.email,
        joinApprovedMail({
          // The requester's language when they chose one, else the approving admin's request's.
          locale: mailLocale(mailer.languages, { user: requester, request: c.req.raw }),
          appName,
          name: decided.request.name,
          organizationName: organization?.name ?? "",
          role: decided.role,
          url: baseURL,
        }),
      );
    }
    return c.json(decided.request, 200);
  }

  const org = "/organizations/:organizationId";
  return new Hono()
    .get(`${org}/domains`, valid("param", organizationParams), async (c) => {
      const who = await inOrganization(c, "admins");
      if (isRefusal(who)) return refuse(c, who);
      return c.json({ domains: await listDomains(db, who.organizationId) }, 200);
    })
    .post(`${org}/domains`, valid("json", addDomainBody), async (c) => {
      const who = await inOrganization(c, "owners");
      if (isRefusal(who)) return refuse(c, who);
      const added = await addDomain(db, who.actor, who.organizationId, c.req.valid("json").domain);
      return isRefusal(added) ? refuse(c, added) : c.json(added, 201);
    })
    .post(`${org}/domains/:domainId/verify`, async (c) => {
      const found = await domainOf(c);
      if (isRefusal(found)) return refuse(c, found);
      const limit = await limits.hit(`domain-verify:${found.organizationId}`, VERIFY_LIMIT);
      if (!limit.allowed) {
        c.header("Retry-After", String(limit.retryAfter));
        return refuse(c, REFUSED.tooFast);
      }
      const answer = await verifyDomain(db, found.actor, found.row, lookup);
      return isRefusal(answer) ? refuse(c, answer) : c.json(answer, 200);
    })
    .patch(`${org}/domains/:domainId`, valid("json", updateDomainBody), async (c) => {
      const found = await domainOf(c);
      if (isRefusal(found)) return refuse(c, found);
      const updated = await updateDomain(db, found.actor, found.row, c.req.valid("json"));
      return isRefusal(updated) ? refuse(c, updated) : c.json(updated, 200);
    })
    .delete(`${org}/domains/:domainId`, async (c) => {
      const found = await domainOf(c);
      if (isRefusal(found)) return refuse(c, found);
      await removeDomain(db, found.actor, found.row);
      return c.body(null, 204);
    })
    .get(`${org}/join-requests`, valid("param", organizationParams), async (c) => {
      const who = await inOrganization(c, "admins");
      if (isRefusal(who)) return refuse(c, who);
      return c.json({ requests: await pendingRequests(db, who.organizationId) }, 200);
    })
    .post(`${org}/join-requests/:requestId/approve`, (c) => decision(c, true))
    .post(`${org}/join-requests/:requestId/decline`, (c) => decision(c, false))
    .get("/domain-offers", async (c) => {
      const actor = await person(c);
      if (isRefusal(actor)) return refuse(c, actor);
      return c.json({ offers: await offersFor(db, actor.userId) }, 200);
    })
    .post("/domain-offers/:organizationId/join", valid("param", organizationParams), async (c) => {
      const actor = await person(c);
      if (isRefusal(actor)) return refuse(c, actor);
      const limit = await limits.hit(`domain-join:${actor.userId}`, JOIN_LIMIT);
      if (!limit.allowed) {
        c.header("Retry-After", String(limit.retryAfter));
        return refuse(c, REFUSED.tooFast);
      }
      const answer = await join(db, actor, c.req.valid("param").organizationId);
      return isRefusal(answer) ? refuse(c, answer) : c.json(answer, answer.status === "joined" ? 201 : 202);
    });
}
