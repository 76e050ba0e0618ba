import { type ApiKey, apiKey } from "@better-auth/api-key";
import type { BetterAuthPlugin, User } from "better-auth";
import { APIError, createAuthMiddleware, getSessionFromCtx } from "better-auth/api";
import {
  API_KEY_HEADER,
  API_KEY_SESSION_PREFIX,
  type ApiKeyGrant,
  assertInOrganization,
  assertPathAllowed,
  rememberGrant,
} from "#server/auth/api-key-access.ts";
import { isBanned } from "#server/auth/ban-message.ts";
import {
  defineOverride,
  type HookContext,
  type OverrideObserver,
  overrideHooks,
} from "#server/auth/overrides.ts";
import { assertOrganizationPolicy } from "#server/auth/two-factor-compliance.ts";
import { noteIfUnavailable } from "#server/http/unavailable.ts";
import {
  API_KEY_CONFIG,
  API_KEY_EXPIRY_MAX_DAYS,
  API_KEY_EXPIRY_MIN_DAYS,
  API_KEY_NAME_MAX,
  API_KEY_PREFIX,
  type ApiKeyPermissions,
  beyondRole,
  createApiKeyBody,
  roleGrants,
} from "#shared/api-keys.ts";
import { roleDefinitionsFrom } from "#shared/custom-roles.ts";

export interface ApiKeyDeps {
  /** Requests per minute a new key may make (API_KEY_RATE_LIMIT); stored on each key at its creation. */
  rateLimitPerMinute: number;
  /** Told of the keys the create override makes itself (the audit log). */
  onOverrideAnswer?: OverrideObserver;
}

/** Key material: 48 random letters after the prefix (~285 bits). */
const KEY_LENGTH = 48;

/** Who created an organization's key; the only metadata Gatehouse writes, and clients cannot. */
interface KeyMetadata {
  createdBy?: string;
}

/**
 * API keys for server-to-server calls to the organization management API (issue #15, decision 17):
 * @better-auth/api-key stores them (hashed, SHA-256), lists, revokes and rate-limits them; Gatehouse
 * decides what a key may do. An organization's key acts as the member who created it, a person's own key
 * as that person, each limited to the permissions named on the key and the member's current role.
 */
