import { queueAfterTransactionHook, tryGetCurrentAuthEndpointContext } from "@better-auth/core/context";
import { sql } from "kysely";
import type { EventSource } from "#server/auth/event-source.ts";
import type { Db } from "#server/db/tables.ts";
import { currentTransaction } from "#server/db/transaction-scope.ts";
import { recordEvent } from "#server/events/record.ts";
import {
  type ProvisioningSource,
  removeMembership,
  syncMembership,
} from "#server/features/provisioning/membership.ts";
import { ORGANIZATION_ROLE_NAMES } from "#shared/permissions.ts";
import { parseGroupMappings } from "./connections.ts";
import { groupsOf, syncGroupTeams } from "./group-teams.ts";
import { accountCreatedByRequest, connectionOfRequest } from "./request-connection.ts";
import { endOrganizationSessions } from "./sessions.ts";

/**
 * How `@better-auth/scim`'s resources become Gatehouse access (decision 38). The package calls `reconcileUser`
 * inside its transaction with the person's complete state in one organization (the provisioning domain is
 * the organization id): active → a membership (through syncMembership, with the connection's default role or
 * the roles its group mappings grant, and the teams of their groups); inactive or deleted → no membership
 * (removeMembership) and their sessions for the organization ended once the transaction commits.
 */

interface ProjectedUser {
  provisioningDomainId: string;
  userId: string;
  active: boolean;
  sources: readonly { id: string; connectionId: string; provisioningDomainId: string; active: boolean }[];
  grants: readonly { role: string }[];
}

function transaction(): Db {
  const trx = currentTransaction();
  // better-auth opens the SCIM package's transactions through the tracked Kysely (auth.ts): always set.
  if (!trx) throw new Error("SCIM projection ran outside a database transaction");
  return trx;
}

/** The request being served: which SCIM operation (the audit event depends on it) and the auth context. */
function request() {
  const endpoint = tryGetCurrentAuthEndpointContext();
  const method = (
    endpoint?.request?.method ??
    (endpoint as { method?: string } | undefined)?.method ??
    ""
  ).toUpperCase();
  const path = endpoint?.path ?? "";
  const headers = endpoint?.headers ?? endpoint?.request?.headers;
  const scim = (endpoint?.context as { scimConnection?: { id: string } } | undefined)?.scimConnection;
  const externalId = (endpoint?.body as { externalId?: unknown } | undefined)?.externalId;
  return {
    connectionId: scim?.id,
    /** The externalId the request's body carried, as the package stores it on the SCIM record. */
    externalId: typeof externalId === "string" ? externalId : null,
    onUsers: path.startsWith("/scim/v2/Users"),
    method,
    auth: endpoint?.context,
    userAgent: headers?.get("user-agent") ?? null,
  };
}

async function connectionFor(trx: Db, input: ProjectedUser, requestConnection: string | undefined) {
  // The connection serving the request (its row as the token check read it); else the one that pushed this
  // person here (with several, the first by id); else (a deleted person has no source left) the
  // organization's first.
  const authenticated = connectionOfRequest();
  if (
    authenticated &&
    authenticated.id === requestConnection &&
    authenticated.organizationId === input.provisioningDomainId
  )
    return authenticated;
  const sources = input.sources.filter((s) => s.provisioningDomainId === input.provisioningDomainId);
  const ids = requestConnection ? [requestConnection] : sources.map((s) => s.connectionId);
  let query = trx
    .selectFrom("scim_connection")
    .selectAll()
    .where("organizationId", "=", input.provisioningDomainId);
  if (ids.length) query = query.where("id", "in", ids);
  return query.orderBy("id").executeTakeFirst();
}

/**
 * The roles the directory decides: with role mappings on the connection, the groups' roles, or its default
 * role when no group grants one (leaving the group takes the role away); without any, nothing (an owner's
 * change of the role stays).
 */
function rolesOf(
  grants: readonly { role: string }[],
  connection: { defaultRole: string; groupMappings: string },
) {
  if (!parseGroupMappings(connection.groupMappings).some((m) => m.role)) return [];
  return grants.length ? [...new Set(grants.map((g) => g.role))] : [connection.defaultRole];
}

