import { buildAuthOptions, createAuth } from "#server/auth.ts";
import { createApp } from "#server/app.ts";
import type { Config } from "#server/config.ts";
import { openDatabase } from "#server/db.ts";
import type { Logger } from "#server/logger.ts";
import { createMailer } from "#server/mail/mailer.ts";
import { migrate } from "#server/migrate.ts";

/** Wires config → database → mail → auth → HTTP app, migrated and ready to serve. */
export async function buildServer(config: Config, logger: Logger) {
  const database = openDatabase(config, logger);
  try {
    const mailer = createMailer(config, database.db, logger);
    const deps = { config, db: database.db, dbKind: database.kind, mailer, logger };
    await migrate(buildAuthOptions(deps), database);
    const auth = createAuth(deps);
    const app = createApp({ config, auth, database, logger });
    return {
      app,
      auth,
      database,
      mailer,
      async close() {
        mailer.close();
        await database.close();
      },
    };
  } catch (err) {
    await database.close().catch(() => {});
    throw err;
  }
}

export type GatehouseServer = Awaited<ReturnType<typeof buildServer>>;
