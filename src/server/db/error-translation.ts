import type { DatabaseConnection, Dialect, Driver } from "kysely";

/** Maps an error a query threw to the one its caller should see (or returns it unchanged). */
export type ErrorTranslation = (error: unknown) => unknown;

function patchConnection(
  connection: DatabaseConnection,
  translate: ErrorTranslation,
  patched: WeakSet<DatabaseConnection>,
): DatabaseConnection {
  if (patched.has(connection)) return connection;
  const execute = connection.executeQuery.bind(connection);
  // Patched in place: drivers keep private state on their own connection objects.
  connection.executeQuery = async (query) => {
    try {
      return await execute(query);
    } catch (error) {
      throw translate(error);
    }
  };
  patched.add(connection);
  return connection;
}

/**
 * Wraps a Kysely dialect so that every query's errors pass through `translate`; a feature turns the
 * constraints the database enforces into the API errors a client expects.
 */
export function withErrorTranslation(dialect: Dialect, translate: ErrorTranslation): Dialect {
  const patched = new WeakSet<DatabaseConnection>();
  return {
    createAdapter: () => dialect.createAdapter(),
    createQueryCompiler: () => dialect.createQueryCompiler(),
    createIntrospector: (db) => dialect.createIntrospector(db),
    createDriver(): Driver {
      const driver = dialect.createDriver();
      // Every method is bound to the real driver: drivers keep their state in private fields.
      return {
        init: () => driver.init(),
        acquireConnection: async () => patchConnection(await driver.acquireConnection(), translate, patched),
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
