import type { BetterAuthPlugin } from "better-auth";
import { APIError, createAuthEndpoint, getSessionFromCtx } from "better-auth/api";
import { API_KEY_SESSION_PREFIX } from "#server/auth/api-key-access.ts";
import { eventSourceOf } from "#server/auth/event-source.ts";
import type { HookContext } from "#server/auth/overrides.ts";
import { assertOrganizationPolicy } from "#server/auth/two-factor-compliance.ts";
import type { Db } from "#server/db/tables.ts";
import { requireMembership } from "#server/features/organizations/access.ts";
import { requireSession } from "#server/features/organizations/context.ts";
import { joinByInviteLink, previewInviteLink } from "#server/features/organizations/invite-link-join.ts";
import {
  assertMayManageLinks,
  assertRoleWithin,
  createInviteLink,
  findLinkById,
  INVITE_LINK_MESSAGES,
  listInviteLinks,
  revokeInviteLink,
} from "#server/features/organizations/invite-links.ts";
import {
  type CreatedInviteLink,
  createInviteLinkBody,
  type InviteLinkList,
  inviteLinkTokenBody,
  listInviteLinksQuery,
  revokeInviteLinkBody,
} from "#shared/contracts/invite-links.ts";

/** The web page a link opens (src/web/features/organizations/routes.tsx). */
export const INVITE_LINK_PATH = "/join";

/** Paths a token holder calls: limited per client, as every token-bearing path (production). */
const TOKEN_PATHS = new Set(["/organization/invite-link-preview", "/organization/join-invite-link"]);

export interface InviteLinksOptions {
  db: Db;
  /** BETTER_AUTH_URL: the links' URLs start with it. */
  baseURL: string;
}

/** The caller's membership of the organization named (or the active one), allowed to manage links, or 403. */
async function manager(db: Db, ctx: HookContext, organizationId: string | undefined) {
  const session = await requireSession(ctx);
  const member = await requireMembership(
    db,
    organizationId ?? (session.session.activeOrganizationId as string | null | undefined),
    session.user.id,
  );
  await assertOrganizationPolicy(ctx, member.organizationId, session.user.id);
  await assertMayManageLinks(db, member);
  return { session, member };
}

/**
 * Invite links (issue 18, decision 33): an owner or admin makes a link with a role (never above their own),
 * an optional team, an expiry and an optional number of uses; whoever opens it signed in with a verified
 * address joins. Only the token's hash is stored; the URL is answered once, at creation.
 */
export function inviteLinksPlugin({ db, baseURL }: InviteLinksOptions) {
  const urlOf = (token: string) => `${baseURL.replace(/\/$/, "")}${INVITE_LINK_PATH}/${token}`;
  return {
    id: "gatehouse-invite-links",
    endpoints: {
      createInviteLink: createAuthEndpoint(
        "/organization/create-invite-link",
        {
          method: "POST",
          body: createInviteLinkBody,
          metadata: {
            openapi: {
              description:
                "Owners and admins: a shareable link that lets people join with a role (never above the caller's own), an optional team, an expiry (1 hour to 30 days) and an optional number of uses. The URL is answered this once.",
            },
          },
        },
        async (ctx) => {
          const { session, member } = await manager(db, ctx, ctx.body.organizationId);
          await assertRoleWithin(db, member, ctx.body.role);
          const { link, token } = await createInviteLink(db, {
            organizationId: member.organizationId,
            body: ctx.body,
            source: eventSourceOf(ctx, session),
          });
          const answer: CreatedInviteLink = { link, url: urlOf(token) };
          return ctx.json(answer);
        },
      ),
      listInviteLinks: createAuthEndpoint(
        "/organization/list-invite-links",
        {
          method: "GET",
          query: listInviteLinksQuery,
          metadata: {
            openapi: { description: "Owners and admins: the organization's invite links, newest first." },
          },
        },
        async (ctx) => {
          const { member } = await manager(db, ctx, ctx.query.organizationId);
          const answer: InviteLinkList = { links: await listInviteLinks(db, member.organizationId) };
          return ctx.json(answer);
        },
      ),
      revokeInviteLink: createAuthEndpoint(
        "/organization/revoke-invite-link",
        {
          method: "POST",
          body: revokeInviteLinkBody,
          metadata: { openapi: { description: "Owners and admins: the link stops letting anyone join." } },
        },
        async (ctx) => {
          const session = await requireSession(ctx);
          const found = await findLinkById(db, ctx.body.linkId);
          // Someone outside the link's organization learns nothing of it.
          if (!found) throw APIError.from("NOT_FOUND", INVITE_LINK_MESSAGES.notFound);
          const mine = await db
            .selectFrom("member")
            .select("id")
            .where("organizationId", "=", found.organizationId)
            .where("userId", "=", session.user.id)
            .executeTakeFirst();
          if (!mine) throw APIError.from("NOT_FOUND", INVITE_LINK_MESSAGES.notFound);
          await manager(db, ctx, found.organizationId);
          return ctx.json(
            await revokeInviteLink(db, { linkId: found.id, source: eventSourceOf(ctx, session) }),
          );
        },
      ),
      inviteLinkPreview: createAuthEndpoint(
        "/organization/invite-link-preview",
        {
          method: "GET",
          query: inviteLinkTokenBody,
          metadata: {
            openapi: {
              description:
                "Whoever holds a link, signed in or not: the organization, the role, and whether the link still works (active, expired, used_up, revoked).",
            },
          },
        },
        async (ctx) => {
          const session = await getSessionFromCtx(ctx);
          return ctx.json(await previewInviteLink(db, ctx.query.token, session?.user.id ?? null));
        },
      ),
      joinInviteLink: createAuthEndpoint(
        "/organization/join-invite-link",
        {
          method: "POST",
          body: inviteLinkTokenBody,
          metadata: {
            openapi: {
              description:
                "The signed-in person (verified address) joins the link's organization; 410 when the link expired, was used up or revoked.",
            },
          },
        },
        async (ctx) => {
          const session = await requireSession(ctx);
          // A person joins; an organization API key acting as its creator does not.
          if (String(session.session.id).startsWith(API_KEY_SESSION_PREFIX)) {
            throw APIError.fromStatus("UNAUTHORIZED");
          }
          if (!session.user.emailVerified) {
            throw APIError.from("FORBIDDEN", INVITE_LINK_MESSAGES.emailNotVerified);
          }
          const preview = await previewInviteLink(db, ctx.body.token, session.user.id);
          await assertOrganizationPolicy(ctx, preview.organization.id, session.user.id);
          return ctx.json(
            await joinByInviteLink(db, {
              token: ctx.body.token,
              userId: session.user.id,
              source: eventSourceOf(ctx, session),
            }),
          );
        },
      ),
    },
    // Token paths: at most 30 a minute per client, whatever the token (on with better-auth's limiter).
    rateLimit: [{ pathMatcher: (path: string) => TOKEN_PATHS.has(path), window: 60, max: 30 }],
  } satisfies BetterAuthPlugin;
}
