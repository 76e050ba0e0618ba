import { APIError } from "better-auth/api";
import type { DatabaseConnection, Dialect, Driver } from "kysely";
import { ORGANIZATION_MESSAGES } from "#server/features/organizations/messages.ts";

/** Messages our triggers raise (see constraints.ts); the database, not the code path, enforces them. */
export const TRIGGER_MESSAGES = {
  membershipLimit: "GATEHOUSE_MEMBERSHIP_LIMIT",
  lastOwner: "GATEHOUSE_LAST_OWNER",
} as const;

export const MEMBER_UNIQUE_INDEX = "member_organization_user_unique";

interface DbError {
  code?: string;
  message?: string;
  constraint?: string;
}

/**
 * Turns a constraint the database refused into the API error a client expects,
 * so a race lost at the database answers like the same request refused earlier by a check.
 */
export function translateConstraintError(error: unknown): unknown {
  if (!error || typeof error !== "object") return error;
  const { code = "", message = "", constraint = "" } = error as DbError;
  if (message.includes(TRIGGER_MESSAGES.membershipLimit)) {
    return APIError.from("FORBIDDEN", ORGANIZATION_MESSAGES.membershipLimitReached);
  }
  if (message.includes(TRIGGER_MESSAGES.lastOwner)) {
    return APIError.from("BAD_REQUEST", ORGANIZATION_MESSAGES.onlyOwner);
  }
  const unique = code === "23505" || code === "SQLITE_CONSTRAINT_UNIQUE";
  if (unique && (constraint === "organization_slug_key" || message.includes("organization.slug"))) {
    return APIError.from("BAD_REQUEST", ORGANIZATION_MESSAGES.organizationExists);
  }
  if (
    unique &&
    (constraint === MEMBER_UNIQUE_INDEX || message.includes("member.organizationId, member.userId"))
  ) {
    return APIError.from("BAD_REQUEST", ORGANIZATION_MESSAGES.alreadyMember);
  }
  return error;
}

const patched = new WeakSet<DatabaseConnection>();

function patchConnection(connection: DatabaseConnection): DatabaseConnection {
  if (patched.has(connection)) return connection;
  const execute = connection.executeQuery.bind(connection);
  // Patched in place: drivers keep private state on their own connection objects.
  connection.executeQuery = async (query) => {
    try {
      return await execute(query);
    } catch (error) {
      throw translateConstraintError(error);
    }
  };
  patched.add(connection);
  return connection;
}

/** Wraps a Kysely dialect so every query's constraint failures become API errors. */
export function withConstraintErrors(dialect: Dialect): Dialect {
  return {
    createAdapter: () => dialect.createAdapter(),
    createQueryCompiler: () => dialect.createQueryCompiler(),
    createIntrospector: (db) => dialect.createIntrospector(db),
    createDriver(): Driver {
      const driver = dialect.createDriver();
      // Every method is bound to the real driver: drivers keep their state in private fields.
      return {
        init: () => driver.init(),
        acquireConnection: async () => patchConnection(await driver.acquireConnection()),
        beginTransaction: (connection, settings) => driver.beginTransaction(connection, settings),
        commitTransaction: (connection) => driver.commitTransaction(connection),
        rollbackTransaction: (connection) => driver.rollbackTransaction(connection),
        savepoint: driver.savepoint?.bind(driver),
        rollbackToSavepoint: driver.rollbackToSavepoint?.bind(driver),
        releaseSavepoint: driver.releaseSavepoint?.bind(driver),
        releaseConnection: (connection) => driver.releaseConnection(connection),
        destroy: () => driver.destroy(),
      };
    },
  };
}
