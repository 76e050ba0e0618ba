import type { Kysely } from "kysely";
import type { InvitationStatus } from "#shared/contracts/organizations.ts";

/** SQLite hands dates back as text, PostgreSQL as Date. */
export type DateValue = Date | string;

/**
 * The one table type of Gatehouse's database: the columns of better-auth's tables that our code reads or
 * writes directly, and our own tables. better-auth itself is handed the same Kysely instance.
 */
export interface Tables {
  user: {
    id: string;
    name: string;
    email: string;
    emailVerified: boolean | number;
    image: string | null;
    role: string | null;
    /** better-auth's twoFactor plugin: on once an authenticator app is confirmed. */
    twoFactorEnabled: boolean | number | null;
    /** The language the user chose (auth/user-locale.ts); null while their browser's decides. */
    locale: string | null;
  };
  session: {
    id: string;
    token: string;
    userId: string;
    activeOrganizationId: string | null;
    activeTeamId: string | null;
  };
  account: { id: string; userId: string; providerId: string; accountId: string; createdAt: DateValue };
  organization: {
    id: string;
    name: string;
    slug: string;
    logo: string | null;
    metadata: string | null;
    createdAt: DateValue;
    /** Members need two-factor or a passkey (features/organizations/two-factor-policy.ts). */
    requireTwoFactor: boolean | number | null;
  };
  member: { id: string; organizationId: string; userId: string; role: string; createdAt: DateValue };
  invitation: {
    id: string;
    organizationId: string;
    email: string;
    /** Required by better-auth's organization schema, as the status is one of its four. */
    role: string;
    teamId: string | null;
    status: InvitationStatus;
    expiresAt: DateValue;
    createdAt: DateValue;
    inviterId: string;
  };
  team: {
    id: string;
    name: string;
    organizationId: string;
    memberCount: number;
    createdAt: DateValue;
    updatedAt: DateValue | null;
  };
  /** API keys (@better-auth/api-key): `key` is the SHA-256 of the key, never the key itself. */
  apikey: {
    id: string;
    configId: string;
    name: string | null;
    start: string | null;
    prefix: string | null;
    key: string;
    referenceId: string;
    metadata: string | null;
    permissions: string | null;
    lastRequest: DateValue | null;
    expiresAt: DateValue | null;
    createdAt: DateValue;
  };
  /** better-auth's twoFactor plugin: a user's TOTP secret and backup codes (never read here, only removed). */
  twoFactor: { id: string; userId: string };
  /** @better-auth/passkey: a user's passkeys. */
  passkey: { id: string; userId: string; name: string | null; createdAt: DateValue | null };
  /** better-auth's verification values; trusted devices are `trust-device-…` identifiers valued by user id. */
  verification: { id: string; identifier: string; value: string; expiresAt: DateValue };
  teamMember: { id: string; teamId: string; userId: string; createdAt: DateValue | null };
  /**
   * The OpenID provider's apps, grants and tokens (@better-auth/oauth-provider), as far as Gatehouse reads
   * or deletes them itself (features/applications). Lists (`scopes`, `redirectUris`…) are stored as text.
   */
  oauthClient: {
    id: string;
    clientId: string;
    clientSecret: string | null;
    name: string | null;
    icon: string | null;
    uri: string | null;
    disabled: boolean | number | null;
    skipConsent: boolean | number | null;
    scopes: string | string[] | null;
    redirectUris: string | string[] | null;
    postLogoutRedirectUris: string | string[] | null;
    grantTypes: string | string[] | null;
    tokenEndpointAuthMethod: string | null;
    applicationType: string | null;
    createdAt: DateValue | null;
  };
  oauthConsent: {
    id: string;
    clientId: string;
    userId: string;
    scopes: string | string[];
    createdAt: DateValue | null;
    updatedAt: DateValue | null;
  };
  oauthAccessToken: { id: string; clientId: string; userId: string | null; createdAt: DateValue | null };
  oauthRefreshToken: { id: string; clientId: string; userId: string; createdAt: DateValue | null };
  /** Mails kept in the database when no SMTP server is configured (mail/mailer.ts). */
  outbox: { id: string; to: string; subject: string; text: string; html: string; createdAt: string };
  /** Mails waiting for delivery, and those that failed for good (mail/queue.ts). */
  mail_queue: {
    id: string;
    to: string;
    subject: string;
    text: string;
    html: string;
    state: string;
    attempts: number;
    nextAttemptAt: string;
    lastError: string | null;
    createdAt: string;
  };
  /** The Redis session cache's generation (cache-generation.ts). */
  gatehouse_cache_generation: { id: number; generation: number };
  /** Organizations being deleted inside the deleting transaction (features/organizations/constraints.ts). */
  gatehouse_organization_deletion: { organizationId: string };
  /** Each organization's member count, kept by triggers (features/organizations/member-count.ts). */
  gatehouse_member_count: { organizationId: string; members: number };
  /** The audit log (events/record.ts): who did what, when, from where, with what outcome. */
  audit_event: {
    id: string;
    createdAt: string;
    action: string;
    outcome: "success" | "refused";
    errorCode: string | null;
    actorId: string | null;
    impersonatorId: string | null;
    apiKeyId: string | null;
    connectionId: string | null;
    targetType: string | null;
    targetId: string | null;
    targetLabel: string | null;
    organizationId: string | null;
    ip: string | null;
    userAgent: string | null;
    /** JSON. */
    details: string;
  };
  /** Successful events waiting to be fanned out to webhook endpoints (events/record.ts). */
  event_outbox: {
    id: string;
    type: string;
    organizationId: string | null;
    payload: string;
    createdAt: string;
  };
  /** Where events are sent (features/webhooks). Dates are ISO text; `enabled` is 0 or 1 on both databases. */
  webhook_endpoint: {
    id: string;
    /** null: installation-wide (every organization's events and those of none), admins only. */
    organizationId: string | null;
    url: string;
    /** JSON array of event types, or ["*"]. */
    events: string;
    description: string | null;
    enabled: number;
    disabledReason: "failing" | "manual" | null;
    /** The `whsec_` signing secret, encrypted with BETTER_AUTH_SECRET; the previous one until its expiry. */
    secret: string;
    previousSecret: string | null;
    previousSecretExpiresAt: string | null;
    /** Failed attempts since the last success. */
    consecutiveFailures: number;
    lastAttemptAt: string | null;
    lastStatus: "delivered" | "failed" | null;
    lastSuccessAt: string | null;
    createdBy: string | null;
    createdAt: string;
    updatedAt: string;
  };
  /** One event for one endpoint, and how its sending goes (features/webhooks/worker.ts). */
  webhook_delivery: {
    id: string;
    endpointId: string;
    eventId: string;
    eventType: string;
    /** The exact JSON body sent: `{ type, timestamp, data }`. */
    payload: string;
    status: "pending" | "delivering" | "delivered" | "failed";
    attempts: number;
    /** Pending: when it is due; delivering: when the claim lapses; null once finished. */
    nextAttemptAt: string | null;
    responseStatus: number | null;
    responseBody: string | null;
    lastError: string | null;
    createdAt: string;
    deliveredAt: string | null;
  };
  /** Invite links (issue 18, features/organizations/invite-links.ts). Dates are ISO text on both databases. */
  invite_link: {
    id: string;
    organizationId: string;
    /** SHA-256 (base64url) of the token the URL carries; the token itself is never stored. */
    tokenHash: string;
    role: string;
    teamId: string | null;
    expiresAt: string;
    /** null: no limit but the expiry and the membership limit. */
    maxUses: number | null;
    uses: number;
    createdBy: string | null;
    createdAt: string;
    revokedAt: string | null;
  };
  // Verified domains and join requests (issue 18, features/organizations/domain-tables.ts). Dates are ISO text.
  organization_domain: {
    id: string;
    organizationId: string;
    /** Lower-cased, validated (#shared/contracts/domains.ts). */
    domain: string;
    /** The value of the TXT record that proves control. */
    token: string;
    /** Set once the record was found; a unique index lets one organization only have it verified. */
    verifiedAt: string | null;
    lastCheckedAt: string | null;
    joinMode: "off" | "auto" | "request";
    defaultRole: "member" | "admin";
    createdBy: string | null;
    createdAt: string;
  };
  domain_join_request: {
    id: string;
    organizationId: string;
    userId: string;
    domain: string;
    status: "pending" | "approved" | "declined";
    createdAt: string;
    decidedAt: string | null;
    decidedBy: string | null;
  };
  // SCIM provisioning (issue 19, decision 38): features/scim/tables.ts. Dates are ISO text.
  scim_connection: {
    id: string;
    organizationId: string;
    name: string;
    /** SHA-256 (base64url) of the bearer token; the token itself is never stored. */
    tokenHash: string;
    /** The token's last four characters. */
    tokenHint: string;
    defaultRole: string;
    /** JSON array of #shared/contracts/sso.ts groupMapping. */
    groupMappings: string;
    lastUsedAt: string | null;
    createdBy: string | null;
    createdAt: string;
  };
  /** @better-auth/scim's provisioned users and groups (the columns Gatehouse reads). */
  scimUser: {
    id: string;
    connectionId: string;
    provisioningDomainId: string;
    userId: string;
    active: boolean | number;
    externalId: string | null;
    userName: string;
  };
  scimGroup: {
    id: string;
    connectionId: string;
    provisioningDomainId: string;
    displayName: string;
    externalId: string | null;
  };
  scimGroupMember: { id: string; connectionId: string; groupId: string; scimUserId: string };
  /** The team a SCIM group became (features/scim/group-teams.ts). */
  scim_group_team: { groupId: string; connectionId: string; organizationId: string; teamId: string };
  // Custom roles and ownership transfer (issue 18, decision 35).
  /** better-auth's dynamic access control: an organization's own roles; `permission` is JSON. */
  organizationRole: {
    id: string;
    organizationId: string;
    role: string;
    permission: string;
    description: string | null;
    createdAt: DateValue;
    updatedAt: DateValue | null;
  };
  /** An owner's standing offer of ownership to another member (features/organizations/ownership.ts). */
  ownership_offer: {
    id: string;
    organizationId: string;
    fromUserId: string;
    toUserId: string;
    keepOwner: number;
    /** SHA-256 of the mailed link's token, hex; the token itself is never stored. */
    tokenHash: string;
    status: "pending" | "accepted" | "withdrawn";
    expiresAt: string;
    createdAt: string;
    answeredAt: string | null;
  };
  /**
   * @better-auth/sso's connections (issue 19) with Gatehouse's settings (auth/sso.ts SSO_PROVIDER_FIELDS);
   * `samlConfig`, `oidcConfig`, `attributeMapping` and `groupMappings` are JSON text.
   */
  ssoProvider: {
    id: string;
    providerId: string;
    issuer: string;
    domain: string;
    organizationId: string | null;
    userId: string | null;
    oidcConfig: string | null;
    samlConfig: string | null;
    domainVerified: boolean | number | null;
    defaultRole: string | null;
    requireSso: boolean | number | null;
    allowIdpInitiated: boolean | number | null;
    attributeMapping: string | null;
    groupMappings: string | null;
    metadataUrl: string | null;
    createdAt: DateValue | null;
  };
  /** An owner's test sign-in (features/sso/tests.ts); `result` is JSON once the IdP answered. */
  sso_test: {
    id: string;
    organizationId: string;
    connectionId: string;
    requestId: string;
    result: string | null;
    createdAt: string;
    expiresAt: string;
  };
}

export type Db = Kysely<Tables>;
