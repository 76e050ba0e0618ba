import { hasRoleSql } from "#server/db/roles-sql.ts";
import type { Db } from "#server/db/tables.ts";
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
  let recipients: string[];
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
      .select("user.email")
      .where("member.organizationId", "=", endpoint.organizationId)
      .where(hasRoleSql("member.role", "owner"))
      .execute();
    recipients = owners.map((o) => o.email);
  } else {
    const admins = await db
      .selectFrom("user")
      .select("email")
      .where(hasRoleSql("user.role", "admin"))
      .execute();
    recipients = admins.map((a) => a.email);
  }
  const content = webhookDisabledMail({ appName, url: endpoint.url, organizationName });
  for (const to of recipients) await mailer.sendMail(to, content);
}
