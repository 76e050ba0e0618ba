import { hasRoleSql } from "#server/db/roles-sql.ts";
import type { Db } from "#server/db/tables.ts";
import { mailLocale } from "#server/mail/i18n.ts";
import type { Mailer } from "#server/mail/mailer.ts";
import { webhookDisabledMail } from "#server/mail/webhook-mail.ts";

/**
 * Mails the people responsible for an endpoint the worker turned off: its organization's owners, or for an
 * installation-wide endpoint the Gatehouse admins.
 */
export async function mailEndpointOwners(db: Db, mailer: Mailer, appName: string, endpointId: string) {
  const endpoint = await db
    .selectFrom("webhook_endpoint")
    .select(["url", "organizationId"])
    .where("id", "=", endpointId)
    .executeTakeFirst();
  if (!endpoint) return;
  let organizationName: string | undefined;
  let recipients: { email: string; locale: string | null }[];
  if (endpoint.organizationId) {
    const organization = await db
      .selectFrom("organization")
      .select("name")
      .where("id", "=", endpoint.organizationId)
      .executeTakeFirst();
    organizationName = organization?.name;
    const owners = await db
      .selectFrom("member")
      .innerJoin("user", "user.id", "member.userId")
      .select(["user.email", "user.locale"])
      .where("member.organizationId", "=", endpoint.organizationId)
      .where(hasRoleSql("member.role", "owner"))
      .execute();
    recipients = owners;
  } else {
    const admins = await db
      .selectFrom("user")
      .select(["email", "locale"])
      .where(hasRoleSql("user.role", "admin"))
      .execute();
    recipients = admins;
  }
  // The worker sends this, not a request: each recipient's own language, else DEFAULT_LOCALE.
  for (const to of recipients) {
    const locale = mailLocale(mailer.languages, { user: to });
    await mailer.sendMail(
      to.email,
      webhookDisabledMail({ locale, appName, url: endpoint.url, organizationName }),
    );
  }
}
