import type { BetterAuthPlugin } from "better-auth";
import { APIError, createAuthEndpoint, createAuthMiddleware, getSessionFromCtx } from "better-auth/api";
import { sql } from "kysely";
import { z } from "zod";
import type { HookContext } from "#server/auth/overrides.ts";
import { hasStrongSignIn, ORGANIZATION_TWO_FACTOR_MESSAGE } from "#server/auth/two-factor-compliance.ts";
import type { Db } from "#server/db/tables.ts";
import { findMembership, isOwner } from "#server/features/organizations/access.ts";
import { ORGANIZATION_MESSAGES } from "#server/features/organizations/messages.ts";

/**
 * Organizations that require strong sign-in of their members (issue 16, decision 29). The owner sets
 * `organization.requireTwoFactor` with POST /organization/set-two-factor-policy; from then on a member with
 * neither two-factor nor a passkey gets 403 TWO_FACTOR_REQUIRED_BY_ORGANIZATION from every call of that
 * organization, with a cookie or an API key alike (API key creation, answered by api-keys.ts before this hook
 * runs, checks the same with assertOrganizationPolicy). They keep their account, may still list their organizations
 * (the list marks this one), leave it, and read or decline an invitation.
 */
export const TWO_FACTOR_POLICY_MESSAGES = {
  required: ORGANIZATION_TWO_FACTOR_MESSAGE,
  ownerFirst: {
    code: "TWO_FACTOR_REQUIRED_TO_SET_POLICY",
    message:
      "Turn on two-factor authentication or add a passkey for your own account before requiring it of your members",
  },
  ownersOnly: {
    code: "ONLY_OWNERS_SET_TWO_FACTOR_POLICY",
    message: "Only an owner can change whether the organization requires two-factor authentication",
  },
} as const;

/** The organization API key paths (auth/api-keys.ts). */
const API_KEY_PATHS = [
  "/api-key/create",
  "/api-key/list",
  "/api-key/get",
  "/api-key/update",
  "/api-key/delete",
];

/**
 * Every path that acts in one organization, refused to a non-compliant member of an organization that
 * requires two-factor. test/api/two-factor-policy.test.ts calls each of them, and checks that every
 * /organization/* and /api-key/* path of the running server is here, in SELF_POLICED_PATHS or in
 * UNPOLICED_PATHS.
 */
export const POLICED_PATHS: ReadonlySet<string> = new Set([
  "/organization/get-full-organization",
  "/organization/get-organization",
  "/organization/update",
  "/organization/delete",
  "/organization/set-active",
  "/organization/set-two-factor-policy",
  "/organization/has-permission",
  "/organization/list-members",
  "/organization/get-active-member",
  "/organization/get-active-member-role",
  "/organization/update-member-role",
  "/organization/remove-member",
  "/organization/invite-member",
  "/organization/list-invitations",
  "/organization/cancel-invitation",
  "/organization/accept-invitation",
  "/organization/list-teams",
  "/organization/create-team",
  "/organization/update-team",
  "/organization/remove-team",
  "/organization/set-active-team",
  "/organization/list-team-members",
  "/organization/add-team-member",
  "/organization/remove-team-member",
  "/organization/list-user-teams",
  // The organization's API keys (api-keys.ts): managing them is acting in the organization.
  ...API_KEY_PATHS,
  // Custom roles and ownership transfer (decision 35); accepting ownership checks the policy itself.
  "/organization/create-role",
  "/organization/update-role",
  "/organization/delete-role",
  "/organization/list-roles",
  "/organization/get-role",
  "/organization/my-permissions",
  "/organization/offer-ownership",
  "/organization/withdraw-ownership-offer",
  "/organization/ownership-offer",
]);

/**
 * Organization paths this hook leaves alone because their endpoint checks the same policy itself (it knows the
 * organization only once it has read its own row), each with where. The test calls each of them too.
 */
