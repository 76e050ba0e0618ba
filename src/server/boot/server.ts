import { getRequestListener } from "@hono/node-server";
import { APP_NAME, buildAuthOptions, createAuth } from "#server/auth/auth.ts";
import { ORGANIZATIONS_SCOPE } from "#server/auth/identity-claims.ts";
import { introspectionClientLimit } from "#server/auth/identity-guards.ts";
import { createPasswordHasher } from "#server/auth/password-hashing.ts";
import { authFeatures } from "#server/boot/auth-features.ts";
import type { Config } from "#server/boot/config.ts";
import type { Logger } from "#server/boot/logger.ts";
import { migrate } from "#server/boot/migrate.ts";
import { productApi } from "#server/boot/product-api.ts";
import { cacheGeneration } from "#server/db/cache-generation.ts";
import { openDatabase } from "#server/db/db.ts";
import { limitCounters } from "#server/db/limit-counters.ts";
import { createRedisStorage } from "#server/db/redis.ts";
import { LAST_ACTIVE_RESOLUTION_MS } from "#server/features/accounts/last-active.ts";
import { promoteConfiguredAdmins } from "#server/features/admin/admin-emails.ts";
import { createAuditRetention } from "#server/features/audit/retention.ts";
import { translateConstraintError } from "#server/features/organizations/constraint-errors.ts";
import { organizationListAnswers } from "#server/features/organizations/list-answers.ts";
import { mailEndpointOwners } from "#server/features/webhooks/notify.ts";
import { createWebhookWorker } from "#server/features/webhooks/worker.ts";
import { createApp } from "#server/http/app.ts";
import { createHotRoutes, withHotPaths } from "#server/http/hot-paths.ts";
import { createFastIntrospection } from "#server/http/introspection-fast-path.ts";
import { createFastJwks } from "#server/http/jwks-fast-path.ts";
import { createScreenHints } from "#server/http/screen-hints.ts";
import { createFastSession } from "#server/http/session-fast-path.ts";
import { ServiceDownError } from "#server/http/unavailable.ts";
import { createMailer } from "#server/mail/mailer.ts";

/** Wires config → database → mail → auth → HTTP app, migrated and ready to serve. */
export async function buildServer(config: Config, logger: Logger) {
  const database = await openDatabase(config, logger, translateConstraintError);
  const passwords = createPasswordHasher();
  const redis = config.redisURL
    ? await createRedisStorage(config.redisURL, config.redisKeyPrefix, logger, cacheGeneration(database.db))
    : undefined;
  try {
    const mailer = createMailer(config, database, logger);
    const deps = {
      passwords,
      config,
      db: database.db,
      dbKind: database.kind,
      mailer,
      logger,
      secondaryStorage: redis?.storage,
      features: authFeatures({
        config,
        db: database.db,
        mailer,
        logger,
        secondaryStorage: redis?.storage,
      }),
    };
    await migrate(buildAuthOptions(deps), database, logger);
    await promoteConfiguredAdmins(database.db, config.adminEmails);
    mailer.start();
    const webhooks = createWebhookWorker({
      database,
      logger,
      appSecret: config.secret,
      policy: config.webhooks,
      retryScale: config.webhooks.retryScale,
      attemptTimeoutMs: config.webhooks.attemptTimeoutMs,
      onDisabled: (endpointId) => mailEndpointOwners(database.db, mailer, APP_NAME, endpointId),
    });
    if (config.webhooks.delivery) await webhooks.start();
    await redis?.start();
    const auth = createAuth(deps);
    const ready = async () => {
      await database.ping().catch(() => {
        throw new ServiceDownError("database");
      });
      await redis?.ping().catch(() => {
        throw new ServiceDownError("redis");
      });
    };
    const fastSession = await createFastSession(auth, database, {
      lastActiveResolutionMs: LAST_ACTIVE_RESOLUTION_MS,
    });
    const organizationList = organizationListAnswers(database);
    const app = createApp({
      config,
      auth,
      logger,
      api: productApi({ config, auth, database, mailer, logger, ready, wakeWebhooks: webhooks.wake }),
      screenHints:
        fastSession &&
        createScreenHints({
          staticDir: config.staticDir,
          fastSession,
          organizationList,
          locales: config.locales,
          defaultLocale: config.defaultLocale,
        }),
    });
    const hotRoutes = createHotRoutes({
      fastSession,
      fastIntrospection: await createFastIntrospection(auth, database, {
        trustProxy: config.trustProxy,
        admit: introspectionClientLimit(
          config.oidc,
          config.isProduction ? limitCounters(database.db, redis?.storage) : undefined,
        ),
        // The organizations claims of an opaque token are added by an after-hook (identity-claims.ts).
        fullPathScopes: [ORGANIZATIONS_SCOPE],
      }),
      organizationList,
      fastJwks: await createFastJwks(auth, database),
    });
    // Last: nothing after it can fail and leave its timer behind.
    const auditRetention = createAuditRetention(database.db, { days: config.auditRetentionDays, logger });
    auditRetention.start();
    return {
      app,
      /** Node's request listener: the hot paths, then the Hono app. */
      listener: withHotPaths(hotRoutes, getRequestListener(app.fetch, { hostname: config.host }), {
        https: config.https,
        logger,
      }),
      auth,
      database,
      mailer,
      webhooks,
      auditRetention,
      async close() {
        await webhooks.stop();
        await auditRetention.stop();
        await mailer.close();
        await passwords.close();
        await redis?.close();
        await database.close();
      },
    };
  } catch (err) {
    await redis?.close();
    await passwords.close();
    await database.close().catch(() => {});
    throw err;
  }
}

export type GatehouseServer = Awaited<ReturnType<typeof buildServer>>;
