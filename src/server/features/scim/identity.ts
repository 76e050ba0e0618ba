import type { Db } from "#server/db/tables.ts";
import { scimError } from "./errors.ts";

/**
 * Who a pushed SCIM user is (decision 38). A new address makes a new account. An existing account is linked
 * only when its address is at one of the organization's verified domains (issue 18): the organization proved
 * it controls those addresses. Any other existing account is refused with 409 `uniqueness`: a directory never
 * takes over an outside account. A linked account keeps its own name (profile "preserve").
 */
export async function resolveScimUser(
  db: Db,
  input: { provisioningDomainId: string; resource: { primaryEmail: string } },
): Promise<{ action: "create" } | { action: "link"; userId: string; profile: "preserve" }> {
  const email = input.resource.primaryEmail.trim().toLowerCase();
  const existing = await db.selectFrom("user").select("id").where("email", "=", email).executeTakeFirst();
  if (!existing) return { action: "create" };
  const domain = email.slice(email.lastIndexOf("@") + 1);
  const verified = await db
    .selectFrom("organization_domain")
    .select("id")
    .where("organizationId", "=", input.provisioningDomainId)
    .where("domain", "=", domain)
    .where("verifiedAt", "is not", null)
    .executeTakeFirst();
  if (verified) return { action: "link", userId: existing.id, profile: "preserve" };
  throw scimError(
    "CONFLICT",
    "An account outside this organization's verified domains already uses this address",
    "uniqueness",
  );
}
