import type { OAuthProviderExtension } from "@better-auth/oauth-provider";
import type { BetterAuthPlugin } from "better-auth";
import { createAuthMiddleware, isAPIError } from "better-auth/api";
import { publishedPicture } from "#server/auth/published-picture.ts";
import { parseRoles } from "#shared/roles.ts";

/** The scope that lets an app see the user's organizations (docs/oidc-claims.md). */
export const ORGANIZATIONS_SCOPE = "organizations";

/** The claims Gatehouse adds beside the standard ones, advertised in discovery's claims_supported. */
export const GATEHOUSE_CLAIMS = ["organizations", "org_id", "org_roles"] as const;

type Adapter = {
  findOne<T>(input: { model: string; where: { field: string; value: string }[] }): Promise<T | null>;
  findMany<T>(input: {
    model: string;
    where: { field: string; value: string | string[]; operator?: "in" }[];
  }): Promise<T[]>;
};

interface MemberRow {
  organizationId: string;
  role: string;
}
interface OrganizationRow {
  id: string;
  slug: string;
  name: string;
}

/** One of the user's organizations as the `organizations` claim lists it. */
export interface OrganizationClaim {
  id: string;
  slug: string;
  name: string;
  roles: string[];
}

/** Every organization the user belongs to, with the user's roles in it (oldest membership first). */
async function organizationsOf(adapter: Adapter, userId: string): Promise<OrganizationClaim[]> {
  const members = await adapter.findMany<MemberRow>({
    model: "member",
    where: [{ field: "userId", value: userId }],
  });
  if (members.length === 0) return [];
  const organizations = await adapter.findMany<OrganizationRow>({
    model: "organization",
    where: [{ field: "id", operator: "in", value: members.map((m) => m.organizationId) }],
  });
  const byId = new Map(organizations.map((o) => [o.id, o]));
  return members.flatMap((m) => {
    const org = byId.get(m.organizationId);
    return org ? [{ id: org.id, slug: org.slug, name: org.name, roles: parseRoles(m.role) }] : [];
  });
}

/**
 * The organization active in the session the tokens are issued for, and the user's roles in it: `org_id` and
 * `org_roles`, or nothing when the session has none (or is gone, or the user has left that organization).
 */
async function activeOrganizationOf(
  adapter: Adapter,
  userId: string,
  sessionId: string | undefined,
): Promise<{ org_id: string; org_roles: string[] } | Record<string, never>> {
  if (!sessionId) return {};
  const session = await adapter.findOne<{ activeOrganizationId?: string | null; userId: string }>({
    model: "session",
    where: [{ field: "id", value: sessionId }],
  });
  const orgId = session?.userId === userId ? session.activeOrganizationId : undefined;
  if (!orgId) return {};
  const member = await adapter.findOne<MemberRow>({
    model: "member",
    where: [
      { field: "organizationId", value: orgId },
      { field: "userId", value: userId },
    ],
  });
  return member ? { org_id: orgId, org_roles: parseRoles(member.role) } : {};
}

const adapterOf = (ctx: { context: { adapter: unknown } }) => ctx.context.adapter as Adapter;
const granted = (scopes: readonly string[] | undefined) => scopes?.includes(ORGANIZATIONS_SCOPE) ?? false;

/**
 * The `organizations` scope (better-auth's oauth-provider extension point, so the plugin keeps owning every
 * standard claim): the ID token and userinfo list the user's organizations; the ID token, userinfo and JWT
 * access tokens name the session's active organization and the user's roles in it.
 */
export const organizationClaims: OAuthProviderExtension = {
  claims: {
    async idToken({ ctx, user, scopes, sessionId }) {
      if (!user || !granted(scopes)) return {};
      const adapter = adapterOf(ctx);
      return {
        organizations: await organizationsOf(adapter, user.id),
        ...(await activeOrganizationOf(adapter, user.id, sessionId)),
      };
    },
    async userInfo({ ctx, user, scopes, jwt }) {
      if (!granted(scopes)) return {};
      const adapter = adapterOf(ctx);
      const sid = typeof jwt.sid === "string" ? jwt.sid : undefined;
      return {
        organizations: await organizationsOf(adapter, user.id),
        ...(await activeOrganizationOf(adapter, user.id, sid)),
      };
    },
    // Called when a JWT access token is signed (authorization code and refresh grants carry the session).
    async accessToken({ ctx, user, scopes, sessionId }) {
      if (!user || !granted(scopes)) return {};
      return activeOrganizationOf(adapterOf(ctx), user.id, sessionId);
    },
  },
};

/**
 * Opaque access tokens are described at introspection, where the plugin re-derives extension claims without
 * the session: the active organization is added here from the token's `sid`, as a JWT access token carries it.
 */
export function introspectionOrganizationClaims(): NonNullable<
  NonNullable<BetterAuthPlugin["hooks"]>["after"]
> {
  return [
    {
      matcher: (ctx) => ctx.path === "/oauth2/introspect",
      handler: createAuthMiddleware(async (ctx) => {
        const answer = ctx.context.returned as Record<string, unknown> | undefined;
        if (!answer || typeof answer !== "object" || answer.active !== true || "org_id" in answer) return;
        const scopes = typeof answer.scope === "string" ? answer.scope.split(" ") : [];
        if (!granted(scopes) || typeof answer.sub !== "string" || typeof answer.sid !== "string") return;
        const active = await activeOrganizationOf(adapterOf(ctx), answer.sub, answer.sid);
        if (!("org_id" in active)) return;
        return ctx.json({ ...answer, ...active });
      }),
    },
  ];
}

/**
 * userinfo's `picture` as the ID token has it (published-picture.ts): the plugin answers the stored image, which
 * for an uploaded picture is a data URL of up to 64 KiB. `sub` is the user's id (no pairwise subjects).
 */
export function userInfoPicture(
  baseURL: string,
): NonNullable<NonNullable<BetterAuthPlugin["hooks"]>["after"]> {
  return [
    {
      matcher: (ctx) => ctx.path === "/oauth2/userinfo",
      handler: createAuthMiddleware(async (ctx) => {
        const answer = ctx.context.returned as Record<string, unknown> | undefined;
        if (!answer || typeof answer !== "object" || isAPIError(answer) || answer instanceof Response) return;
        if (!("picture" in answer) || typeof answer.sub !== "string") return;
        const stored = typeof answer.picture === "string" ? answer.picture : undefined;
        const picture = publishedPicture(baseURL, answer.sub, stored);
        if (picture === answer.picture) return;
        const { picture: _stored, ...rest } = answer;
        return ctx.json(picture ? { ...rest, picture } : rest);
      }),
    },
  ];
}
