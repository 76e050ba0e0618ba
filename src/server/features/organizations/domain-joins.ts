import { randomUUID } from "node:crypto";
import { isAPIError } from "better-auth/api";
import { sql } from "kysely";
import { hasStrongSignIn, ORGANIZATION_TWO_FACTOR_MESSAGE } from "#server/auth/two-factor-compliance.ts";
import type { Db, Tables } from "#server/db/tables.ts";
import { recordEvent } from "#server/events/record.ts";
import type { DomainOffer, JoinAnswer, JoinRequest } from "#shared/contracts/domains.ts";
import { type Actor, DOMAIN_REFUSALS, isUniqueViolation, type Refusal } from "./domains.ts";

export const JOIN_REFUSALS = {
  noOffer: {
    status: 404,
    code: "DOMAIN_OFFER_NOT_FOUND",
    message: "This organization does not offer to join through your verified email address",
  },
  twoFactor: { status: 403, ...ORGANIZATION_TWO_FACTOR_MESSAGE },
  requestNotFound: { status: 404, code: "JOIN_REQUEST_NOT_FOUND", message: "Join request not found" },
  notPending: { status: 409, code: "JOIN_REQUEST_NOT_PENDING", message: "This request was already decided" },
  requesterTwoFactor: {
    status: 409,
    code: "REQUESTER_NEEDS_TWO_FACTOR",
    message:
      "The organization requires two-factor authentication, which this person has not turned on yet: approve once they have",
  },
  requesterLeftDomain: {
    status: 409,
    code: "REQUESTER_NOT_AT_DOMAIN",
    message: "This person's verified address is no longer at one of the organization's domains",
  },
} as const;

/** The domain of a verified address; undefined for an unverified one (which never qualifies). */
async function verifiedDomainOf(db: Db, userId: string) {
  const user = await db
    .selectFrom("user")
    .select(["email", "emailVerified", "name"])
    .where("id", "=", userId)
    .executeTakeFirst();
  if (!user?.emailVerified) return undefined;
  const domain = user.email.toLowerCase().split("@")[1];
  return domain ? { domain, user } : undefined;
}

/** The organizations that let this person in (or ask) through their verified address, where not a member. */
export async function offersFor(db: Db, userId: string, organizationId?: string): Promise<DomainOffer[]> {
  const mine = await verifiedDomainOf(db, userId);
  if (!mine) return [];
  let query = db
    .selectFrom("organization_domain as d")
    .innerJoin("organization as o", "o.id", "d.organizationId")
    .select(["o.id", "o.name", "o.slug", "o.requireTwoFactor", "d.domain", "d.joinMode"])
    .select(
      sql<number>`case when exists (select 1 from domain_join_request r where r."organizationId" = o.id and r."userId" = ${userId} and r.status = 'pending') then 1 else 0 end`.as(
        "pending",
      ),
    )
    .where("d.domain", "=", mine.domain)
    .where("d.verifiedAt", "is not", null)
    .where("d.joinMode", "in", ["auto", "request"])
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom("member as m")
            .select("m.id")
            .whereRef("m.organizationId", "=", "o.id")
            .where("m.userId", "=", userId),
        ),
      ),
    );
  if (organizationId) query = query.where("o.id", "=", organizationId);
  const rows = await query.orderBy("o.name").execute();
  const strong = rows.some((r) => r.requireTwoFactor) ? await hasStrongSignIn(db, userId) : true;
  return rows.map((r) => ({
    organizationId: r.id,
    organizationName: r.name,
    organizationSlug: r.slug,
    domain: r.domain,
    joinMode: r.joinMode as "auto" | "request",
    requestPending: Number(r.pending) === 1,
    needsTwoFactor: Boolean(r.requireTwoFactor) && !strong,
  }));
}

/** The membership row and its member.added event (via the domain), in the caller's transaction. */
async function addMember(
  trx: Db,
  actor: Actor,
  organizationId: string,
  userId: string,
  role: string,
  details: object,
) {
  const member = {
    id: randomUUID().replaceAll("-", ""),
    organizationId,
    userId,
    role,
    createdAt: new Date().toISOString(),
  };
  await trx.insertInto("member").values(member).execute();
  const email = await trx.selectFrom("user").select("email").where("id", "=", userId).executeTakeFirst();
  await recordEvent(trx, {
    action: "member.added",
    actor: { userId: actor.userId },
    ip: actor.ip,
    userAgent: actor.userAgent,
    organizationId,
    target: { type: "member", id: member.id, label: email?.email ?? null },
    details: { userId, role, via: "domain", ...details },
    data: member,
  });
  return member;
}

/** Refusals the database raised (membership limit, already a member) as the routes answer them. */
function translated(error: unknown): Refusal | undefined {
  if (isAPIError(error)) {
    const body = error.body as { code?: string; message?: string } | undefined;
    const status = error.statusCode === 403 ? 403 : 409;
    return { status, code: body?.code ?? "CONFLICT", message: body?.message ?? error.message };
  }
  return undefined;
}

