import type { Context } from "hono";
import { Hono } from "hono";
import { sql } from "kysely";
import type { Auth } from "#server/auth/auth.ts";
import { strongSignInStatus } from "#server/auth/two-factor-compliance.ts";
import type { Logger } from "#server/boot/logger.ts";
import { isoDate } from "#server/db/dates.ts";
import type { Db } from "#server/db/tables.ts";
import { recordEvent } from "#server/events/record.ts";
import { clientIp } from "#server/http/client-ip.ts";
import { mailLocale } from "#server/mail/i18n.ts";
import type { Mailer } from "#server/mail/mailer.ts";
import { twoFactorResetMail } from "#server/mail/templates.ts";
import {
  type AdminOverviewAnswer,
  type AdminResetTwoFactorAnswer,
  adminOverviewParams,
} from "#shared/contracts/admin-overview.ts";
import { ENROL_PATH } from "#shared/error-codes.ts";
import { hasRole, parseRoles } from "#shared/roles.ts";

export interface AdminRouteDeps {
  auth: Auth;
  db: Db;
  mailer: Mailer;
  logger: Logger;
  appName: string;
  baseURL: string;
  /** The origins a browser's change may come from (the app's own and TRUSTED_ORIGINS). */
  trustedOrigins: readonly string[];
  /** TRUST_PROXY: the client IP recorded in the audit log is the proxy's last hop. */
  trustProxy: boolean;
}

/** better-auth's trusted-device records (its twoFactor plugin): verification values named by this prefix. */
const TRUSTED_DEVICE_PREFIX = "trust-device-";
/** The accounts feature's list of a user's trusted devices (one row per device, pointing at such a value). */
const TRUSTED_DEVICE_LIST = "trustedDevice";

/**
 * The product's admin routes: what the admin plugin does not expose about one user, and the reset of their
 * two-factor. Admins only: 401 signed out, 403 otherwise (REQUIRE_2FA_FOR_ADMINS is enforced in front of
 * every /api/admin route: two-factor-guard.ts).
 */
export function adminRoutes({
  auth,
  db,
  mailer,
  logger,
  appName,
  baseURL,
  trustedOrigins,
  trustProxy,
}: AdminRouteDeps) {
  /** The signed-in admin, or the refusal to send. */
  async function admin(c: Context) {
    const session = await auth.api.getSession({ headers: c.req.raw.headers });
    if (!session) return { refusal: c.json({ code: "UNAUTHORIZED", message: "Sign in first" }, 401) };
    if (!hasRole((session.user as { role?: string | null }).role, "admin"))
      return { refusal: c.json({ code: "FORBIDDEN", message: "Admins only" }, 403) };
    return { session };
  }

  async function findUser(id: string) {
    return db
      .selectFrom("user")
      .select(["id", "name", "email", "locale"])
      .where("id", "=", id)
      .executeTakeFirst();
  }
  const notFound = (c: Context) => c.json({ code: "USER_NOT_FOUND", message: "User not found" }, 404);

  return new Hono()
    .get("/users/:id/overview", async (c) => {
      const { refusal } = await admin(c);
      if (refusal) return refusal;
      const { id: userId } = adminOverviewParams.parse(c.req.param());
      if (!(await findUser(userId))) return notFound(c);
      const accounts = await db
        .selectFrom("account")
        .select(["id", "providerId", "accountId", "createdAt"])
        .where("userId", "=", userId)
        .orderBy("createdAt")
        .execute();
      const organizations = await db
        .selectFrom("member")
        .innerJoin("organization", "organization.id", "member.organizationId")
        .select([
          "organization.id",
          "organization.name",
          "organization.slug",
          "member.role",
          "member.createdAt",
        ])
        .where("member.userId", "=", userId)
        .orderBy("organization.name")
        .execute();
      const strong = await strongSignInStatus(db, userId);
      const answer: AdminOverviewAnswer = {
        accounts: accounts.map((a) => ({ ...a, createdAt: isoDate(a.createdAt) })),
        organizations: organizations.map((o) => ({
          ...o,
          roles: parseRoles(o.role),
          createdAt: isoDate(o.createdAt),
        })),
        twoFactor: {
          enabled: strong.twoFactorEnabled,
          passkeys: strong.passkeys,
          compliant: strong.compliant,
        },
      };
      return c.json(answer);
    })
    .post("/users/:id/reset-two-factor", async (c) => {
      // A change made with a cookie: only from the app's own pages, as better-auth's origin check does.
      const origin = c.req.header("origin");
      if (!origin || !trustedOrigins.includes(origin))
        return c.json({ code: "INVALID_ORIGIN", message: "Invalid origin" }, 403);
      const { refusal, session } = await admin(c);
      if (refusal) return refusal;
      const { id: userId } = adminOverviewParams.parse(c.req.param());
      const user = await findUser(userId);
      if (!user) return notFound(c);
      const { twoFactorEnabled: wasEnabled } = await strongSignInStatus(db, userId);
      const trusted = await db
        .selectFrom("verification")
        .select("identifier")
        .where("value", "=", userId)
        .where("identifier", "like", `${TRUSTED_DEVICE_PREFIX}%`)
        .execute();
      await db.transaction().execute(async (trx) => {
        // SQL's false: SQLite has no boolean parameters.
        await trx
          .updateTable("user")
          .set({ twoFactorEnabled: sql`false` })
          .where("id", "=", userId)
          .execute();
        await trx.deleteFrom("twoFactor").where("userId", "=", userId).execute();
        // Recorded with the change it records (decision 30): who, whom, what was removed.
        await recordEvent(trx, {
          actor: {
            userId: session.user.id,
            impersonatorId: (session.session as { impersonatedBy?: string | null }).impersonatedBy ?? null,
          },
          ip: clientIp(c, trustProxy) ?? null,
          userAgent: c.req.header("user-agent") ?? null,
          action: "user.two_factor_reset",
          target: { type: "user", id: user.id, label: user.email },
          details: { wasEnabled, trustedDevices: trusted.length },
        });
      });
      const context = await auth.$context;
      // The same change through better-auth (a server call: no second audit event), which rewrites the user
      // inside the sessions it keeps in Redis: one still saying two-factor is on would let a later enrolment
      // confirm its first code without turning two-factor on.
      await context.internalAdapter.updateUser(userId, { twoFactorEnabled: false });
      // Through better-auth, which also drops the copies it keeps in Redis.
      for (const { identifier } of trusted)
        await context.internalAdapter.deleteVerificationByIdentifier(identifier);
      // The list of trusted devices the account's Security section shows, where that table exists.
      if (TRUSTED_DEVICE_LIST in context.tables) {
        await context.adapter.deleteMany({
          model: TRUSTED_DEVICE_LIST,
          where: [{ field: "userId", value: userId }],
        });
      }
      logger.info(
        { adminId: session.user.id, userId, wasEnabled, trustedDevices: trusted.length },
        "admin reset a user's two-factor",
      );
      await mailer.sendMail(
        user.email,
        twoFactorResetMail({
          locale: mailLocale(mailer.languages, { user, request: c.req.raw }),
          appName,
          name: user.name,
          securityUrl: `${baseURL}${ENROL_PATH}`,
        }),
      );
      const answer: AdminResetTwoFactorAnswer = { wasEnabled, trustedDevices: trusted.length };
      return c.json(answer);
    });
}
