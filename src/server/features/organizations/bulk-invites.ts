import { isPast } from "#server/db/dates.ts";
import type { Db } from "#server/db/tables.ts";
import { isOwner } from "#server/features/organizations/access.ts";
import { CsvSyntaxError, parseCsv } from "#server/http/csv.ts";
import {
  BULK_INVITE_MAX_BYTES,
  BULK_INVITE_MAX_ROWS,
  type BulkInvitePreview,
  type BulkInviteRow,
  type BulkRowProblem,
} from "#shared/contracts/bulk-invitations.ts";
import { emailSchema } from "#shared/fields.ts";
import { ORGANIZATION_ROLE_NAMES } from "#shared/permissions.ts";

/** A CSV refused as a whole, before any row is looked at or sent. */
export class BulkInputError extends Error {
  constructor(
    readonly status: 400 | 413,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

/** One data row of the file, as written. */
export interface BulkSourceRow {
  line: number;
  email: string;
  roles: string;
  team: string;
}

const COLUMNS = ["email", "roles", "team"] as const;
const HEADER_NAMES: Record<string, (typeof COLUMNS)[number]> = {
  email: "email",
  "e-mail": "email",
  roles: "roles",
  role: "roles",
  team: "team",
};

/**
 * The rows of a bulk-invitation CSV: 413 over BULK_INVITE_MAX_BYTES, 400 when it is not CSV, holds no row,
 * or more than BULK_INVITE_MAX_ROWS rows. A first row naming the email column is the header.
 */
export function readBulkCsv(text: string): BulkSourceRow[] {
  if (Buffer.byteLength(text, "utf8") > BULK_INVITE_MAX_BYTES) {
    throw new BulkInputError(413, "CSV_TOO_LARGE", "The CSV is larger than 1 MB");
  }
  let records: ReturnType<typeof parseCsv>;
  try {
    // One record more than header + rows allowed is enough to know the file is too long.
    records = parseCsv(text, BULK_INVITE_MAX_ROWS + 1);
  } catch (err) {
    if (err instanceof CsvSyntaxError) throw new BulkInputError(400, "INVALID_CSV", err.message);
    throw err;
  }
  const first = records[0]?.cells.map((cell) => cell.trim().toLowerCase()) ?? [];
  const hasHeader = first.some((cell) => HEADER_NAMES[cell] === "email");
  const order = hasHeader ? first.map((cell) => HEADER_NAMES[cell]) : [...COLUMNS];
  const rows = hasHeader ? records.slice(1) : records;
  if (rows.length === 0) throw new BulkInputError(400, "EMPTY_CSV", "The CSV holds no address");
  if (rows.length > BULK_INVITE_MAX_ROWS) {
    throw new BulkInputError(
      400,
      "TOO_MANY_ROWS",
      `The CSV has more than ${BULK_INVITE_MAX_ROWS} rows; split it`,
    );
  }
  return rows.map(({ line, cells }) => {
    const row: BulkSourceRow = { line, email: "", roles: "", team: "" };
    cells.forEach((cell, i) => {
      const column = order[i];
      if (column) row[column] = cell.trim();
    });
    return row;
  });
}

const PROBLEM_TEXT: Record<BulkRowProblem, string> = {
  INVALID_EMAIL: "Not a valid email address",
  DUPLICATE_ROW: "The same address is on an earlier row",
  ALREADY_MEMBER: "Already a member",
  ALREADY_INVITED: "Already invited (the invitation is pending)",
  UNKNOWN_ROLE: "No such role",
  ROLE_NOT_ALLOWED: "You cannot give a role above your own",
  UNKNOWN_TEAM: "No such team in this organization",
  OVER_MEMBERSHIP_LIMIT: "Over the organization's membership limit",
  RATE_LIMITED: "Too many invitation mails for now; try again later",
  REFUSED: "Refused",
};

export const problem = (code: BulkRowProblem, message = PROBLEM_TEXT[code]) => ({ code, message });

/** `admin;member`, `admin|member` or `admin, member`: the names, `member` when none. */
const rolesOf = (text: string) => {
  const names = text
    .split(/[;|,\s]+/)
    .map((name) => name.trim())
    .filter(Boolean);
  return names.length > 0 ? [...new Set(names)] : ["member"];
};

/** Places left under the membership limit: members and pending, unexpired invitations both hold one. */
export async function placesLeft(db: Db, organizationId: string, membershipLimit: number) {
  const [members, pending] = await Promise.all([
    db
      .selectFrom("member")
      .select((eb) => eb.fn.countAll<number | string>().as("n"))
      .where("organizationId", "=", organizationId)
      .executeTakeFirst(),
    pendingInvitations(db, organizationId),
  ]);
  return Math.max(0, membershipLimit - Number(members?.n ?? 0) - pending.length);
}

async function pendingInvitations(db: Db, organizationId: string) {
  const rows = await db
    .selectFrom("invitation")
    .select(["email", "expiresAt"])
    .where("organizationId", "=", organizationId)
    .where("status", "=", "pending")
    .execute();
  return rows.filter((r) => !isPast(r.expiresAt));
}

/** Rows ready to send: the row, its roles and the team's id. */
export interface ReadyRow {
  line: number;
  email: string;
  roles: string[];
  teamId: string | null;
}

/**
 * Each row with its problems, as sending it now would meet them: addresses checked, duplicates in the file,
 * members and pending invitations, roles known and not above the inviter's (only an owner gives owner),
 * teams by name or id, and the membership limit taken in file order by the rows that are otherwise fine.
 */
export async function previewRows(
  db: Db,
  organizationId: string,
  inviterRole: string,
  source: BulkSourceRow[],
  membershipLimit: number,
): Promise<BulkInvitePreview & { readyRows: ReadyRow[] }> {
  const emailCheck = emailSchema();
  const emails = source.map((row) => row.email.toLowerCase()).filter(Boolean);
  const [members, pending, teams, places] = await Promise.all([
    emails.length === 0
      ? []
      : db
          .selectFrom("member")
          .innerJoin("user", "user.id", "member.userId")
          .select("user.email")
          .where("member.organizationId", "=", organizationId)
          .where("user.email", "in", emails)
          .execute(),
    pendingInvitations(db, organizationId),
    db.selectFrom("team").select(["id", "name"]).where("organizationId", "=", organizationId).execute(),
    placesLeft(db, organizationId, membershipLimit),
  ]);
  const memberEmails = new Set(members.map((m) => m.email.toLowerCase()));
  const invitedEmails = new Set(pending.map((p) => p.email.toLowerCase()));
  const seen = new Set<string>();
  let left = places;
  const rows: BulkInviteRow[] = [];
  const readyRows: ReadyRow[] = [];
  for (const row of source) {
    const problems: BulkInviteRow["problems"] = [];
    const email = row.email.toLowerCase();
    if (!emailCheck.safeParse(email).success) problems.push(problem("INVALID_EMAIL"));
    else if (seen.has(email)) problems.push(problem("DUPLICATE_ROW"));
    else if (memberEmails.has(email)) problems.push(problem("ALREADY_MEMBER"));
    else if (invitedEmails.has(email)) problems.push(problem("ALREADY_INVITED"));
    seen.add(email);
    const roles = rolesOf(row.roles);
    const unknown = roles.filter((name) => !(ORGANIZATION_ROLE_NAMES as string[]).includes(name));
    if (unknown.length > 0) problems.push(problem("UNKNOWN_ROLE", `No such role: ${unknown.join(", ")}`));
    else if (roles.some(isOwner) && !isOwner(inviterRole)) problems.push(problem("ROLE_NOT_ALLOWED"));
    const wanted = row.team.toLowerCase();
    const team = wanted ? teams.find((t) => t.id === row.team || t.name.toLowerCase() === wanted) : undefined;
    if (wanted && !team) problems.push(problem("UNKNOWN_TEAM", `No team "${row.team}" in this organization`));
    if (problems.length === 0) {
      if (left > 0) left -= 1;
      else problems.push(problem("OVER_MEMBERSHIP_LIMIT"));
    }
    rows.push({ line: row.line, email, roles, team: team?.name ?? (row.team || null), problems });
    if (problems.length === 0) readyRows.push({ line: row.line, email, roles, teamId: team?.id ?? null });
  }
  return { rows, ready: readyRows.length, placesLeft: places, readyRows };
}