export const SELF_POLICED_PATHS: ReadonlyMap<string, string> = new Map([
  ["/organization/create-invite-link", "invite-links-plugin.ts manager(): assertOrganizationPolicy"],
  ["/organization/list-invite-links", "invite-links-plugin.ts manager(): assertOrganizationPolicy"],
  ["/organization/revoke-invite-link", "invite-links-plugin.ts manager(): assertOrganizationPolicy"],
  [
    "/organization/join-invite-link",
    "invite-links-plugin.ts: assertOrganizationPolicy on the link's organization",
  ],
  ["/organization/accept-ownership", "ownership-endpoints.ts: assertTwoFactorPolicy for the new owner"],
]);

/**
 * Organization paths that are not refused, on purpose, each with why (decision 29): a member who will not
 * enrol still sees the organization and why it is closed, can leave it, and can read or decline invitations.
 */
export const UNPOLICED_PATHS: ReadonlyMap<string, string> = new Map([
  [
    "/organization/list",
    "the caller's organizations; the web shows this one closed (each entry has requireTwoFactor)",
  ],
  ["/organization/create", "acts in no existing organization"],
  ["/organization/check-slug", "acts in no organization"],
  ["/organization/leave", "a member who will not enrol can still go"],
  ["/organization/get-invitation", "the invitee reads an invitation before joining"],
  ["/organization/reject-invitation", "the invitee may decline"],
  ["/organization/list-user-invitations", "the caller's own invitations, across organizations"],
  ["/organization/invitation-preview", "public; it carries requireTwoFactor so the invitee is told"],
  ["/organization/invite-link-preview", "public; joining through the link checks the policy"],
]);

/** Paths whose request names no organization when it names none (the session's active one is not meant). */
const NO_ACTIVE_FALLBACK = new Set([
  "/organization/set-active",
  "/organization/list-user-teams",
  ...API_KEY_PATHS,
]);

function text(source: unknown, name: string): string | undefined {
  const value = (source as Record<string, unknown> | undefined)?.[name];
  return typeof value === "string" && value ? value : undefined;
}

/** The organizations a request acts in: the ones it names, directly or through an invitation, team, member or key. */
async function organizationsOfRequest(db: Db, ctx: HookContext, userId: string, activeId: string | null) {
  const { body, query } = ctx;
  const path = ctx.path ?? "";
  const ids = new Set<string>();
  const add = (id: string | null | undefined) => {
    if (id) ids.add(id);
  };
  add(text(body, "organizationId"));
  add(text(query, "organizationId"));
  const slug = text(body, "organizationSlug") ?? text(query, "organizationSlug");
  if (slug) {
    add((await db.selectFrom("organization").select("id").where("slug", "=", slug).executeTakeFirst())?.id);
  }
  const invitationId = text(body, "invitationId");
  if (invitationId) {
    const row = await db
      .selectFrom("invitation")
      .select("organizationId")
      .where("id", "=", invitationId)
      .executeTakeFirst();
    add(row?.organizationId);
  }
  const teamId = text(body, "teamId") ?? text(query, "teamId");
  if (teamId) {
    add(
      (await db.selectFrom("team").select("organizationId").where("id", "=", teamId).executeTakeFirst())
        ?.organizationId,
    );
  }
  const memberId = text(body, "memberId") ?? text(body, "memberIdOrEmail");
  if (memberId && !memberId.includes("@")) {
    add(
      (await db.selectFrom("member").select("organizationId").where("id", "=", memberId).executeTakeFirst())
        ?.organizationId,
    );
  }
  const keyId = path.startsWith("/api-key/") ? (text(body, "keyId") ?? text(query, "id")) : undefined;
  if (keyId) {
    add(
      (await db.selectFrom("apikey").select("referenceId").where("id", "=", keyId).executeTakeFirst())
        ?.referenceId,
    );
  }
  if (path === "/organization/list-user-teams") {
    const rows = await db
      .selectFrom("teamMember")
      .innerJoin("team", "team.id", "teamMember.teamId")
      .select("team.organizationId")
      .where("teamMember.userId", "=", userId)
      .execute();
    for (const row of rows) add(row.organizationId);
  }
  if (ids.size === 0 && !NO_ACTIVE_FALLBACK.has(path)) add(activeId);
  return [...ids];
}