export function apiKeyPlugins({ rateLimitPerMinute, onOverrideAnswer }: ApiKeyDeps) {
  const shared = {
    defaultKeyLength: KEY_LENGTH,
    // Gatehouse authenticates keys itself (below): the plugin's own session-from-key would give a key
    // everything its owner may do, and refuses organization keys altogether.
    enableSessionForAPIKeys: false,
    requireName: true,
    maximumNameLength: API_KEY_NAME_MAX,
    // Written by the creation override only; the update guard refuses it from clients.
    enableMetadata: true,
    keyExpiration: {
      defaultExpiresIn: null,
      minExpiresIn: API_KEY_EXPIRY_MIN_DAYS,
      maxExpiresIn: API_KEY_EXPIRY_MAX_DAYS,
    },
    rateLimit: { enabled: true, timeWindow: 60_000, maxRequests: rateLimitPerMinute },
  } as const;
  const plugin = apiKey([
    {
      ...shared,
      configId: API_KEY_CONFIG.organization,
      references: "organization",
      defaultPrefix: API_KEY_PREFIX.organization,
      startingCharactersConfig: { charactersLength: API_KEY_PREFIX.organization.length + 6 },
    },
    {
      ...shared,
      configId: API_KEY_CONFIG.user,
      references: "user",
      defaultPrefix: API_KEY_PREFIX.user,
      startingCharactersConfig: { charactersLength: API_KEY_PREFIX.user.length + 6 },
    },
  ]);
  const { createApiKey, verifyApiKey } = plugin.endpoints;

  /** Verifies a key (hash lookup, expiry, the key's rate limit, last-used time) or refuses the request. */
  async function verify(ctx: HookContext, key: string): Promise<Omit<ApiKey, "key">> {
    // The plugin logs every refused key as an error: expected traffic, so it goes to debug. A lost database
    // is still noted, and the request answered 503 rather than "invalid key" (http/unavailable.ts).
    const { logger } = ctx.context;
    const quiet = {
      ...logger,
      error: (message: string, ...args: unknown[]) => {
        noteIfUnavailable(...args);
        logger.debug(message, ...args);
      },
    };
    const answer = await verifyApiKey({ body: { key }, context: { ...ctx.context, logger: quiet } });
    if (answer.valid && answer.key) return answer.key;
    const error = (answer.error ?? {}) as {
      code?: string;
      message?: string;
      details?: { tryAgainIn?: number };
    };
    if (error.code === "RATE_LIMITED" || error.code === "USAGE_EXCEEDED") {
      const seconds = Math.max(1, Math.ceil((error.details?.tryAgainIn ?? 60_000) / 1000));
      throw new APIError(
        "TOO_MANY_REQUESTS",
        { code: "RATE_LIMITED", message: "This API key made too many requests; try again later" },
        { "Retry-After": String(seconds) },
      );
    }
    const expired = error.code === "KEY_EXPIRED";
    throw APIError.from("UNAUTHORIZED", {
      code: expired ? "API_KEY_EXPIRED" : "INVALID_API_KEY",
      message: expired ? "This API key has expired" : "Invalid API key",
    });
  }

  const invalid = () =>
    APIError.from("UNAUTHORIZED", { code: "INVALID_API_KEY", message: "Invalid API key" });

  /** The session a key stands for, and what it may do; refuses keys whose holder can no longer act. */
  async function sessionFromKey(ctx: HookContext, key: string) {
    const row = await verify(ctx, key);
    const isOrganizationKey = row.configId === API_KEY_CONFIG.organization;
    const metadata = (row.metadata ?? {}) as KeyMetadata;
    const userId = isOrganizationKey ? metadata.createdBy : row.referenceId;
    if (!userId) throw invalid();
    if (isOrganizationKey) {
      // The member who created the key acts through it; once they leave, the key is gone (decision 17).
      const member = await ctx.context.adapter.findOne({
        model: "member",
        where: [
          { field: "organizationId", value: row.referenceId },
          { field: "userId", value: userId },
        ],
      });
      if (!member) throw invalid();
    }
    const user = (await ctx.context.internalAdapter.findUserById(userId)) as
      | (User & { banned?: boolean | null; banExpires?: Date | string | null })
      | null;
    if (!user) throw invalid();
    if (isBanned(user)) {
      throw APIError.from("FORBIDDEN", {
        code: "USER_BANNED",
        message: "The owner of this API key is banned",
      });
    }
    const now = new Date();
    const organizationId = isOrganizationKey ? row.referenceId : null;
    const session = {
      session: {
        id: `${API_KEY_SESSION_PREFIX}${row.id}`,
        token: `${API_KEY_SESSION_PREFIX}${row.id}`,
        userId,
        createdAt: now,
        updatedAt: now,
        expiresAt: row.expiresAt ? new Date(row.expiresAt) : new Date(now.getTime() + 60 * 60 * 1000),
        ipAddress: null,
        userAgent: ctx.headers?.get("user-agent") ?? null,
        activeOrganizationId: organizationId,
        activeTeamId: null,
        impersonatedBy: null,
      },
      // A key never carries the platform administrator role: its permissions are an organization's.
      user: { ...user, role: "user" },
    };
    const grant: ApiKeyGrant = {
      keyId: row.id,
      organizationId,
      permissions: (row.permissions ?? {}) as ApiKeyPermissions,
    };
    rememberGrant(session, grant);
    return { session, grant };
  }

  const gatehouseApiKeys = {
    id: "gatehouse-api-keys",
    hooks: {
      before: [
        {
          // A request with an API key is authenticated by it alone (cookies are ignored).
          matcher: (ctx) => Boolean(ctx.headers?.get(API_KEY_HEADER)),
          handler: createAuthMiddleware(async (ctx) => {
            const key = ctx.headers?.get(API_KEY_HEADER) ?? "";
            if (key.length > 256) throw invalid();
            const { session, grant } = await sessionFromKey(ctx, key);
            assertPathAllowed(grant, ctx.path ?? "");
            await assertInOrganization(grant, ctx);
            ctx.context.session = session as unknown as typeof ctx.context.session;
            if (ctx.path === "/get-session") return ctx.json(session);
            return { context: ctx };
          }),
        },
        ...overrideHooks(
          [
            defineOverride({
              // Gatehouse names the permissions and the creator; better-auth would take neither from a browser.
              path: "/api-key/create",
              mode: "replace",
              body: createApiKeyBody,
              handler: async (ctx, { body }) => {
                const session = await getSessionFromCtx(ctx);
                if (!session)
                  throw APIError.from("UNAUTHORIZED", { code: "UNAUTHORIZED", message: "Unauthorized" });
                const permissions = normalise(body.permissions);
                if (body.organizationId) {
                  await assertMayCreate(ctx, body.organizationId, session.user.id, permissions);
                  // An organization that requires two-factor: its non-compliant members create no keys for it.
                  await assertOrganizationPolicy(ctx, body.organizationId, session.user.id);
                }
                const owner = body.organizationId ? "organization" : "user";
                const created = await createApiKey({
                  body: {
                    configId: API_KEY_CONFIG[owner],
                    name: body.name,
                    expiresIn: body.expiresIn,
                    organizationId: body.organizationId,
                    userId: session.user.id,
                    permissions,
                    metadata: { createdBy: session.user.id } satisfies KeyMetadata,
                  },
                  context: { ...ctx.context },
                });
                return ctx.json(created);
              },
            }),
            defineOverride({
              // Renaming, disabling and re-dating stay with better-auth; metadata (the creator) is ours.
              path: "/api-key/update",
              mode: "guard",
              handler: async (ctx) => {
                if ((ctx.body as Record<string, unknown> | undefined)?.metadata !== undefined) {
                  throw APIError.from("BAD_REQUEST", {
                    code: "INVALID_FIELD",
                    message: "An API key's metadata cannot be changed",
                  });
                }
              },
            }),
          ],
          onOverrideAnswer,
        ),
      ],
    },
  } satisfies BetterAuthPlugin;

  return [plugin, gatehouseApiKeys] as const;
}

