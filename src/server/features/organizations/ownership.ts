import { createHash, randomBytes, randomUUID } from "node:crypto";
import { APIError } from "better-auth/api";
import type { Db, Tables } from "#server/db/tables.ts";
import { type AuditEventInput, recordEvent } from "#server/events/record.ts";
import { isOwner } from "#server/features/organizations/access.ts";
import { formatRoles, parseRoles } from "#shared/roles.ts";

/**
 * Ownership transfer (issue 18, decision 35): an owner's standing offer to another member, accepted once by
 * its recipient (mailed link or in the app). Nothing changes until then; on acceptance one transaction
 * makes the recipient an owner and the offering owner an admin (unless they chose to stay owner).
 */

/** An offer stays open 7 days. */
export const OWNERSHIP_OFFER_TTL_MS = 7 * 24 * 60 * 60 * 1000;

export const OWNERSHIP_MESSAGES = {
  ownersOnly: { code: "ONLY_OWNERS_TRANSFER", message: "Only an owner can offer or withdraw ownership" },
  alreadyOwner: { code: "ALREADY_AN_OWNER", message: "This member is already an owner" },
  notFound: { code: "OWNERSHIP_OFFER_NOT_FOUND", message: "No open ownership offer" },
  notYours: { code: "OWNERSHIP_OFFER_NOT_YOURS", message: "This ownership offer is for another account" },
  closed: {
    code: "OWNERSHIP_OFFER_CLOSED",
    message: "This ownership offer was already accepted, withdrawn, or has expired",
  },
  offererGone: {
    code: "OWNERSHIP_OFFERER_NOT_OWNER",
    message: "Whoever made this offer is no longer an owner of the organization",
  },
} as const;

export type OwnershipOffer = Tables["ownership_offer"];

export async function migrateOwnershipOffers(db: Db): Promise<void> {
  await db.schema
    .createTable("ownership_offer")
    .ifNotExists()
    .addColumn("id", "text", (c) => c.primaryKey())
    // Offers go with their organization and with either person's account.
    .addColumn("organizationId", "text", (c) => c.notNull().references("organization.id").onDelete("cascade"))
    .addColumn("fromUserId", "text", (c) => c.notNull().references("user.id").onDelete("cascade"))
    .addColumn("toUserId", "text", (c) => c.notNull().references("user.id").onDelete("cascade"))
    .addColumn("keepOwner", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("tokenHash", "text", (c) => c.notNull().unique())
    .addColumn("status", "text", (c) => c.notNull())
    .addColumn("expiresAt", "text", (c) => c.notNull())
    .addColumn("createdAt", "text", (c) => c.notNull())
    .addColumn("answeredAt", "text")
    .execute();
  await db.schema
    .createIndex("ownership_offer_organization")
    .ifNotExists()
    .on("ownership_offer")
    .columns(["organizationId", "status"])
    .execute();
}

export const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");

/** The organization's open offer (pending, unexpired), if any. */
export async function openOffer(db: Db, organizationId: string, now = new Date()) {
  return db
    .selectFrom("ownership_offer")
    .selectAll()
    .where("organizationId", "=", organizationId)
    .where("status", "=", "pending")
    .where("expiresAt", ">", now.toISOString())
    .executeTakeFirst();
}

type Source = Pick<AuditEventInput, "actor" | "ip" | "userAgent">;

/** A new offer replaces the organization's open one. Returns it and the link's token (mailed, never stored). */
export async function offerOwnership(
  db: Db,
  source: Source,
  input: {
    organizationId: string;
    fromUserId: string;
    toUserId: string;
    toEmail: string;
    keepOwner: boolean;
  },
) {
  const token = randomBytes(32).toString("base64url");
  const now = new Date();
  const offer = {
    id: randomUUID(),
    organizationId: input.organizationId,
    fromUserId: input.fromUserId,
    toUserId: input.toUserId,
    keepOwner: input.keepOwner ? 1 : 0,
    tokenHash: hashToken(token),
    status: "pending" as const,
    expiresAt: new Date(now.getTime() + OWNERSHIP_OFFER_TTL_MS).toISOString(),
    createdAt: now.toISOString(),
    answeredAt: null,
  };
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable("ownership_offer")
      .set({ status: "withdrawn", answeredAt: offer.createdAt })
      .where("organizationId", "=", input.organizationId)
      .where("status", "=", "pending")
      .execute();
    await trx.insertInto("ownership_offer").values(offer).execute();
    await recordEvent(trx, {
      ...source,
      action: "ownership.offered",
      target: { type: "ownership_offer", id: offer.id, label: input.toEmail },
      organizationId: input.organizationId,
      details: { toUserId: input.toUserId, keepOwner: input.keepOwner, expiresAt: offer.expiresAt },
      data: offerJson(offer),
    });
  });
  return { offer, token };
}

