import { sql } from "kysely";
import { toDate } from "#server/db/dates.ts";
import { hasRoleSql } from "#server/db/roles-sql.ts";
import type { Db } from "#server/db/tables.ts";
import { isOwner } from "#server/features/organizations/access.ts";
import { countRows, type Page, pageAndCount } from "#server/features/organizations/paging.ts";
import {
  INVITATION_STATUSES,
  type InvitationRow,
  type UserInvitation,
} from "#shared/contracts/organizations.ts";
import type { Fits, Wire } from "#shared/contracts/wire.ts";

export { INVITATION_STATUSES };

/** An invitation's own columns, as better-auth answers them. */
const INVITATION_COLUMNS = [
  "invitation.id",
  "invitation.organizationId",
  "invitation.email",
  "invitation.role",
  "invitation.teamId",
  "invitation.status",
  "invitation.expiresAt",
  "invitation.createdAt",
  "invitation.inviterId",
] as const;

/** Invitations with the organization they are to and who sent them (who may since have left: a left join). */
export function invitationsWithOrganization(db: Db) {
  return db
    .selectFrom("invitation")
    .innerJoin("organization", "organization.id", "invitation.organizationId")
    .leftJoin("user", "user.id", "invitation.inviterId");
}

export interface InvitationQuery extends Page {
  status?: (typeof INVITATION_STATUSES)[number];
  /** Members who do not hold the owner role never see invitations that grant it. */
  viewerRole: string;
}

export async function invitationsPage(db: Db, organizationId: string, q: InvitationQuery) {
  let base = db.selectFrom("invitation").where("invitation.organizationId", "=", organizationId);
  if (q.status) base = base.where("invitation.status", "=", q.status);
  if (!isOwner(q.viewerRole)) {
    base = base.where(sql<boolean>`not ${hasRoleSql("invitation.role", "owner")}`);
  }
  const [rows, count] = await pageAndCount(
    base
      .leftJoin("user", "user.id", "invitation.inviterId")
      .select([...INVITATION_COLUMNS, "user.name as inviterName"])
      .orderBy("invitation.createdAt", "desc")
      .orderBy("invitation.id"),
    q,
    countRows(base),
  );
  const now = Date.now();
  return {
    items: rows.map((r) => {
      const expiresAt = toDate(r.expiresAt);
      return {
        ...r,
        expiresAt,
        createdAt: toDate(r.createdAt),
        expired: r.status === "pending" && expiresAt.getTime() <= now,
      };
    }),
    total: count,
  };
}

/** Pending, unexpired invitations addressed to an email, with what the recipient needs to decide. */
export async function invitationsForEmail(db: Db, email: string) {
  const rows = await invitationsWithOrganization(db)
    .select([
      ...INVITATION_COLUMNS,
      "organization.name as organizationName",
      "organization.slug as organizationSlug",
      "organization.logo as organizationLogo",
      "user.name as inviterName",
    ])
    .where("invitation.email", "=", email.toLowerCase())
    .where("invitation.status", "=", "pending")
    .orderBy("invitation.createdAt", "desc")
    .execute();
  const now = Date.now();
  return rows
    .map((r) => ({ ...r, expiresAt: toDate(r.expiresAt), createdAt: toDate(r.createdAt) }))
    .filter((r) => r.expiresAt.getTime() > now);
}

/** Compile-time only: each answer, as JSON carries it, is what #shared/contracts/organizations.ts promises the web. */
export type InvitationListContracts = [
  Fits<Wire<Awaited<ReturnType<typeof invitationsPage>>["items"]>, InvitationRow[]>,
  Fits<Wire<Awaited<ReturnType<typeof invitationsForEmail>>>, UserInvitation[]>,
];
