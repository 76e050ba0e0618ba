import type { Context } from "hono";
import { Hono } from "hono";
import { sql } from "kysely";
import { API_KEY_HEADER } from "#server/auth/api-key-access.ts";
import { type Auth, CLIENT_IP_HEADER } from "#server/auth/auth.ts";
import { hasStrongSignIn, ORGANIZATION_TWO_FACTOR_MESSAGE } from "#server/auth/two-factor-compliance.ts";
import type { Db } from "#server/db/tables.ts";
import { recordEvent } from "#server/events/record.ts";
import { can, findMembership } from "#server/features/organizations/access.ts";
import { BulkInputError, previewRows, readBulkCsv } from "#server/features/organizations/bulk-invites.ts";
import { sendRows } from "#server/features/organizations/bulk-invites-send.ts";
import { invitationsCsv, membersCsv } from "#server/features/organizations/exports.ts";
import { ORGANIZATION_MESSAGES } from "#server/features/organizations/messages.ts";
import type { BulkInvitePreview, BulkInviteSummary } from "#shared/contracts/bulk-invitations.ts";

export interface BulkInviteRouteDeps {
  auth: Auth;
  db: Db;
  /** MEMBERSHIP_LIMIT: members and pending invitations together stay within it. */
  membershipLimit: number;
  /** The origins a browser's change may come from (the app's own and TRUSTED_ORIGINS). */
  trustedOrigins: readonly string[];
}

const REFUSALS = {
  signIn: { code: "UNAUTHORIZED", message: "Sign in first" },
  apiKey: { code: "API_KEY_NOT_ALLOWED", message: "API keys cannot call this endpoint" },
  origin: { code: "INVALID_ORIGIN", message: "Invalid origin" },
  cannotInvite: {
    code: "YOU_ARE_NOT_ALLOWED_TO_INVITE_USERS_TO_THIS_ORGANIZATION",
    message: "You are not allowed to invite users to this organization",
  },
} as const;

type Refusal = { body: { code: string; message: string }; status: 401 | 403 };
type Access = { userId: string; role: string; organizationId: string } | Refusal;

/** Several places in one file: one organization's writers go one after another in this process. */
const queues = new Map<string, Promise<unknown>>();
function oneAtATime<T>(key: string, work: () => Promise<T>): Promise<T> {
  const run = (queues.get(key) ?? Promise.resolve()).then(work, work);
  const settled = run.catch(() => undefined);
  queues.set(key, settled);
  void settled.then(() => queues.get(key) === settled && queues.delete(key));
  return run;
}

const csvAnswer = (c: Context, text: string, name: string) =>
  c.text(text, 200, {
    "Content-Type": "text/csv; charset=utf-8",
    "Content-Disposition": `attachment; filename="${name}"`,
  });

/**
 * /api/organizations/:id — bulk invitations (preview, then send, each row through better-auth's
 * invite-member with every Gatehouse guard) and the CSV exports of members and invitations (issue 18,
 * decision 34). A person's session only; a change from a browser only from the app's own origins.
 */
export function bulkInviteRoutes({ auth, db, membershipLimit, trustedOrigins }: BulkInviteRouteDeps) {
  /** The caller's membership of `:id`, or why not: outsiders learn nothing about the organization. */
  async function access(c: Context, permission: "invite" | "member"): Promise<Access> {
    if (c.req.header(API_KEY_HEADER)) return { body: REFUSALS.apiKey, status: 403 };
    if (c.req.method !== "GET") {
      const origin = c.req.header("origin");
      if (!origin || !trustedOrigins.includes(origin)) return { body: REFUSALS.origin, status: 403 };
    }
    const session = await auth.api.getSession({ headers: c.req.raw.headers });
    if (!session) return { body: REFUSALS.signIn, status: 401 };
    const organizationId = c.req.param("id") ?? "";
    const member = await findMembership(db, organizationId, session.user.id);
    if (!member) return { body: ORGANIZATION_MESSAGES.notAMember, status: 403 };
    // The organization's two-factor policy, as on every organization path (two-factor-policy.ts).
    const org = await db
      .selectFrom("organization")
      .select(sql<unknown>`${sql.ref("requireTwoFactor")}`.as("required"))
      .where("id", "=", organizationId)
      .executeTakeFirst();
    if (org?.required && !(await hasStrongSignIn(db, session.user.id))) {
      return { body: ORGANIZATION_TWO_FACTOR_MESSAGE, status: 403 };
    }
    if (permission === "invite" && !can(member.role, { invitation: ["create"] })) {
      return {
        body:
          c.req.method === "GET" ? ORGANIZATION_MESSAGES.notAllowedToListInvitations : REFUSALS.cannotInvite,
        status: 403,
      };
    }
    return { userId: session.user.id, role: member.role, organizationId };
  }

  /** The request's CSV read and checked row by row, or the refusal of the whole file. */
  async function preview(c: Context, who: { role: string; organizationId: string }) {
    const source = readBulkCsv(await c.req.text());
    return previewRows(db, who.organizationId, who.role, source, membershipLimit);
  }

  const refusedInput = (c: Context, err: unknown) => {
    if (err instanceof BulkInputError) return c.json({ code: err.code, message: err.message }, err.status);
    throw err;
  };

  return new Hono()
    .post("/:id/bulk-invitations/preview", async (c) => {
      const who = await access(c, "invite");
      if ("status" in who) return c.json(who.body, who.status);
      try {
        const { readyRows: _, ...answer } = await preview(c, who);
        return c.json(answer satisfies BulkInvitePreview, 200);
      } catch (err) {
        return refusedInput(c, err);
      }
    })
    .post("/:id/bulk-invitations/send", async (c) => {
      const who = await access(c, "invite");
      if ("status" in who) return c.json(who.body, who.status);
      let text: string;
      try {
        text = await c.req.text();
        readBulkCsv(text);
      } catch (err) {
        return refusedInput(c, err);
      }
      const summary: BulkInviteSummary = await oneAtATime(who.organizationId, async () => {
        const checked = await previewRows(
          db,
          who.organizationId,
          who.role,
          readBulkCsv(text),
          membershipLimit,
        );
        return sendRows({ auth, db, membershipLimit, headers: c.req.raw.headers, checked, ...who });
      });
      // One summary event beside each invitation's own invitation.created: who sent how many at once.
      await recordEvent(db, {
        action: "invitation.bulk_sent",
        actor: { userId: who.userId },
        ip: c.req.header(CLIENT_IP_HEADER) ?? null,
        userAgent: c.req.header("user-agent") ?? null,
        target: { type: "organization", id: who.organizationId },
        organizationId: who.organizationId,
        details: { sent: summary.sent, skipped: summary.skipped },
        data: {
          organizationId: who.organizationId,
          sent: summary.sent,
          skipped: summary.skipped,
          invitationIds: summary.rows.flatMap((r) => (r.invitationId ? [r.invitationId] : [])),
        },
      });
      return c.json(summary, 200);
    })
    .get("/:id/members.csv", async (c) => {
      const who = await access(c, "member");
      if ("status" in who) return c.json(who.body, who.status);
      return csvAnswer(c, await membersCsv(db, who.organizationId), "members.csv");
    })
    .get("/:id/invitations.csv", async (c) => {
      const who = await access(c, "invite");
      if ("status" in who) return c.json(who.body, who.status);
      return csvAnswer(c, await invitationsCsv(db, who.organizationId, who.role), "invitations.csv");
    });
}
