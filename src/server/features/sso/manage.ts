import { isAPIError } from "better-auth/api";
import type { Auth } from "#server/auth/auth.ts";
import type { Db } from "#server/db/tables.ts";
import { recordEvent } from "#server/events/record.ts";
import {
  type Actor,
  isUniqueViolation,
  mirrorDomainVerification,
} from "#server/features/organizations/domains.ts";
import type { SendPolicy } from "#server/features/webhooks/send.ts";
import type { createSsoConnectionBody, UpdateSsoConnectionBody } from "#shared/contracts/sso.ts";
import {
  checkGrants,
  metadataFrom,
  oidcMapping,
  oidcScopes,
  type Refusal,
  samlMapping,
} from "./connection-input.ts";
import {
  type ConnectionRow,
  connectionIdFor,
  connectionView,
  findConnection,
  serviceProviderValues,
} from "./connections.ts";
import { discoverOidc, issuerPolicy } from "./oidc-discovery.ts";

export type { Refusal };

const CONNECTION_TAKEN: Refusal = {
  status: 409,
  code: "SSO_CONNECTION_EXISTS",
  message: "This domain already has a connection",
};

type Call<T = unknown> = (input: { body: Record<string, unknown>; headers: Headers }) => Promise<T>;

/** @better-auth/sso's endpoints on the one auth instance (the auth layer's type does not list features'). */
export interface SsoApi {
  registerSSOProvider: Call;
  updateSSOProvider: Call;
  deleteSSOProvider: Call;
  signInSSO: (input: {
    body: Record<string, unknown>;
    headers: Headers;
    returnHeaders: true;
  }) => Promise<{ headers: Headers; response: { url: string; redirect: boolean } }>;
}
export const ssoApi = (auth: Auth) => auth.api as unknown as SsoApi;

export interface ManageDeps {
  auth: Auth;
  db: Db;
  /** BETTER_AUTH_URL + /api/auth. */
  authBase: string;
  fetchPolicy: SendPolicy;
  /** TRUSTED_ORIGINS: an OIDC issuer listed there may be on a private address (oidc-discovery.ts). */
  trustedOrigins: readonly string[];
}
export interface Owner {
  organizationId: string;
  actor: Actor;
  /** The owner's request headers: better-auth's endpoints act with their session. */
  headers: Headers;
}

/** better-auth's refusal as our answer: its status, code and message. */
export function fromAPIError(error: unknown): Refusal {
  if (!isAPIError(error)) throw error;
  const body = (error.body ?? {}) as { code?: string; message?: string };
  return {
    status: error.statusCode as Refusal["status"],
    code: body.code ?? String(error.status),
    message: body.message ?? error.message,
  };
}

/** Writes what better-auth does not: the domain's verification mirrored, OIDC's IdP-initiated setting; audits. */
async function finish(
  deps: ManageDeps,
  owner: Owner,
  providerId: string,
  action: "sso_connection.created" | "sso_connection.updated",
  details: Record<string, unknown>,
): Promise<ConnectionRow> {
  return deps.db.transaction().execute(async (trx) => {
    const found = await findConnection(trx, providerId);
    if (!found) throw new Error(`connection ${providerId} vanished`);
    // The before-hook let it be made only for a domain the organization verified (plugin.ts).
    if (action === "sso_connection.created")
      await mirrorDomainVerification(trx, owner.organizationId, found.domain, true);
    const row = (await findConnection(trx, providerId)) ?? found;
    if (row.oidcConfig) {
      const oidc = JSON.parse(row.oidcConfig) as Record<string, unknown>;
      const allow = row.allowIdpInitiated === true || row.allowIdpInitiated === 1;
      if (oidc.allowIdpInitiated !== allow) {
        row.oidcConfig = JSON.stringify({ ...oidc, allowIdpInitiated: allow });
        await trx
          .updateTable("ssoProvider")
          .set({ oidcConfig: row.oidcConfig })
          .where("id", "=", row.id)
          .execute();
      }
    }
    const view = connectionView(row, deps.authBase);
    await recordEvent(trx, {
      action,
      actor: { userId: owner.actor.userId },
      ip: owner.actor.ip,
      userAgent: owner.actor.userAgent,
      organizationId: owner.organizationId,
      target: { type: "sso_connection", id: row.providerId, label: row.domain },
      details,
      data: view,
    });
    return row;
  });
}

