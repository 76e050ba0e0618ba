import { X509Certificate } from "node:crypto";
import type { Db, Tables } from "#server/db/tables.ts";
import {
  type AttributeMapping,
  attributeMapping,
  type GroupMapping,
  groupMapping,
  type ServiceProviderValues,
  type SsoConnection,
} from "#shared/contracts/sso.ts";

/** One row of better-auth's `ssoProvider` table, with Gatehouse's columns. */
export type ConnectionRow = Tables["ssoProvider"];

/** At most this many connections per organization (one per verified domain, and few domains). */
export const MAX_CONNECTIONS = 20;

/** The connection id (better-auth's provider id) of a domain: `acme.com` → `acme-com`. One per domain. */
export function connectionIdFor(domain: string): string {
  return domain.toLowerCase().replaceAll(".", "-");
}

/** What the owner copies into the IdP, known before the connection exists. `authBase` ends in /api/auth. */
export function serviceProviderValues(authBase: string, connectionId: string): ServiceProviderValues {
  const metadataUrl = `${authBase}/sso/saml2/sp/metadata?${new URLSearchParams({ providerId: connectionId })}`;
  return {
    connectionId,
    // The SP's entity id is its metadata URL, the convention most IdPs expect.
    entityId: metadataUrl,
    acsUrl: `${authBase}/sso/saml2/sp/acs/${connectionId}`,
    metadataUrl,
    sloUrl: `${authBase}/sso/saml2/sp/slo/${connectionId}`,
    redirectUri: `${authBase}/sso/callback/${connectionId}`,
  };
}

export const truthy = (value: boolean | number | null | undefined) => value === true || value === 1;

export function parseJson(text: string | null | undefined): unknown {
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

export function mappingOf(row: Pick<ConnectionRow, "attributeMapping">): AttributeMapping {
  const parsed = attributeMapping.safeParse(parseJson(row.attributeMapping) ?? {});
  return parsed.success ? parsed.data : {};
}

export function groupMappingsOf(row: Pick<ConnectionRow, "groupMappings">): GroupMapping[] {
  const parsed = groupMapping.array().safeParse(parseJson(row.groupMappings) ?? []);
  return parsed.success ? parsed.data : [];
}

/** The facts an owner checks in pasted IdP metadata: its entity id, sign-in URL, certificate, logout. */
export interface MetadataSummary {
  idpEntityId: string;
  ssoUrl: string;
  certificateExpiresAt: string | null;
  singleLogout: boolean;
}

const attributeOf = (tag: string, name: string) =>
  new RegExp(`<(?:\\w+:)?${tag}\\b[^>]*\\b${name}="([^"]+)"`, "i");

/**
 * Reads IdP metadata XML enough to show it and to refuse what cannot work (no sign-in URL, no certificate);
 * samlify parses it again at every sign-in.
 */
export function summarizeMetadata(xml: string): MetadataSummary | null {
  if (!/<(?:\w+:)?IDPSSODescriptor\b/i.test(xml)) return null;
  const entityId = xml.match(attributeOf("EntityDescriptor", "entityID"))?.[1];
  const ssoUrl = xml.match(attributeOf("SingleSignOnService", "Location"))?.[1];
  const certificate = xml.match(/<(?:\w+:)?X509Certificate>\s*([A-Za-z0-9+/=\s]+?)\s*<\//)?.[1];
  if (!entityId || !ssoUrl || !certificate) return null;
  let certificateExpiresAt: string | null = null;
  try {
    const cert = new X509Certificate(Buffer.from(certificate.replace(/\s+/g, ""), "base64"));
    certificateExpiresAt = new Date(cert.validTo).toISOString();
  } catch {
    return null;
  }
  return {
    idpEntityId: entityId,
    ssoUrl,
    certificateExpiresAt,
    singleLogout: /<(?:\w+:)?SingleLogoutService\b/i.test(xml),
  };
}

interface StoredSaml {
  idpMetadata?: { metadata?: string };
}
interface StoredOidc {
  issuer?: string;
  clientId?: string;
  scopes?: string[];
}

/** The API's view of a connection: never the OIDC client secret, nor the stored metadata itself. */
export function connectionView(row: ConnectionRow, authBase: string): SsoConnection {
  const saml = parseJson(row.samlConfig) as StoredSaml | null;
  const oidc = parseJson(row.oidcConfig) as StoredOidc | null;
  const summary = saml?.idpMetadata?.metadata ? summarizeMetadata(saml.idpMetadata.metadata) : null;
  const createdAt = row.createdAt ? new Date(row.createdAt).toISOString() : new Date(0).toISOString();
  return {
    id: row.providerId,
    organizationId: row.organizationId ?? "",
    protocol: saml ? "saml" : "oidc",
    domain: row.domain,
    domainVerified: truthy(row.domainVerified),
    defaultRole: row.defaultRole ?? "member",
    requireSso: truthy(row.requireSso),
    allowIdpInitiated: truthy(row.allowIdpInitiated),
    mapping: mappingOf(row),
    groupMappings: groupMappingsOf(row),
    saml: saml
      ? {
          idpEntityId: summary?.idpEntityId ?? "",
          ssoUrl: summary?.ssoUrl ?? "",
          certificateExpiresAt: summary?.certificateExpiresAt ?? null,
          singleLogout: summary?.singleLogout ?? false,
          metadataUrl: row.metadataUrl ?? null,
        }
      : null,
    oidc: oidc
      ? { issuer: oidc.issuer ?? row.issuer, clientId: oidc.clientId ?? "", scopes: oidc.scopes ?? [] }
      : null,
    serviceProvider: serviceProviderValues(authBase, row.providerId),
    createdAt,
  };
}

export async function listConnections(db: Db, organizationId: string): Promise<ConnectionRow[]> {
  return db
    .selectFrom("ssoProvider")
    .selectAll()
    .where("organizationId", "=", organizationId)
    .orderBy("domain")
    .execute();
}

export async function findConnection(db: Db, providerId: string): Promise<ConnectionRow | undefined> {
  return db.selectFrom("ssoProvider").selectAll().where("providerId", "=", providerId).executeTakeFirst();
}

/** The organization's verified domain row, if it holds `domain` verified. */
export async function verifiedDomain(db: Db, organizationId: string, domain: string) {
  return db
    .selectFrom("organization_domain")
    .select(["id", "domain"])
    .where("organizationId", "=", organizationId)
    .where("domain", "=", domain.toLowerCase())
    .where("verifiedAt", "is not", null)
    .executeTakeFirst();
}