export async function withdrawOffer(db: Db, source: Source, organizationId: string) {
  return db.transaction().execute(async (trx) => {
    const offer = await openOffer(trx, organizationId);
    if (!offer) throw APIError.from("NOT_FOUND", OWNERSHIP_MESSAGES.notFound);
    await trx
      .updateTable("ownership_offer")
      .set({ status: "withdrawn", answeredAt: new Date().toISOString() })
      .where("id", "=", offer.id)
      .execute();
    await recordEvent(trx, {
      ...source,
      action: "ownership.withdrawn",
      target: { type: "ownership_offer", id: offer.id },
      organizationId,
      details: { toUserId: offer.toUserId },
      data: offerJson({ ...offer, status: "withdrawn" }),
    });
    return offer;
  });
}

/**
 * Accepts an offer for `userId`, found by its link's token or its id. The status moves from pending to
 * accepted with a conditional update, so of two concurrent acceptances one changes ownership and the other is
 * refused; the roles change in the same transaction, after the new owner exists (the last-owner trigger holds).
 */
export async function acceptOffer(
  db: Db,
  source: Source,
  userId: string,
  by: { token?: string; offerId?: string },
  /** Refuses a recipient the organization's rules shut out (its two-factor policy). */
  admit: (organizationId: string) => Promise<void>,
) {
  const found = await db
    .selectFrom("ownership_offer")
    .selectAll()
    .where(by.token ? "tokenHash" : "id", "=", by.token ? hashToken(by.token) : (by.offerId ?? ""))
    .executeTakeFirst();
  if (!found) throw APIError.from("NOT_FOUND", OWNERSHIP_MESSAGES.notFound);
  // Checked before anything is spent: another account's link stays usable by its recipient.
  if (found.toUserId !== userId) throw APIError.from("FORBIDDEN", OWNERSHIP_MESSAGES.notYours);
  await admit(found.organizationId);
  return db.transaction().execute(async (trx) => {
    const now = new Date().toISOString();
    const claimed = await trx
      .updateTable("ownership_offer")
      .set({ status: "accepted", answeredAt: now })
      .where("id", "=", found.id)
      .where("status", "=", "pending")
      .where("expiresAt", ">", now)
      .executeTakeFirst();
    if (Number(claimed.numUpdatedRows) !== 1) throw APIError.from("BAD_REQUEST", OWNERSHIP_MESSAGES.closed);
    const members = await trx
      .selectFrom("member")
      .selectAll()
      .where("organizationId", "=", found.organizationId)
      .where("userId", "in", [found.fromUserId, found.toUserId])
      .execute();
    const from = members.find((m) => m.userId === found.fromUserId);
    const to = members.find((m) => m.userId === found.toUserId);
    if (!to) throw APIError.from("BAD_REQUEST", OWNERSHIP_MESSAGES.closed);
    if (!from || !isOwner(from.role)) throw APIError.from("BAD_REQUEST", OWNERSHIP_MESSAGES.offererGone);
    const changes = [{ member: to, role: formatRoles(["owner", ...parseRoles(to.role)]) }];
    if (!found.keepOwner) {
      const demoted = parseRoles(from.role).map((r) => (r === "owner" ? "admin" : r));
      changes.push({ member: from, role: formatRoles(demoted) });
    }
    // In this order: the new owner first, so the organization never has none.
    for (const { member, role } of changes) {
      if (role === member.role) continue;
      await trx.updateTable("member").set({ role }).where("id", "=", member.id).execute();
      await recordEvent(trx, {
        ...source,
        action: "member.role_changed",
        target: { type: "member", id: member.id },
        organizationId: found.organizationId,
        details: { userId: member.userId, from: member.role, to: role },
        data: { ...member, role },
      });
    }
    const accepted = { ...found, status: "accepted" as const, answeredAt: now };
    await recordEvent(trx, {
      ...source,
      action: "ownership.accepted",
      target: { type: "ownership_offer", id: found.id },
      organizationId: found.organizationId,
      details: { fromUserId: found.fromUserId, keepOwner: Boolean(found.keepOwner) },
      data: offerJson(accepted),
    });
    return accepted;
  });
}

/** An offer as the API answers it: never its token hash. */
export function offerJson(offer: OwnershipOffer) {
  return {
    id: offer.id,
    organizationId: offer.organizationId,
    fromUserId: offer.fromUserId,
    toUserId: offer.toUserId,
    keepOwner: Boolean(offer.keepOwner),
    status: offer.status,
    expiresAt: offer.expiresAt,
    createdAt: offer.createdAt,
  };
}
