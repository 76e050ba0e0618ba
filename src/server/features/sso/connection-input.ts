import type { Db } from "#server/db/tables.ts";
import type { Refusal } from "#server/features/organizations/caller.ts";
import { roleDefinitions } from "#server/features/organizations/role-definitions.ts";
import type { SendPolicy } from "#server/features/webhooks/send.ts";
import type { AttributeMapping, GroupMapping, SamlSource } from "#shared/contracts/sso.ts";
import { type MetadataSummary, summarizeMetadata } from "./connections.ts";
import { fetchMetadata } from "./metadata-url.ts";

// What an owner sends for a connection, checked and turned into better-auth's configuration (manage.ts).

export type { Refusal };

const unknownRole = (role: string): Refusal => ({
  status: 400,
  code: "UNKNOWN_ROLE",
  message: `"${role}" is not a role of this organization below owner`,
});

/** Roles a connection may grant (built-in below owner, or custom) and teams of the organization only. */
export async function checkGrants(
  db: Db,
  organizationId: string,
  defaultRole: string | undefined,
  mappings: readonly GroupMapping[] | undefined,
): Promise<Refusal | null> {
  const definitions = await roleDefinitions(db, organizationId);
  const roles = [defaultRole, ...(mappings ?? []).map((m) => m.role)].filter((r): r is string => !!r);
  const bad = roles.find((role) => role === "owner" || !Object.hasOwn(definitions, role));
  if (bad) return unknownRole(bad);
  const teamIds = [...new Set((mappings ?? []).map((m) => m.teamId).filter((t): t is string => !!t))];
  if (!teamIds.length) return null;
  const found = await db
    .selectFrom("team")
    .select("id")
    .where("organizationId", "=", organizationId)
    .where("id", "in", teamIds)
    .execute();
  const missing = teamIds.find((id) => !found.some((t) => t.id === id));
  return missing
    ? { status: 400, code: "UNKNOWN_TEAM", message: `Team "${missing}" is not a team of this organization` }
    : null;
}

/** The IdP metadata, pasted or fetched, and checked enough to work. */
export async function metadataFrom(
  source: SamlSource,
  policy: SendPolicy,
): Promise<Refusal | { xml: string; url: string | null; summary: MetadataSummary }> {
  let xml: string;
  let url: string | null = null;
  if ("metadataXml" in source) xml = source.metadataXml;
  else {
    const fetched = await fetchMetadata(source.metadataUrl, policy);
    if (!fetched.ok)
      return {
        status: 422,
        code: "METADATA_URL_FAILED",
        message: `The metadata URL could not be read: ${fetched.reason}`,
      } satisfies Refusal;
    xml = fetched.xml;
    url = source.metadataUrl;
  }
  const summary = summarizeMetadata(xml);
  if (!summary)
    return {
      status: 400,
      code: "INVALID_METADATA",
      message: "This is not SAML IdP metadata with a sign-in URL and a signing certificate",
    } satisfies Refusal;
  return { xml, url, summary };
}

/** An attribute name no IdP sends: a name part mapped to it is always empty. */
const NO_ATTRIBUTE = "urn:gatehouse:no-attribute";

/**
 * better-auth names a SAML user "first last" from the first/last name attributes (givenName and surname unless
 * mapped) and falls back to the full-name attribute only when both are empty. An owner's full-name attribute
 * without first/last names must win even when the IdP also sends givenName and surname: the first name reads the
 * full-name attribute and the last name one that never comes.
 */
export function samlMapping(m: AttributeMapping) {
  const ownName = m.name && !m.firstName && !m.lastName;
  return {
    email: m.email || "email",
    name: m.name || "displayName",
    ...(ownName ? { firstName: m.name, lastName: NO_ATTRIBUTE } : {}),
    ...(m.firstName ? { firstName: m.firstName } : {}),
    ...(m.lastName ? { lastName: m.lastName } : {}),
    ...(m.groups ? { extraFields: { groups: m.groups } } : {}),
  };
}
export function oidcMapping(m: AttributeMapping) {
  return {
    email: m.email || "email",
    name: m.name || "name",
    ...(m.groups ? { extraFields: { groups: m.groups } } : {}),
  };
}
export const oidcScopes = (scopes: readonly string[]) => [
  ...new Set(["openid", "email", "profile", ...scopes]),
];