/**
 * Of `organizationIds`, the ones that require two-factor and that the user is in (or, for an invitation
 * being accepted, is joining).
 */
async function requiringOrganizations(db: Db, organizationIds: string[], userId: string, joining: boolean) {
  if (organizationIds.length === 0) return [];
  let query = db
    .selectFrom("organization")
    .leftJoin("member", (join) =>
      join.onRef("member.organizationId", "=", "organization.id").on("member.userId", "=", userId),
    )
    .select(["organization.id", "member.id as memberId"])
    .where("organization.id", "in", organizationIds)
    .where(sql<boolean>`${sql.ref("organization.requireTwoFactor")} = true`);
  if (!joining) query = query.where("member.id", "is not", null);
  return query.execute();
}

/** Refuses the request (403) when it acts in an organization that requires what the caller lacks. */
async function enforce(db: Db, ctx: HookContext) {
  const session = await getSessionFromCtx(ctx);
  if (!session) return;
  const userId = session.user.id;
  const activeId = (session.session.activeOrganizationId as string | null | undefined) ?? null;
  const organizationIds = await organizationsOfRequest(db, ctx, userId, activeId);
  const joining = ctx.path === "/organization/accept-invitation";
  const requiring = await requiringOrganizations(db, organizationIds, userId, joining);
  if (requiring.length === 0) return;
  if (await hasStrongSignIn(db, userId)) return;
  throw APIError.from("FORBIDDEN", TWO_FACTOR_POLICY_MESSAGES.required);
}

export function twoFactorPolicy(db: Db) {
  return {
    id: "gatehouse-two-factor-policy",
    schema: {
      organization: {
        fields: {
          // Set only through set-two-factor-policy (owners), never through organization/update's data.
          requireTwoFactor: { type: "boolean", required: false, defaultValue: false, input: false },
        },
      },
    },
    endpoints: {
      setTwoFactorPolicy: createAuthEndpoint(
        "/organization/set-two-factor-policy",
        {
          method: "POST",
          body: z.object({ organizationId: z.string().min(1).max(200).optional(), required: z.boolean() }),
          metadata: {
            openapi: {
              description:
                "Owners only: require (or stop requiring) two-factor or a passkey of every member. Turning it on needs the owner's own two-factor.",
            },
          },
        },
        async (ctx) => {
          const session = await getSessionFromCtx(ctx);
          if (!session) throw APIError.fromStatus("UNAUTHORIZED");
          const organizationId =
            ctx.body.organizationId ?? (session.session.activeOrganizationId as string | null | undefined);
          const member = organizationId
            ? await findMembership(db, organizationId, session.user.id)
            : undefined;
          if (!member) throw APIError.from("FORBIDDEN", ORGANIZATION_MESSAGES.notAMember);
          if (!isOwner(member.role)) throw APIError.from("FORBIDDEN", TWO_FACTOR_POLICY_MESSAGES.ownersOnly);
          if (ctx.body.required && !(await hasStrongSignIn(db, session.user.id))) {
            throw APIError.from("FORBIDDEN", TWO_FACTOR_POLICY_MESSAGES.ownerFirst);
          }
          await db
            .updateTable("organization")
            // SQL's true/false: SQLite stores 1/0 (it has no boolean parameters), PostgreSQL a boolean.
            .set({ requireTwoFactor: sql.raw(ctx.body.required ? "true" : "false") })
            .where("id", "=", member.organizationId)
            .execute();
          return ctx.json({ organizationId: member.organizationId, requireTwoFactor: ctx.body.required });
        },
      ),
    },
    hooks: {
      before: [
        {
          matcher: (ctx: { path?: string }) => POLICED_PATHS.has(ctx.path ?? ""),
          handler: createAuthMiddleware(async (ctx) => {
            await enforce(db, ctx);
          }),
        },
      ],
    },
  } satisfies BetterAuthPlugin;
}
