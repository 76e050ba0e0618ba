import { randomUUID } from "node:crypto";
import { sql } from "kysely";
import type { Db, Tables } from "#server/db/tables.ts";
import { recordEvent } from "#server/events/record.ts";
import type { OrganizationDomain, UpdateDomainBody } from "#shared/contracts/domains.ts";
import { challengeName, challengeToken, type TxtLookup } from "./domains-dns.ts";

type DomainRow = Tables["organization_domain"];

/** Who acts, as the audit log records them. */
export interface Actor {
  userId: string;
  ip: string | null;
  userAgent: string | null;
}

/** Refusals of the domain and join routes: `{ code, message }` and the status to answer. */
export const DOMAIN_REFUSALS = {
  alreadyAdded: {
    status: 409,
    code: "DOMAIN_ALREADY_ADDED",
    message: "This organization already has this domain",
  },
  verifiedElsewhere: {
    status: 409,
    code: "DOMAIN_VERIFIED_ELSEWHERE",
    message: "Another organization has verified this domain",
  },
  tooMany: { status: 400, code: "TOO_MANY_DOMAINS", message: "An organization may have at most 20 domains" },
  notFound: { status: 404, code: "DOMAIN_NOT_FOUND", message: "Domain not found" },
  notVerified: {
    status: 409,
    code: "DOMAIN_NOT_VERIFIED",
    message: "Verify the domain before letting people join through it",
  },
} as const;

import type { Refusal } from "#server/features/organizations/caller.ts";

export type { Refusal };

export const MAX_DOMAINS = 20;
const now = () => new Date().toISOString();

export function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: string } | null)?.code;
  return code === "23505" || code === "SQLITE_CONSTRAINT_UNIQUE";
}

export function domainView(row: DomainRow): OrganizationDomain {
  return {
    id: row.id,
    organizationId: row.organizationId,
    domain: row.domain,
    record: { name: challengeName(row.domain), value: row.token },
    verifiedAt: row.verifiedAt,
    lastCheckedAt: row.lastCheckedAt,
    joinMode: row.joinMode,
    defaultRole: row.defaultRole,
    createdAt: row.createdAt,
  };
}

const event = (actor: Actor, row: DomainRow) => ({
  actor: { userId: actor.userId },
  ip: actor.ip,
  userAgent: actor.userAgent,
  organizationId: row.organizationId,
  target: { type: "domain" as const, id: row.id, label: row.domain },
});

export async function listDomains(db: Db, organizationId: string): Promise<OrganizationDomain[]> {
  const rows = await db
    .selectFrom("organization_domain")
    .selectAll()
    .where("organizationId", "=", organizationId)
    .orderBy("createdAt")
    .orderBy("id")
    .execute();
  return rows.map(domainView);
}

export async function findDomain(db: Db, organizationId: string, id: string): Promise<DomainRow | undefined> {
  return db
    .selectFrom("organization_domain")
    .selectAll()
    .where("organizationId", "=", organizationId)
    .where("id", "=", id)
    .executeTakeFirst();
}

