import { scim } from "@better-auth/scim";
import { createAuthMiddleware } from "better-auth/api";
import type { Db } from "#server/db/tables.ts";
import { syncGroupTeams } from "./group-teams.ts";
import { resolveScimUser } from "./identity.ts";
import { scimProjection } from "./projection.ts";
import { connectionOfRequest, connectionOfToken, rememberCreatedAccount } from "./request-connection.ts";

const ALL_SCOPES = ["scim.users.read", "scim.users.write", "scim.groups.read", "scim.groups.write"] as const;
/** lastUsedAt is written at most this often per connection (a sync of 10 000 users is 10 000 requests). */
const LAST_USED_EVERY_MS = 60_000;

/**
 * SCIM 2.0 per organization (issue 19, decision 38) on `@better-auth/scim`: its protocol endpoints at
 * /api/auth/scim/v2/*, with Gatehouse's catalog of connections (features/scim/connections.ts) as the bearer
 * token verifier — a connection's provisioning domain is its organization — its identity resolution
 * (identity.ts) and its projection onto memberships and teams (projection.ts).
 */
export function scimPlugin(db: Db) {
  const plugin = scim({
    connections: [],
    authentication: {
      async verifyBearerToken({ token }) {
        const connection = await connectionOfToken(db, token);
        if (!connection) return null;
        const now = Date.now();
        if (!connection.lastUsedAt || now - Date.parse(connection.lastUsedAt) > LAST_USED_EVERY_MS) {
          await db
            .updateTable("scim_connection")
            .set({ lastUsedAt: new Date(now).toISOString() })
            .where("id", "=", connection.id)
            .execute();
        }
        return {
          connection: { id: connection.id, provisioningDomainId: connection.organizationId },
          credentialId: `${connection.id}:token`,
          scopes: ALL_SCOPES,
        };
      },
    },
    identity: {
      resolveUser: (input) => resolveScimUser(db, input),
    },
    projection: scimProjection(db),
    // Entra ID still sends the classic Group schema marker on POST /Groups.
    compatibility: { microsoftEntra: { acceptLegacyGroupSchema: true } },
  });
  // A group created without members, or renamed, touches no user: its team follows after the request.
  const groupTeams = {
    matcher: (ctx: { path?: string; method?: string; request?: Request }) =>
      ctx.path?.startsWith("/scim/v2/Groups") === true && (ctx.request?.method ?? ctx.method) !== "GET",
    handler: createAuthMiddleware(async (ctx) => {
      const returned = ctx.context.returned;
      if (returned instanceof Error) return;
      const token = ctx.headers?.get("authorization")?.match(/^Bearer\s+(.+)$/i)?.[1];
      const connection = connectionOfRequest() ?? (token ? await connectionOfToken(db, token) : undefined);
      if (!connection) return;
      await db.transaction().execute((trx) =>
        syncGroupTeams(trx, connection, {
          actor: { userId: null, connectionId: connection.id },
          ip: null,
          userAgent: ctx.headers?.get("user-agent") ?? null,
        }),
      );
    }),
  };
  return {
    ...plugin,
    init(ctx: Parameters<typeof plugin.init>[0]) {
      plugin.init(ctx);
      return {
        options: {
          databaseHooks: {
            user: {
              create: {
                // The directory vouches for the address of an account it creates: verified as it is written,
                // where the projection would otherwise spend a statement of every created person on it.
                async before(user: Record<string, unknown>, endpoint: { path?: string } | null | undefined) {
                  if (!endpoint?.path?.startsWith("/scim/v2/")) return;
                  // The projection of this request takes the account from here instead of reading it back.
                  rememberCreatedAccount({ email: String(user.email) });
                  return { data: { ...user, emailVerified: true } };
                },
              },
            },
          },
        },
      };
    },
    hooks: { ...plugin.hooks, after: [...(plugin.hooks?.after ?? []), groupTeams] },
  };
}
