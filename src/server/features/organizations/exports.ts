import { sql } from "kysely";
import { isoDate, isPast } from "#server/db/dates.ts";
import { hasRoleSql } from "#server/db/roles-sql.ts";
import type { Db } from "#server/db/tables.ts";
import { isOwner } from "#server/features/organizations/access.ts";
import { csvLine } from "#server/http/csv.ts";
import { invitationCsvColumns, memberCsvColumns } from "#shared/contracts/bulk-invitations.ts";
import { parseRoles } from "#shared/roles.ts";

/** Several names in one cell: `admin; member`. */
const list = (names: readonly string[]) => names.join("; ");

/** The organization's members in join order, as CSV: name, email, roles, teams, joined (ISO 8601). */
export async function membersCsv(db: Db, organizationId: string): Promise<string> {
  const [members, teams] = await Promise.all([
    db
      .selectFrom("member")
      .innerJoin("user", "user.id", "member.userId")
      .select(["member.userId", "member.role", "member.createdAt", "user.name", "user.email"])
      .where("member.organizationId", "=", organizationId)
      .orderBy("member.createdAt")
      .orderBy("member.id")
      .execute(),
    db
      .selectFrom("teamMember")
      .innerJoin("team", "team.id", "teamMember.teamId")
      .select(["teamMember.userId", "team.name"])
      .where("team.organizationId", "=", organizationId)
      .orderBy("team.name")
      .execute(),
  ]);
  const teamsOf = new Map<string, string[]>();
  for (const t of teams) teamsOf.set(t.userId, [...(teamsOf.get(t.userId) ?? []), t.name]);
  const lines = [csvLine(memberCsvColumns)];
  for (const m of members) {
    lines.push(
      csvLine([
        m.name,
        m.email,
        list(parseRoles(m.role)),
        list(teamsOf.get(m.userId) ?? []),
        isoDate(m.createdAt),
      ]),
    );
  }
  return lines.join("");
}

/**
 * The organization's invitations, newest first, as CSV: email, roles, team, status (a pending one past its
 * date reads `expired`), expires, invitedBy. Invitations granting owner are left out for non-owners, as in
 * the invitations list.
 */
export async function invitationsCsv(db: Db, organizationId: string, viewerRole: string): Promise<string> {
  let query = db
    .selectFrom("invitation")
    .leftJoin("team", "team.id", "invitation.teamId")
    .leftJoin("user", "user.id", "invitation.inviterId")
    .select([
      "invitation.email",
      "invitation.role",
      "invitation.status",
      "invitation.expiresAt",
      "team.name as teamName",
      "user.name as inviterName",
      "user.email as inviterEmail",
    ])
    .where("invitation.organizationId", "=", organizationId);
  if (!isOwner(viewerRole)) query = query.where(sql<boolean>`not ${hasRoleSql("invitation.role", "owner")}`);
  const rows = await query.orderBy("invitation.createdAt", "desc").orderBy("invitation.id").execute();
  const lines = [csvLine(invitationCsvColumns)];
  for (const r of rows) {
    const status = r.status === "pending" && isPast(r.expiresAt) ? "expired" : r.status;
    const inviter = r.inviterName && r.inviterEmail ? `${r.inviterName} <${r.inviterEmail}>` : r.inviterEmail;
    lines.push(
      csvLine([r.email, list(parseRoles(r.role)), r.teamName, status, isoDate(r.expiresAt), inviter]),
    );
  }
  return lines.join("");
}
