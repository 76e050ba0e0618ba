import { isAPIError } from "better-auth/api";
import type { Auth } from "#server/auth/auth.ts";
import type { Db } from "#server/db/tables.ts";
import { placesLeft, problem, type ReadyRow } from "#server/features/organizations/bulk-invites.ts";
import type {
  BulkInvitePreview,
  BulkInviteResult,
  BulkInviteSummary,
  BulkRowProblem,
} from "#shared/contracts/bulk-invitations.ts";

/** invite-member's refusals that a preview names too; anything else is REFUSED with its message. */
const KNOWN_REFUSALS: Record<string, BulkRowProblem> = {
  USER_IS_ALREADY_A_MEMBER_OF_THIS_ORGANIZATION: "ALREADY_MEMBER",
  USER_IS_ALREADY_INVITED_TO_THIS_ORGANIZATION: "ALREADY_INVITED",
  YOU_ARE_NOT_ALLOWED_TO_INVITE_USER_WITH_THIS_ROLE: "ROLE_NOT_ALLOWED",
  TEAM_NOT_FOUND: "UNKNOWN_TEAM",
  INVALID_EMAIL: "INVALID_EMAIL",
};

export interface SendInput {
  auth: Auth;
  db: Db;
  membershipLimit: number;
  /** The caller's request headers: each invitation is sent as them, through better-auth's own path. */
  headers: Headers;
  organizationId: string;
  checked: BulkInvitePreview & { readyRows: ReadyRow[] };
}

/** A row invite-member refused, as the summary words it. */
function refusalOf(err: unknown) {
  if (!isAPIError(err)) throw err;
  const body = (err.body ?? {}) as { code?: string; message?: string };
  if (err.statusCode === 429) return problem("RATE_LIMITED");
  const known = KNOWN_REFUSALS[body.code ?? ""];
  return known ? problem(known) : problem("REFUSED", body.message ?? err.message);
}

/**
 * Sends the rows a fresh preview found ready, one invitation at a time, each through better-auth's
 * invite-member as the caller (the mail limits, the two-factor policy, the audit's invitation.created and
 * the invitation mail all apply as for a single invitation). Each is its own committed unit: invite-member
 * writes the invitation, queues its mail and records its invitation.created in one transaction (patched, decision
 * 34), so a crash mid-send leaves whole invitations only. A refused row is skipped and the next one sent. The membership limit is read again before each row, so invitations
 * sent meanwhile by anyone count.
 */
export async function sendRows({
  auth,
  db,
  membershipLimit,
  headers,
  organizationId,
  checked,
}: SendInput): Promise<BulkInviteSummary> {
  const asCaller = new Headers(headers);
  asCaller.set("content-type", "application/json");
  asCaller.delete("content-length");
  const ready = new Map(checked.readyRows.map((row) => [row.line, row]));
  const rows: BulkInviteResult[] = [];
  for (const row of checked.rows) {
    const skip = (problems: BulkInviteResult["problems"]) =>
      rows.push({ line: row.line, email: row.email, status: "skipped", invitationId: null, problems });
    const send = ready.get(row.line);
    if (!send) {
      skip(row.problems);
      continue;
    }
    if ((await placesLeft(db, organizationId, membershipLimit)) === 0) {
      skip([problem("OVER_MEMBERSHIP_LIMIT")]);
      continue;
    }
    try {
      const invitation = await auth.api.createInvitation({
        headers: asCaller,
        body: {
          email: send.email,
          role: send.roles as "member"[],
          organizationId,
          ...(send.teamId ? { teamId: send.teamId } : {}),
        },
      });
      rows.push({
        line: row.line,
        email: row.email,
        status: "sent",
        invitationId: (invitation as { id: string }).id,
        problems: [],
      });
    } catch (err) {
      skip([refusalOf(err)]);
    }
  }
  const sent = rows.filter((r) => r.status === "sent").length;
  return { sent, skipped: rows.length - sent, rows };
}