export function scimProjection(db: Db) {
  return {
    roles: {
      /** A group's roles: those the connection's group mappings name for it (by display name or externalId). */
      async map(input: { connectionId: string; source: { displayName: string; externalId?: string } }) {
        const row = await (currentTransaction() ?? db)
          .selectFrom("scim_connection")
          .select("groupMappings")
          .where("id", "=", input.connectionId)
          .executeTakeFirst();
        if (!row) return undefined;
        const names = [input.source.displayName, input.source.externalId]
          .filter(Boolean)
          .map((n) => n?.toLowerCase());
        return parseGroupMappings(row.groupMappings)
          .filter((m) => m.role && names.includes(m.group.toLowerCase()))
          .map((m) => m.role as string);
      },
      /** Built-in roles below owner, or the organization's custom roles. */
      async exists(input: { provisioningDomainId: string; role: string }) {
        if (input.role === "owner") return false;
        if ((ORGANIZATION_ROLE_NAMES as string[]).includes(input.role)) return true;
        const custom = await (currentTransaction() ?? db)
          .selectFrom("organizationRole")
          .select("id")
          .where("organizationId", "=", input.provisioningDomainId)
          .where("role", "=", input.role)
          .executeTakeFirst();
        return Boolean(custom);
      },
    },
    async reconcileUser(input: ProjectedUser) {
      const trx = transaction();
      const req = request();
      const connection = await connectionFor(trx, input, req.connectionId);
      if (!connection) return;
      const source: ProvisioningSource = {
        via: "scim",
        connectionId: connection.id,
        userId: null,
        userAgent: req.userAgent,
      };
      const events: EventSource = {
        actor: { userId: null, connectionId: connection.id },
        ip: null,
        userAgent: req.userAgent,
      };
      const organizationId = connection.organizationId;
      // An account this request created (POST /Users) is known without a read: its address as written,
      // verified (plugin.ts), its one SCIM record the request's own (the package's sources) with the
      // externalId the request carried. Any other person, and their SCIM record with this connection, in one
      // read.
      const createdAccount = req.onUsers && req.method === "POST" ? accountCreatedByRequest() : undefined;
      const user = createdAccount
        ? {
            email: createdAccount.email,
            emailVerified: true,
            scimUserId: input.sources.find((s) => s.connectionId === connection.id)?.id ?? null,
            externalId: req.externalId,
          }
        : await trx
            .selectFrom("user")
            .leftJoin("scimUser", (join) =>
              join.onRef("scimUser.userId", "=", "user.id").on("scimUser.connectionId", "=", connection.id),
            )
            .select(["user.email", "user.emailVerified", "scimUser.id as scimUserId", "scimUser.externalId"])
            .where("user.id", "=", input.userId)
            .executeTakeFirst();
      const target = { type: "user" as const, id: input.userId, label: user?.email ?? null };
      if (input.active) {
        // A person the directory creates belongs to no group yet: their teams come with the group requests
        // (which reconcile their members); this spares each person of a big sync three reads.
        const created = req.onUsers && req.method === "POST";
        const teamByGroup = created
          ? new Map<string, string>()
          : await syncGroupTeams(trx, connection, events);
        const teamIds = created
          ? []
          : (await groupsOf(trx, connection.id, input.userId)).flatMap((g) => teamByGroup.get(g) ?? []);
        // The directory vouches for the address: an account it created was verified as it was written
        // (plugin.ts), a linked one is here. SQL's TRUE is a boolean on PostgreSQL and 1 on SQLite, as each
        // stores better-auth's booleans.
        if (user && !user.emailVerified) {
          await trx
            .updateTable("user")
            .set({ emailVerified: sql<boolean>`true` })
            .where("id", "=", input.userId)
            .execute();
        }
        const outcome = await syncMembership(
          trx,
          {
            organizationId,
            userId: input.userId,
            email: user?.email ?? null,
            roles: rolesOf(input.grants, connection),
            defaultRole: connection.defaultRole,
            managedTeamIds: [...teamByGroup.values()],
            teamIds,
            newAccount: createdAccount !== undefined,
          },
          source,
        );
        if (req.onUsers && req.method !== "GET") {
          await recordEvent(trx, {
            ...events,
            action: "user.provisioned",
            target,
            organizationId,
            details: {
              externalId: user?.externalId ?? null,
              created: req.method === "POST",
              member: outcome.added,
            },
            data: { id: user?.scimUserId ?? null, userId: input.userId, email: user?.email ?? null },
          });
        }
        return;
      }
      const removed = await removeMembership(
        trx,
        { organizationId, userId: input.userId, email: user?.email ?? null },
        source,
      );
      if (removed === "not_member" && !req.onUsers) return;
      await recordEvent(trx, {
        ...events,
        action: "user.deprovisioned",
        target,
        organizationId,
        details: {
          externalId: user?.externalId ?? null,
          deleted: req.method === "DELETE",
          membership: removed,
        },
      });
      const auth = req.auth;
      if (auth && removed !== "owner_kept") {
        await queueAfterTransactionHook(() =>
          endOrganizationSessions(db, auth, input.userId, organizationId),
        );
      }
    },
  };
}
