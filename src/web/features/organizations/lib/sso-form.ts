import type { z } from "zod";
import {
  type AttributeMapping,
  type createSsoConnectionBody,
  type GroupMapping,
  SAML_METADATA_MAX,
  type SsoConnection,
  type SsoProtocol,
  type updateSsoConnectionBody,
} from "#shared/contracts/sso.ts";
import { t } from "#web/i18n/i18n.ts";

/** The bodies as the server's validator hands them on (every default filled in): what the form sends. */
export type CreateSsoBody = z.output<typeof createSsoConnectionBody>;
export type UpdateSsoBody = z.output<typeof updateSsoConnectionBody>;

/** One row of the group mappings table; `key` keeps React's rows apart while they are edited. */
export interface GroupMappingRow {
  key: string;
  group: string;
  role: string | null;
  teamId: string | null;
}

/** What the single sign-on form holds, for a new connection or an edited one. */
export interface SsoFormValues {
  protocol: SsoProtocol;
  domain: string;
  /** SAML: the IdP's metadata as XML (pasted or read from a file) or at a URL. */
  samlSource: "xml" | "url";
  metadataXml: string;
  metadataUrl: string;
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** Extra OIDC scopes, separated by spaces or commas. */
  scopes: string;
  defaultRole: string;
  requireSso: boolean;
  allowIdpInitiated: boolean;
  mapping: Required<AttributeMapping>;
  groupMappings: GroupMappingRow[];
}

let rowCounter = 0;
export function newGroupRow(mapping?: GroupMapping): GroupMappingRow {
  rowCounter += 1;
  return {
    key: `row-${rowCounter}`,
    group: mapping?.group ?? "",
    role: mapping?.role ?? null,
    teamId: mapping?.teamId ?? null,
  };
}

/** The form's first values: blank for a new connection, the connection's own when editing. */
export function initialSsoValues(connection: SsoConnection | null, domain: string): SsoFormValues {
  const mapping = connection?.mapping ?? {};
  return {
    protocol: connection?.protocol ?? "saml",
    domain: connection?.domain ?? domain,
    samlSource: connection?.saml?.metadataUrl ? "url" : "xml",
    metadataXml: "",
    metadataUrl: connection?.saml?.metadataUrl ?? "",
    issuer: connection?.oidc?.issuer ?? "",
    clientId: connection?.oidc?.clientId ?? "",
    clientSecret: "",
    scopes: connection?.oidc?.scopes.join(" ") ?? "",
    defaultRole: connection?.defaultRole ?? "member",
    requireSso: connection?.requireSso ?? false,
    allowIdpInitiated: connection?.allowIdpInitiated ?? false,
    mapping: {
      email: mapping.email ?? "",
      name: mapping.name ?? "",
      firstName: mapping.firstName ?? "",
      lastName: mapping.lastName ?? "",
      groups: mapping.groups ?? "",
    },
    groupMappings: (connection?.groupMappings ?? []).map(newGroupRow),
  };
}

/** Problems a person can fix before sending, by field path (the server checks the same and more). */
export function ssoFormErrors(values: SsoFormValues, editing: boolean): Record<string, string> {
  const errors: Record<string, string> = {};
  if (!values.domain) errors.domain = t("integrations.sso.validation.domain");
  if (values.protocol === "saml") {
    if (values.samlSource === "xml") {
      if (!editing && !values.metadataXml.trim())
        errors.metadataXml = t("integrations.sso.validation.metadataXml");
      if (values.metadataXml.length > SAML_METADATA_MAX)
        errors.metadataXml = t("integrations.sso.validation.metadataTooLarge");
    } else if (!isUrl(values.metadataUrl)) {
      errors.metadataUrl = t("integrations.sso.validation.metadataUrl");
    }
  } else {
    if (!isUrl(values.issuer)) errors.issuer = t("integrations.sso.validation.issuer");
    if (!values.clientId.trim()) errors.clientId = t("integrations.sso.validation.clientId");
    if (!editing && !values.clientSecret) errors.clientSecret = t("integrations.sso.validation.clientSecret");
  }
  values.groupMappings.forEach((row, index) => {
    if (!row.group.trim()) errors[`groupMappings.${index}.group`] = t("integrations.sso.validation.group");
    else if (!row.role && !row.teamId)
      errors[`groupMappings.${index}.role`] = t("integrations.sso.validation.roleOrTeam");
  });
  return errors;
}

function isUrl(value: string): boolean {
  try {
    const url = new URL(value.trim());
    return url.protocol === "https:" || url.protocol === "http:";
  } catch {
    return false;
  }
}

function mappingOf(values: SsoFormValues): AttributeMapping {
  return Object.fromEntries(
    Object.entries(values.mapping)
      .map(([key, value]) => [key, value.trim()])
      .filter(([, value]) => value !== ""),
  );
}

const settingsOf = (values: SsoFormValues) => ({
  defaultRole: values.defaultRole,
  requireSso: values.requireSso,
  allowIdpInitiated: values.allowIdpInitiated,
  mapping: mappingOf(values),
  groupMappings: values.groupMappings.map(({ group, role, teamId }) => ({
    group: group.trim(),
    role,
    teamId,
  })),
});

function samlOf(values: SsoFormValues) {
  return values.samlSource === "url"
    ? { metadataUrl: values.metadataUrl.trim() }
    : { metadataXml: values.metadataXml.trim() };
}

function oidcOf(values: SsoFormValues) {
  return {
    issuer: values.issuer.trim(),
    clientId: values.clientId.trim(),
    clientSecret: values.clientSecret,
    scopes: values.scopes.split(/[\s,]+/).filter(Boolean),
  };
}

export function createBody(values: SsoFormValues): CreateSsoBody {
  const common = { domain: values.domain, ...settingsOf(values) };
  return values.protocol === "saml"
    ? { protocol: "saml", saml: samlOf(values), ...common }
    : { protocol: "oidc", oidc: oidcOf(values), ...common };
}

/** An edit sends new IdP values only when given: blank metadata keeps the IdP, a blank secret keeps it too. */
export function updateBody(values: SsoFormValues, connection: SsoConnection): UpdateSsoBody {
  const body: UpdateSsoBody = settingsOf(values);
  if (values.protocol === "saml") {
    const changedUrl =
      values.samlSource === "url" && values.metadataUrl.trim() !== connection.saml?.metadataUrl;
    if ((values.samlSource === "xml" && values.metadataXml.trim()) || changedUrl) body.saml = samlOf(values);
  } else {
    const { clientSecret, ...oidc } = oidcOf(values);
    body.oidc = clientSecret ? { ...oidc, clientSecret } : oidc;
  }
  return body;
}