async function verifiedElsewhere(db: Db, organizationId: string, domain: string): Promise<boolean> {
  const row = await db
    .selectFrom("organization_domain")
    .select("id")
    .where("domain", "=", domain)
    .where("verifiedAt", "is not", null)
    .where("organizationId", "<>", organizationId)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Mirrors a domain's verification onto the organization's SSO connections for it (issue 19: better-auth's
 * `ssoProvider.domainVerified`, which its sign-in checks), in the verifying or removing transaction.
 */
export async function mirrorDomainVerification(
  trx: Db,
  organizationId: string,
  domain: string,
  verified: boolean,
): Promise<void> {
  await trx
    .updateTable("ssoProvider")
    // SQL's true/false: SQLite stores 1/0 (it binds no booleans), PostgreSQL a boolean.
    .set({ domainVerified: sql.raw(verified ? "true" : "false") })
    .where("organizationId", "=", organizationId)
    .where("domain", "=", domain.toLowerCase())
    .execute();
}

/** Claims a domain for the organization, with a fresh challenge; verification comes later. */
export async function addDomain(
  db: Db,
  actor: Actor,
  organizationId: string,
  domain: string,
): Promise<OrganizationDomain | Refusal> {
  if (await verifiedElsewhere(db, organizationId, domain)) return DOMAIN_REFUSALS.verifiedElsewhere;
  const count = await db
    .selectFrom("organization_domain")
    .select((eb) => eb.fn.countAll<number | string>().as("n"))
    .where("organizationId", "=", organizationId)
    .executeTakeFirst();
  if (Number(count?.n ?? 0) >= MAX_DOMAINS) return DOMAIN_REFUSALS.tooMany;
  const row: DomainRow = {
    id: `dom_${randomUUID().replaceAll("-", "")}`,
    organizationId,
    domain,
    token: challengeToken(),
    verifiedAt: null,
    lastCheckedAt: null,
    joinMode: "off",
    defaultRole: "member",
    createdBy: actor.userId,
    createdAt: now(),
  };
  try {
    await db.transaction().execute(async (trx) => {
      await trx.insertInto("organization_domain").values(row).execute();
      await recordEvent(trx, { ...event(actor, row), action: "domain.added", data: domainView(row) });
    });
  } catch (error) {
    if (isUniqueViolation(error)) return DOMAIN_REFUSALS.alreadyAdded;
    throw error;
  }
  return domainView(row);
}

/**
 * Looks the challenge up in DNS. Found: the domain is verified (once; the unique index lets a single
 * organization hold it, so of two racing verifications one wins and the other is told). Not found: a verified
 * domain stays verified (removing it is how it stops), an unverified one stays unverified.
 */
export async function verifyDomain(db: Db, actor: Actor, row: DomainRow, lookup: TxtLookup) {
  const checkedAt = now();
  const found = await lookup(challengeName(row.domain));
  const matches = "values" in found && found.values.includes(row.token);
  const reason = matches
    ? null
    : "problem" in found
      ? found.problem
      : `The TXT record at ${challengeName(row.domain)} does not hold the expected value`;
  if (!matches || row.verifiedAt) {
    await db
      .updateTable("organization_domain")
      .set({ lastCheckedAt: checkedAt })
      .where("id", "=", row.id)
      .execute();
    const current = { ...row, lastCheckedAt: checkedAt };
    return { verified: matches, reason, domain: domainView(current) };
  }
  const verified = { ...row, verifiedAt: checkedAt, lastCheckedAt: checkedAt };
  try {
    await db.transaction().execute(async (trx) => {
      const changed = await trx
        .updateTable("organization_domain")
        .set({ verifiedAt: checkedAt, lastCheckedAt: checkedAt })
        .where("id", "=", row.id)
        .where("verifiedAt", "is", null)
        .executeTakeFirst();
      if (Number(changed.numUpdatedRows) === 1) {
        // A connection kept for this domain works again (issue 19: better-auth's domainVerified mirrors ours).
        await mirrorDomainVerification(trx, row.organizationId, row.domain, true);
        await recordEvent(trx, {
          ...event(actor, verified),
          action: "domain.verified",
          data: domainView(verified),
        });
      }
    });
  } catch (error) {
    if (isUniqueViolation(error)) return DOMAIN_REFUSALS.verifiedElsewhere;
    throw error;
  }
  return { verified: true, reason: null, domain: domainView(verified) };
}

/** How people at a verified domain join; anything but "off" needs the domain verified. */
export async function updateDomain(db: Db, actor: Actor, row: DomainRow, change: UpdateDomainBody) {
  const next: DomainRow = {
    ...row,
    joinMode: change.joinMode ?? row.joinMode,
    defaultRole: change.defaultRole ?? row.defaultRole,
  };
  if (next.joinMode !== "off" && !row.verifiedAt) return DOMAIN_REFUSALS.notVerified;
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable("organization_domain")
      .set({ joinMode: next.joinMode, defaultRole: next.defaultRole })
      .where("id", "=", row.id)
      .execute();
    await recordEvent(trx, {
      ...event(actor, next),
      action: "domain.updated",
      details: { joinMode: next.joinMode, defaultRole: next.defaultRole },
      data: domainView(next),
    });
  });
  return domainView(next);
}

/** Removes a domain; requests still waiting through it go with it. */
export async function removeDomain(db: Db, actor: Actor, row: DomainRow): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom("organization_domain").where("id", "=", row.id).execute();
    // Its SSO connection stops signing anyone in (issue 19).
    await mirrorDomainVerification(trx, row.organizationId, row.domain, false);
    await trx
      .deleteFrom("domain_join_request")
      .where("organizationId", "=", row.organizationId)
      .where("domain", "=", row.domain)
      .where("status", "=", "pending")
      .execute();
    await recordEvent(trx, { ...event(actor, row), action: "domain.removed", data: domainView(row) });
  });
}
