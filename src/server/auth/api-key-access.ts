import { APIError } from "better-auth/api";
import type { HookContext } from "#server/auth/overrides.ts";
import type { ApiKeyPermissions } from "#shared/api-keys.ts";

/** The header a server sends its API key in (the plugin's default). */
export const API_KEY_HEADER = "x-api-key";

/** The id and token of the session an API key stands for: this prefix and the key's id (api-keys.ts). */
export const API_KEY_SESSION_PREFIX = "apikey_";

/** What a request authenticated by an API key may do; kept beside the session it stands for. */
export interface ApiKeyGrant {
  keyId: string;
  /** The key's organization; null for a person's own key, which reaches every organization they are in. */
  organizationId: string | null;
  permissions: ApiKeyPermissions;
}

type Permission = readonly [resource: string, action: string];

/**
 * The organization reads a key may make, like any member of the organization (the member's role still
 * decides, as for a person). A few reads show what only some roles see; those need the permission too.
 */
const READS = new Map<string, Permission | null>([
  ["/get-session", null],
  ["/organization/get-full-organization", null],
  ["/organization/list-members", null],
  ["/organization/list-invitations", ["invitation", "create"]],
  ["/organization/list-teams", null],
  ["/organization/list-team-members", null],
  ["/organization/get-active-member", null],
  ["/organization/get-active-member-role", null],
  ["/organization/check-slug", null],
]);

/** The changes a key may make, each with the permission better-auth asks the member's role for. */
const WRITES = new Map<string, Permission>([
  ["/organization/update", ["organization", "update"]],
  ["/organization/delete", ["organization", "delete"]],
  ["/organization/invite-member", ["invitation", "create"]],
  ["/organization/cancel-invitation", ["invitation", "cancel"]],
  ["/organization/remove-member", ["member", "delete"]],
  ["/organization/update-member-role", ["member", "update"]],
  ["/organization/create-team", ["team", "create"]],
  ["/organization/update-team", ["team", "update"]],
  ["/organization/remove-team", ["team", "delete"]],
  ["/organization/add-team-member", ["member", "update"]],
  ["/organization/remove-team-member", ["member", "delete"]],
]);

/** A person's own key also lists that person's organizations; an organization's key sees only its own. */
const USER_KEY_READS = new Set(["/organization/list"]);

/** Whether the grant holds `resource:action`. */
export function grantAllows(grant: ApiKeyGrant, resource: string, action: string): boolean {
  return (grant.permissions[resource as keyof ApiKeyPermissions] ?? []).includes(action);
}

/**
 * Refuses what a key may not do on `path` (403): any endpoint outside the organization management API
 * (account, session, admin, OAuth, API key management…), and a change its permissions do not name. The
 * member's role is checked afterwards by the endpoint itself, so a key never does more than its holder.
 */
export function assertPathAllowed(grant: ApiKeyGrant, path: string): void {
  const permission = WRITES.get(path) ?? READS.get(path);
  const known = WRITES.has(path) || READS.has(path) || (!grant.organizationId && USER_KEY_READS.has(path));
  if (!known) {
    throw APIError.from("FORBIDDEN", {
      code: "API_KEY_NOT_ALLOWED",
      message: "API keys cannot call this endpoint",
    });
  }
  if (permission && !grantAllows(grant, permission[0], permission[1])) {
    throw APIError.from("FORBIDDEN", {
      code: "API_KEY_PERMISSION_MISSING",
      message: `This API key does not have the ${permission[0]}:${permission[1]} permission`,
    });
  }
}

function field(source: unknown, name: string): string | undefined {
  const value = (source as Record<string, unknown> | undefined)?.[name];
  return typeof value === "string" && value ? value : undefined;
}

async function organizationOfRow(ctx: HookContext, model: string, id: string | undefined) {
  if (!id) return undefined;
  const row = await ctx.context.adapter.findOne<{ organizationId: string }>({
    model,
    where: [{ field: "id", value: id }],
  });
  return row?.organizationId;
}

/**
 * The organizations a request names: its organizationId or slug, and the organization of the invitation,
 * team or member it points at by id. An organization's key may name only its own (403 otherwise): its
 * holder may belong to other organizations, which the key must not reach.
 */
export async function assertInOrganization(grant: ApiKeyGrant, ctx: HookContext): Promise<void> {
  const own = grant.organizationId;
  if (!own) return;
  const named: (string | undefined)[] = [
    field(ctx.body, "organizationId"),
    field(ctx.query, "organizationId"),
    field((ctx.body as { data?: unknown } | undefined)?.data, "organizationId"),
  ];
  const slug = field(ctx.query, "organizationSlug") ?? field(ctx.body, "organizationSlug");
  if (slug) {
    const org = await ctx.context.adapter.findOne<{ id: string }>({
      model: "organization",
      where: [{ field: "slug", value: slug }],
    });
    named.push(org?.id ?? slug);
  }
  named.push(await organizationOfRow(ctx, "invitation", field(ctx.body, "invitationId")));
  named.push(await organizationOfRow(ctx, "team", field(ctx.body, "teamId") ?? field(ctx.query, "teamId")));
  const memberId = field(ctx.body, "memberId") ?? field(ctx.body, "memberIdOrEmail");
  if (memberId && !memberId.includes("@")) named.push(await organizationOfRow(ctx, "member", memberId));
  if (named.some((id) => id !== undefined && id !== own)) {
    throw APIError.from("FORBIDDEN", {
      code: "API_KEY_WRONG_ORGANIZATION",
      message: "This API key belongs to another organization",
    });
  }
}

/** The grants of the sessions made from API keys (a session object lives as long as its request). */
const grants = new WeakMap<object, ApiKeyGrant>();

export function rememberGrant(session: object, grant: ApiKeyGrant): void {
  grants.set(session, grant);
}

/** The API key grant behind the request's session, if an API key authenticated it. */
export function apiKeyGrantOf(ctx: { context: { session?: unknown } }): ApiKeyGrant | undefined {
  const session = ctx.context.session;
  return session && typeof session === "object" ? grants.get(session) : undefined;
}

/**
 * Whether the request may use `resource:action` as far as its API key is concerned: always for a person's
 * session, only when named by the key for a key's. For reads whose answer depends on the role.
 */
export function keyAllows(ctx: { context: { session?: unknown } }, resource: string, action: string) {
  const grant = apiKeyGrantOf(ctx);
  return !grant || grantAllows(grant, resource, action);
}
