import { Hono } from "hono";
import { APP_NAME, type Auth } from "#server/auth/auth.ts";
import type { USER_FIELDS } from "#server/auth/user-locale.ts";
import type { Config } from "#server/boot/config.ts";
import type { Logger } from "#server/boot/logger.ts";
import { authQueryDocs, productRouteDocs } from "#server/boot/product-api-doc.ts";
import type { AppDatabase } from "#server/db/db.ts";
import { limitCounters } from "#server/db/limit-counters.ts";
import { PICTURES_MOUNT, pictureRoutes } from "#server/features/accounts/pictures.ts";
import type { accountsPlugin } from "#server/features/accounts/plugin.ts";
import type { twoFactorAccountPlugin } from "#server/features/accounts/two-factor.ts";
import { adminRoutes } from "#server/features/admin/routes.ts";
import { adminAreaTwoFactorGate } from "#server/features/admin/two-factor-guard.ts";
import { applicationsRoutes, connectedAppsRoutes } from "#server/features/applications/routes.ts";
import { auditRoutes } from "#server/features/audit/routes.ts";
import { configRoutes } from "#server/features/config/routes.ts";
import { healthRoutes } from "#server/features/health/routes.ts";
import { bulkInviteRoutes } from "#server/features/organizations/bulk-invites-routes.ts";
import { txtLookup } from "#server/features/organizations/domains-dns.ts";
import { domainRoutes } from "#server/features/organizations/domains-routes.ts";
import type { inviteLinksPlugin } from "#server/features/organizations/invite-links-plugin.ts";
import type { gatehouseOrganizations } from "#server/features/organizations/plugin.ts";
import { outboxRoutes } from "#server/features/outbox/routes.ts";
import { referenceRoutes } from "#server/features/reference/routes.ts";
import { scimRoutes } from "#server/features/scim/routes.ts";
import { ssoRoutes } from "#server/features/sso/routes.ts";
import { ssoTests } from "#server/features/sso/tests.ts";
import { webhookRoutes } from "#server/features/webhooks/routes.ts";
import type { Mailer } from "#server/mail/mailer.ts";

export interface ProductApiDeps {
  config: Config;
  auth: Auth;
  database: AppDatabase;
  mailer: Mailer;
  logger: Logger;
  /** Resolves when every backing service answers (database, Redis). */
  ready: () => Promise<void>;
  /** Wakes the webhook delivery worker (a test event or a resend was queued). */
  wakeWebhooks: () => void;
}

/**
 * The product's own routes, mounted under /api by createApp (http/app.ts). Chained, so that its type
 * carries every route: the web app calls it with `hc<ProductApi>("/api")` from hono/client.
 */
export function productApi({ config, auth, database, mailer, logger, ready, wakeWebhooks }: ProductApiDeps) {
  // Without the outbox the path is simply absent (the /api 404); the type keeps it for the client.
  const outbox = config.outboxEnabled
    ? outboxRoutes(database.db, { auth, adminsOnly: config.isProduction })
    : (new Hono() as ReturnType<typeof outboxRoutes>);
  return (
    new Hono()
      .route("/config", configRoutes(config))
      // REQUIRE_2FA_FOR_ADMINS: every admin route, users and applications alike.
      .use("/admin/*", adminAreaTwoFactorGate(auth, database.db, config.requireTwoFactorForAdmins))
      .route(
        "/admin",
        adminRoutes({
          auth,
          db: database.db,
          mailer,
          logger,
          appName: APP_NAME,
          baseURL: config.baseURL,
          trustedOrigins: config.trustedOrigins,
          trustProxy: config.trustProxy,
        }),
      )
      .route("/admin/applications", applicationsRoutes(auth, database.db))
      .route("/account/connected-apps", connectedAppsRoutes(auth, database.db))
      // Uploaded pictures at the URL the `picture` claim names (auth/published-picture.ts).
      .route(PICTURES_MOUNT, pictureRoutes(database.db))
      .route(
        "/webhooks",
        webhookRoutes({
          auth,
          db: database.db,
          appSecret: config.secret,
          policy: config.webhooks,
          trustedOrigins: config.trustedOrigins,
          wake: wakeWebhooks,
          requireTwoFactorForAdmins: config.requireTwoFactorForAdmins,
        }),
      )
      .route("/", auditRoutes(auth, database.db, config.requireTwoFactorForAdmins))
      // Bulk invitations and the member and invitation exports (issue 18, decision 34).
      .route(
        "/organizations",
        bulkInviteRoutes({
          auth,
          db: database.db,
          membershipLimit: config.membershipLimit,
          trustedOrigins: config.trustedOrigins,
        }),
      )
      // Verified domains and join requests (issue 18).
      .route(
        "/",
        domainRoutes({
          auth,
          db: database.db,
          mailer,
          appName: APP_NAME,
          baseURL: config.baseURL,
          trustedOrigins: config.trustedOrigins,
          lookup: txtLookup(config.dnsServers),
          limits: limitCounters(database.db),
        }),
      )
      // Single sign-on connections (issue 19).
      .route(
        "/",
        ssoRoutes({
          auth,
          db: database.db,
          baseURL: config.baseURL,
          trustedOrigins: config.trustedOrigins,
          fetchPolicy: config.webhooks,
          tests: ssoTests(database.db),
        }),
      )
      // SCIM connections (issue 19, decision 38); the protocol itself is better-auth's, under /api/auth.
      .route(
        "/",
        scimRoutes({ auth, db: database.db, baseURL: config.baseURL, trustedOrigins: config.trustedOrigins }),
      )
      .route("/", healthRoutes(ready))
      .route("/dev/outbox", outbox)
      .route(
        "/",
        referenceRoutes({
          auth,
          baseURL: config.baseURL,
          https: config.https,
          productRoutes: productRouteDocs(config),
          authQueries: authQueryDocs(),
        }),
      )
  );
}

export type ProductApi = ReturnType<typeof productApi>;

/**
 * Gatehouse's own better-auth endpoints (the accounts and organizations plugins), as a plugin type: the web
 * app's client plugin infers their client methods from it (`$InferServerPlugin`, src/web/lib/auth-client.ts).
 */
export interface AuthAdditions {
  id: "gatehouse";
  endpoints: ReturnType<typeof accountsPlugin>["endpoints"] &
    ReturnType<typeof gatehouseOrganizations>["endpoints"] &
    ReturnType<typeof twoFactorAccountPlugin>["endpoints"] &
    // Invite links (issue 18).
    ReturnType<typeof inviteLinksPlugin>["endpoints"];
  /** The user's own fields (`locale`): the client types `session.user.locale` and `updateUser({ locale })`. */
  schema: { user: { fields: typeof USER_FIELDS } };
}