/** The permissions without empty or repeated actions, in a stable order. */
function normalise(permissions: Record<string, string[]>): ApiKeyPermissions {
  return Object.fromEntries(
    Object.entries(permissions)
      .map(([resource, actions]) => [resource, [...new Set(actions)].sort()] as const)
      .filter(([, actions]) => actions.length > 0),
  );
}

/** Only an owner or admin (apiKey:create) creates an organization's keys, never beyond their own role. */
async function assertMayCreate(
  ctx: HookContext,
  organizationId: string,
  userId: string,
  permissions: ApiKeyPermissions,
) {
  const member = await ctx.context.adapter.findOne<{ role: string }>({
    model: "member",
    where: [
      { field: "organizationId", value: organizationId },
      { field: "userId", value: userId },
    ],
  });
  // Custom roles (decision 35) count like built-in ones: the organization's roles, as better-auth stores them.
  const definitions = roleDefinitionsFrom(
    await ctx.context.adapter.findMany<{ role: string; permission: string }>({
      model: "organizationRole",
      where: [{ field: "organizationId", value: organizationId }],
    }),
  );
  if (!member || !roleGrants(member.role, "apiKey", "create", definitions)) {
    throw APIError.from("FORBIDDEN", {
      code: "INSUFFICIENT_API_KEY_PERMISSIONS",
      message: "Only the organization's owners and admins manage its API keys",
    });
  }
  const beyond = beyondRole(member.role, permissions, definitions);
  if (beyond.length > 0) {
    throw APIError.from("FORBIDDEN", {
      code: "API_KEY_PERMISSION_BEYOND_ROLE",
      message: `A key cannot hold permissions your role lacks: ${beyond.join(", ")}`,
    });
  }
}
