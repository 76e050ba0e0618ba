import type { SsoPluginHooks } from "#server/auth/sso.ts";
import type { Logger } from "#server/boot/logger.ts";
import type { Db } from "#server/db/tables.ts";
import { recordEvent } from "#server/events/record.ts";
import { syncMembership } from "#server/features/provisioning/membership.ts";
import type { GroupMapping } from "#shared/contracts/sso.ts";
import { type ConnectionRow, findConnection, groupMappingsOf, verifiedDomain } from "./connections.ts";
import type { SsoTests } from "./tests.ts";

/** The refusals of an SSO sign-in, as codes on the web's error screen (contracts/sso.ts SSO_ERROR_CODES). */
export const SIGN_IN_REFUSALS = {
  outsideDomain: {
    code: "SSO_EMAIL_OUTSIDE_DOMAIN",
    message: "The identity provider answered with an address outside this connection's domain",
  },
  notVerified: {
    code: "SSO_DOMAIN_NOT_VERIFIED",
    message: "This organization no longer has the domain verified: single sign-on is off for it",
  },
} as const;

/** The groups a person is in, from the attribute / claim the connection names (a list or one value). */
export function groupsFrom(value: unknown): string[] {
  if (Array.isArray(value)) return value.filter((v): v is string => typeof v === "string");
  if (typeof value === "string" && value) return [value];
  return [];
}

/** What a person at the IdP gets in the organization: roles from their groups, else the default; teams. */
export function grantsFor(
  mappings: readonly GroupMapping[],
  groups: readonly string[],
): { roles: string[]; teamIds: string[]; managedTeamIds: string[] } {
  const member = new Set(groups);
  const matched = mappings.filter((m) => member.has(m.group));
  const unique = (values: (string | null)[]) => [...new Set(values.filter((v): v is string => v !== null))];
  return {
    roles: unique(matched.map((m) => m.role)),
    teamIds: unique(matched.map((m) => m.teamId)),
    managedTeamIds: unique(mappings.map((m) => m.teamId)),
  };
}

const reject = (refusal: { code: string; message: string }) => ({ action: "reject" as const, ...refusal });

/**
 * better-auth's `resolveUser` and `provisionUser` for Gatehouse (decision 37). resolveUser runs inside the
 * sign-in's transaction: reads of Gatehouse's own tables go through `db` (committed state; SQLite's reader
 * connection, never the writer the transaction holds), better-auth's models through its transaction adapter.
 */
export function ssoSignIn({
  db,
  logger,
  tests,
}: {
  db: Db;
  logger: Logger;
  tests: SsoTests;
}): SsoPluginHooks {
  return {
    async resolveUser(input, { database }) {
      const row = await findConnection(db, input.providerId);
      const email = input.providerUser.email.toLowerCase();
      if (!row?.organizationId) return reject(SIGN_IN_REFUSALS.notVerified);
      if (email.slice(email.lastIndexOf("@") + 1) !== row.domain.toLowerCase())
        return reject(SIGN_IN_REFUSALS.outsideDomain);
      if (!(await verifiedDomain(db, row.organizationId, row.domain)))
        return reject(SIGN_IN_REFUSALS.notVerified);
      // A test sign-in of the owner's: what came back is recorded, nobody is signed in.
      const attributes = input.protocol === "saml" ? input.providerAttributes : input.providerClaims;
      const test = await tests.answer(row, input.providerUser, attributes);
      if (test) return reject(test);
      const existing = await database.findOne<{ id: string; emailVerified: boolean | number }>({
        model: "user",
        where: [{ field: "email", value: email }],
      });
      if (!existing) return { action: "continue" };
      // The IdP proved control of an address at the organization's verified domain: the account is theirs. One
      // whose address was never verified may have been made by someone else beforehand: its password goes, and
      // the address is verified (both in this sign-in's transaction).
      if (!(existing.emailVerified === true || existing.emailVerified === 1)) {
        await database.deleteMany({
          model: "account",
          where: [
            { field: "userId", value: existing.id },
            { field: "providerId", value: "credential" },
          ],
        });
        await database.update({
          model: "user",
          where: [{ field: "id", value: existing.id }],
          update: { emailVerified: true },
        });
      }
      return { action: "link", userId: existing.id, profile: "preserve" };
    },

    async provisionUser({ user, userInfo, provider }) {
      const row = await findConnection(db, provider.providerId);
      if (!row?.organizationId) return;
      await provision(db, logger, row, user, groupsFrom(userInfo.groups));
    },
  };
}

/**
 * Just-in-time membership: added with the default role (or the groups' roles), re-roled and put in the mapped
 * teams at every sign-in. A refusal (the membership limit) is recorded and logged; the person stays signed in.
 */
async function provision(
  db: Db,
  logger: Logger,
  row: ConnectionRow,
  user: { id: string; email: string },
  groups: string[],
) {
  const userId = user.id;
  const organizationId = row.organizationId as string;
  const grants = grantsFor(groupMappingsOf(row), groups);
  const source = { via: "sso" as const, connectionId: row.providerId, userId };
  try {
    await db
      .transaction()
      .execute((trx) =>
        syncMembership(
          trx,
          { organizationId, userId, email: user.email, defaultRole: row.defaultRole ?? "member", ...grants },
          source,
        ),
      );
  } catch (error) {
    const code = (error as { body?: { code?: string } }).body?.code ?? "MEMBERSHIP_REFUSED";
    logger.warn({ err: (error as Error).message, organizationId, userId }, "sso membership refused");
    await recordEvent(db, {
      action: "member.added",
      outcome: "refused",
      errorCode: code,
      actor: { userId, connectionId: row.providerId },
      organizationId,
      details: { userId, via: "sso", connectionId: row.providerId },
    }).catch((err: unknown) => logger.error({ err: (err as Error).message }, "audit event not recorded"));
  }
}