/** Joins at once (auto-join) or leaves a request for the admins, as the organization's domain says. */
export async function join(db: Db, actor: Actor, organizationId: string): Promise<JoinAnswer | Refusal> {
  const [offer] = await offersFor(db, actor.userId, organizationId);
  if (!offer) return JOIN_REFUSALS.noOffer;
  if (offer.needsTwoFactor) return JOIN_REFUSALS.twoFactor;
  const domain = await db
    .selectFrom("organization_domain")
    .select(["id", "defaultRole"])
    .where("organizationId", "=", organizationId)
    .where("domain", "=", offer.domain)
    .executeTakeFirstOrThrow();
  try {
    if (offer.joinMode === "auto") {
      const member = await db
        .transaction()
        .execute((trx) =>
          addMember(trx, actor, organizationId, actor.userId, domain.defaultRole, { domain: offer.domain }),
        );
      return { status: "joined", organizationId, role: member.role };
    }
    if (offer.requestPending) return { status: "requested", organizationId, role: null };
    const request: Tables["domain_join_request"] = {
      id: `jr_${randomUUID().replaceAll("-", "")}`,
      organizationId,
      userId: actor.userId,
      domain: offer.domain,
      status: "pending",
      createdAt: new Date().toISOString(),
      decidedAt: null,
      decidedBy: null,
    };
    await db.transaction().execute(async (trx) => {
      await trx.insertInto("domain_join_request").values(request).execute();
      await recordEvent(trx, {
        action: "join_request.created",
        actor: { userId: actor.userId },
        ip: actor.ip,
        userAgent: actor.userAgent,
        organizationId,
        target: { type: "join_request", id: request.id, label: null },
        details: { domain: offer.domain },
        data: request,
      });
    });
    return { status: "requested", organizationId, role: null };
  } catch (error) {
    // Two requests at once: the second finds the first's pending row.
    if (isUniqueViolation(error) && offer.joinMode === "request")
      return { status: "requested", organizationId, role: null };
    const refusal = translated(error);
    if (refusal) return refusal;
    throw error;
  }
}

export async function pendingRequests(db: Db, organizationId: string): Promise<JoinRequest[]> {
  const rows = await db
    .selectFrom("domain_join_request as r")
    .innerJoin("user as u", "u.id", "r.userId")
    .select(["r.id", "r.organizationId", "r.userId", "r.status", "r.createdAt", "u.name", "u.email"])
    .where("r.organizationId", "=", organizationId)
    .where("r.status", "=", "pending")
    .orderBy("r.createdAt")
    .orderBy("r.id")
    .execute();
  return rows;
}

/**
 * An owner or admin decides a pending request. Approval adds the member with the domain's default role, in
 * one transaction with the decision (so a request approved twice adds one member), if the requester still
 * qualifies: a verified address at a verified domain of the organization, and its two-factor policy.
 */
export async function decide(
  db: Db,
  actor: Actor,
  organizationId: string,
  requestId: string,
  approve: boolean,
): Promise<{ request: JoinRequest; role: string | null } | Refusal> {
  const found = (await pendingOrAny(db, organizationId, requestId)) as JoinRequest | undefined;
  if (!found) return JOIN_REFUSALS.requestNotFound;
  if (found.status !== "pending") return JOIN_REFUSALS.notPending;
  let role: string | null = null;
  if (approve) {
    const mine = await verifiedDomainOf(db, found.userId);
    const domain = mine
      ? await db
          .selectFrom("organization_domain")
          .select(["defaultRole", "verifiedAt"])
          .where("organizationId", "=", organizationId)
          .where("domain", "=", mine.domain)
          .executeTakeFirst()
      : undefined;
    if (!domain) return JOIN_REFUSALS.requesterLeftDomain;
    if (!domain.verifiedAt) return DOMAIN_REFUSALS.notVerified;
    const org = await db
      .selectFrom("organization")
      .select("requireTwoFactor")
      .where("id", "=", organizationId)
      .executeTakeFirst();
    if (org?.requireTwoFactor && !(await hasStrongSignIn(db, found.userId)))
      return JOIN_REFUSALS.requesterTwoFactor;
    role = domain.defaultRole;
  }
  const status = approve ? "approved" : "declined";
  try {
    const decided = await db.transaction().execute(async (trx) => {
      const changed = await trx
        .updateTable("domain_join_request")
        .set({ status, decidedAt: new Date().toISOString(), decidedBy: actor.userId })
        .where("id", "=", requestId)
        .where("status", "=", "pending")
        .executeTakeFirst();
      if (Number(changed.numUpdatedRows) !== 1) return false;
      await recordEvent(trx, {
        action: approve ? "join_request.approved" : "join_request.declined",
        actor: { userId: actor.userId },
        ip: actor.ip,
        userAgent: actor.userAgent,
        organizationId,
        target: { type: "join_request", id: requestId, label: found.email },
        details: { userId: found.userId, ...(role ? { role } : {}) },
      });
      if (approve && role)
        await addMember(trx, actor, organizationId, found.userId, role, { joinRequestId: requestId });
      return true;
    });
    if (!decided) return JOIN_REFUSALS.notPending;
  } catch (error) {
    const refusal = translated(error);
    if (refusal) return refusal;
    throw error;
  }
  return { request: { ...found, status }, role };
}

async function pendingOrAny(db: Db, organizationId: string, id: string) {
  return db
    .selectFrom("domain_join_request as r")
    .innerJoin("user as u", "u.id", "r.userId")
    .select(["r.id", "r.organizationId", "r.userId", "r.status", "r.createdAt", "u.name", "u.email"])
    .where("r.organizationId", "=", organizationId)
    .where("r.id", "=", id)
    .executeTakeFirst();
}