export async function createConnection(
  deps: ManageDeps,
  owner: Owner,
  body: ReturnType<typeof createSsoConnectionBody.parse>,
): Promise<ConnectionRow | Refusal> {
  const refused = await checkGrants(deps.db, owner.organizationId, body.defaultRole, body.groupMappings);
  if (refused) return refused;
  const providerId = connectionIdFor(body.domain);
  const settings = {
    providerId,
    domain: body.domain,
    organizationId: owner.organizationId,
    defaultRole: body.defaultRole,
    requireSso: body.requireSso,
    allowIdpInitiated: body.allowIdpInitiated,
    attributeMapping: JSON.stringify(body.mapping),
    groupMappings: JSON.stringify(body.groupMappings),
  };
  let registration: Record<string, unknown>;
  if (body.protocol === "saml") {
    const metadata = await metadataFrom(body.saml, deps.fetchPolicy);
    if ("status" in metadata) return metadata;
    registration = {
      ...settings,
      issuer: serviceProviderValues(deps.authBase, providerId).entityId,
      ...(metadata.url ? { metadataUrl: metadata.url } : {}),
      samlConfig: {
        entryPoint: metadata.summary.ssoUrl,
        idpMetadata: { metadata: metadata.xml },
        wantAssertionsSigned: true,
        mapping: samlMapping(body.mapping),
      },
    };
  } else {
    // Gatehouse reads the issuer's discovery document (better-auth's own discovery would ask for the issuer in
    // TRUSTED_ORIGINS) and registers with the endpoints it names.
    const endpoints = await discoverOidc(
      body.oidc.issuer,
      issuerPolicy(body.oidc.issuer, deps.fetchPolicy, deps.trustedOrigins),
    );
    if ("status" in endpoints) return endpoints;
    registration = {
      ...settings,
      issuer: body.oidc.issuer,
      oidcConfig: {
        ...endpoints,
        skipDiscovery: true,
        clientId: body.oidc.clientId,
        clientSecret: body.oidc.clientSecret,
        scopes: oidcScopes(body.oidc.scopes),
        pkce: true,
        mapping: oidcMapping(body.mapping),
      },
    };
  }
  try {
    await ssoApi(deps.auth).registerSSOProvider({ body: registration, headers: owner.headers });
  } catch (error) {
    // Two saves of one domain at once: the one that lost (better-auth's own check, or the provider id's unique
    // index) hears that the domain has its connection.
    if (isUniqueViolation(error) || (await findConnection(deps.db, providerId))) return CONNECTION_TAKEN;
    return fromAPIError(error);
  }
  return finish(deps, owner, providerId, "sso_connection.created", {
    protocol: body.protocol,
    domain: body.domain,
    requireSso: body.requireSso,
  });
}

export async function updateConnection(
  deps: ManageDeps,
  found: Owner & { row: ConnectionRow },
  body: UpdateSsoConnectionBody,
): Promise<ConnectionRow | Refusal> {
  const refused = await checkGrants(deps.db, found.organizationId, body.defaultRole, body.groupMappings);
  if (refused) return refused;
  const isSaml = found.row.samlConfig !== null;
  if ((body.saml && !isSaml) || (body.oidc && isSaml))
    return { status: 400, code: "SSO_PROTOCOL_FIXED", message: "A connection's protocol cannot change" };
  const update: Record<string, unknown> = { providerId: found.row.providerId };
  for (const key of ["defaultRole", "requireSso", "allowIdpInitiated"] as const)
    if (body[key] !== undefined) update[key] = body[key];
  if (body.groupMappings) update.groupMappings = JSON.stringify(body.groupMappings);
  const mapping = body.mapping;
  if (mapping) update.attributeMapping = JSON.stringify(mapping);
  if (body.saml) {
    const metadata = await metadataFrom(body.saml, deps.fetchPolicy);
    if ("status" in metadata) return metadata;
    update.metadataUrl = metadata.url;
    update.samlConfig = {
      entryPoint: metadata.summary.ssoUrl,
      idpMetadata: { metadata: metadata.xml },
      wantAssertionsSigned: true,
    };
  }
  if (mapping && isSaml)
    update.samlConfig = {
      ...(update.samlConfig as object),
      wantAssertionsSigned: true,
      mapping: samlMapping(mapping),
    };
  if (body.oidc) {
    const endpoints = await discoverOidc(
      body.oidc.issuer,
      issuerPolicy(body.oidc.issuer, deps.fetchPolicy, deps.trustedOrigins),
    );
    if ("status" in endpoints) return endpoints;
    update.issuer = body.oidc.issuer;
    update.oidcConfig = {
      ...endpoints,
      clientId: body.oidc.clientId,
      ...(body.oidc.clientSecret ? { clientSecret: body.oidc.clientSecret } : {}),
      scopes: oidcScopes(body.oidc.scopes ?? []),
    };
  }
  if (mapping && !isSaml)
    update.oidcConfig = { ...(update.oidcConfig as object), mapping: oidcMapping(mapping) };
  try {
    await ssoApi(deps.auth).updateSSOProvider({ body: update, headers: found.headers });
  } catch (error) {
    return fromAPIError(error);
  }
  const changed = Object.keys(body).filter((k) => body[k as keyof UpdateSsoConnectionBody] !== undefined);
  return finish(deps, found, found.row.providerId, "sso_connection.updated", { changed });
}

export async function deleteConnection(deps: ManageDeps, found: Owner & { row: ConnectionRow }) {
  const view = connectionView(found.row, deps.authBase);
  try {
    await ssoApi(deps.auth).deleteSSOProvider({
      body: { providerId: found.row.providerId },
      headers: found.headers,
    });
  } catch (error) {
    return fromAPIError(error);
  }
  await recordEvent(deps.db, {
    action: "sso_connection.deleted",
    actor: { userId: found.actor.userId },
    ip: found.actor.ip,
    userAgent: found.actor.userAgent,
    organizationId: found.organizationId,
    target: { type: "sso_connection", id: found.row.providerId, label: found.row.domain },
    details: { protocol: view.protocol, domain: view.domain },
    data: view,
  });
  return null;
}
