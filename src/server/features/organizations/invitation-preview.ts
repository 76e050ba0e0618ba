import { APIError } from "better-auth/api";
import { isPast, toDate } from "#server/db/dates.ts";
import type { Db } from "#server/db/tables.ts";
import { invitationsWithOrganization } from "#server/features/organizations/invitation-lists.ts";
import { ORGANIZATION_MESSAGES } from "#server/features/organizations/messages.ts";
import type { InvitationPreview } from "#shared/contracts/organizations.ts";
import type { Fits, Wire } from "#shared/contracts/wire.ts";

/** What the invitation landing page shows, signed in or not: the id itself is the secret the mail carried. */
export async function invitationPreview(db: Db, id: string) {
  const row = await invitationsWithOrganization(db)
    .select([
      "invitation.id",
      "invitation.email",
      "invitation.role",
      "invitation.status",
      "invitation.teamId",
      "invitation.expiresAt",
      "invitation.organizationId",
      "organization.name as organizationName",
      "organization.slug as organizationSlug",
      "organization.logo as organizationLogo",
      "organization.requireTwoFactor",
      "user.name as inviterName",
    ])
    .where("invitation.id", "=", id)
    .executeTakeFirst();
  if (!row) throw APIError.from("NOT_FOUND", ORGANIZATION_MESSAGES.invitationNotFound);
  const teamIds = (row.teamId ?? "").split(",").filter(Boolean);
  const teams =
    teamIds.length > 0
      ? await db.selectFrom("team").select(["id", "name"]).where("id", "in", teamIds).execute()
      : [];
  const { teamId: _teamId, ...rest } = row;
  return {
    ...rest,
    expiresAt: toDate(row.expiresAt),
    status: row.status === "pending" && isPast(row.expiresAt) ? ("expired" as const) : row.status,
    teams,
    requireTwoFactor: Boolean(row.requireTwoFactor),
  };
}

/** Compile-time only: the answer, as JSON carries it, is what #shared/contracts/organizations.ts promises. */
export type InvitationPreviewContract = Fits<
  Wire<Awaited<ReturnType<typeof invitationPreview>>>,
  InvitationPreview
>;
