import { sql } from "kysely";
import type { Db } from "#server/db/tables.ts";

export const SSO_REQUIRED_CODE = "SSO_REQUIRED";

/**
 * When an address's domain has a connection that requires SSO (and its organization still has the domain
 * verified), the refusal of any other way in, saying where to go; null otherwise.
 */
export async function ssoRequiredFor(
  db: Db,
  email: string,
): Promise<{ code: string; message: string; organization: string } | null> {
  const at = email.lastIndexOf("@");
  if (at < 0) return null;
  const domain = email.slice(at + 1).toLowerCase();
  const found = await db
    .selectFrom("ssoProvider")
    .innerJoin("organization", "organization.id", "ssoProvider.organizationId")
    .innerJoin("organization_domain", (join) =>
      join
        .onRef("organization_domain.organizationId", "=", "ssoProvider.organizationId")
        .onRef("organization_domain.domain", "=", "ssoProvider.domain"),
    )
    .select("organization.name")
    .where("ssoProvider.domain", "=", domain)
    .where("ssoProvider.requireSso", "=", sql<boolean>`true`)
    .where("organization_domain.verifiedAt", "is not", null)
    .executeTakeFirst();
  if (!found) return null;
  return {
    code: SSO_REQUIRED_CODE,
    message: `${found.name} signs in with single sign-on: use “Continue with SSO” with your work email.`,
    // The web app words the refusal in the reader's language with the organization's name.
    organization: found.name,
  };
}
