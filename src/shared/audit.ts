/**
 * The audit log's actions (issue 17): stable names, documented in docs/audit-events.md. A successful action is
 * also a webhook event type of the same name; a refused one (a failed sign-in, say) is recorded, never sent.
 * Renaming one breaks stored filters and every receiver: add new names, never rename.
 */
export const AUDIT_ACTIONS = {
  // An account's own life.
  "user.created": "An account was created: by sign-up, a first social or SSO sign-in, or an admin",
  "user.updated": "Profile details changed (name, picture)",
  "user.signed_in": "A sign-in, with its method; refused ones too, with the error code",
  "user.signed_out": "A session was ended by signing out",
  "session.revoked": "A session was ended from the session list or by 'this wasn't me'",
  "user.password_changed": "The password was changed (or set for the first time)",
  "user.password_reset": "The password was reset from a mailed link",
  "user.email_change_requested": "A change of address was asked for",
  "user.email_changed": "The address changed, confirmed from both addresses",
  "user.email_verified": "The address was verified",
  "user.two_factor_enabled": "An authenticator app was turned on",
  "user.two_factor_disabled": "The authenticator app was turned off",
  "user.backup_codes_regenerated": "New backup codes were made; the old ones no longer work",
  "user.passkey_added": "A passkey was added",
  "user.passkey_renamed": "A passkey was renamed",
  "user.passkey_removed": "A passkey was removed",
  "user.account_linked": "A social or OIDC account was linked",
  "user.account_unlinked": "A social or OIDC account was unlinked",
  "user.app_access_revoked": "An app's access to the account was withdrawn; its tokens went with it",
  "user.deleted": "The account was deleted, by its owner or an admin",
  // Organizations.
  "organization.created": "An organization was created",
  "organization.updated": "An organization's name, slug, logo, metadata or policies changed",
  "organization.deleted": "An organization was deleted with everything in it",
  "member.added": "Someone became a member: by accepting an invitation, or added by an admin",
  "member.removed": "A member was removed by an owner or admin",
  "member.left": "A member left the organization",
  "member.role_changed": "A member's roles changed",
  "invitation.created": "An invitation was sent",
  "invitation.resent": "An invitation was sent again",
  "invitation.cancelled": "A pending invitation was cancelled",
  "invitation.accepted": "An invitation was accepted: its recipient is now a member",
  "invitation.rejected": "An invitation was declined",
  // Bulk invitations (issue 18, decision 34).
  "invitation.bulk_sent": "Invitations were sent from a list at once: how many sent and skipped",
  "team.created": "A team was created",
  "team.updated": "A team was renamed",
  "team.deleted": "A team was removed",
  "team_member.added": "A member joined a team",
  "team_member.removed": "A member left or was taken off a team",
  "api_key.created": "An organization API key was created",
  "api_key.deleted": "An organization API key was revoked",
  // Custom roles and ownership transfer (issue 18, decision 35).
  "role.created": "A custom role was defined in an organization",
  "role.updated": "A custom role's name, description or permissions changed",
  "role.deleted": "A custom role was deleted",
  "ownership.offered": "An owner offered ownership of the organization to another member",
  "ownership.withdrawn": "An ownership offer was withdrawn",
  "ownership.accepted": "A member accepted an ownership offer and became an owner",
  // Admins.
  "user.banned": "An admin banned an account",
  "user.unbanned": "An admin lifted a ban",
  "user.role_changed": "An admin changed an account's role",
  "user.two_factor_reset": "An admin removed an account's two-factor and trusted devices",
  "impersonation.started": "An admin started acting as someone",
  "impersonation.stopped": "An admin stopped acting as someone",
  // Invite links (issue 18); a join by link is member.added with details.via = "link".
  "invite_link.created": "An invite link was made for the organization",
  "invite_link.revoked": "An invite link was revoked; it no longer lets anyone join",
  // Webhooks themselves.
  "webhook.created": "A webhook endpoint was registered",
  "webhook.updated": "A webhook endpoint was changed, enabled or disabled",
  "webhook.deleted": "A webhook endpoint was deleted",
  "webhook.secret_rotated": "A webhook endpoint's signing secret was rotated",
  // Verified domains and join requests (issue 18, features/organizations/domains*.ts).
  "domain.added": "An owner added a domain to prove with a DNS TXT record",
  "domain.verified": "A domain's TXT record was found: the domain is the organization's",
  "domain.updated": "How people at a verified domain join changed (auto-join, requests, default role)",
  "domain.removed": "An owner removed a domain",
  "join_request.created": "Someone with a verified address at the organization's domain asked to join",
  "join_request.approved": "An owner or admin approved a join request: its person is now a member",
  "join_request.declined": "An owner or admin declined a join request",
  // Enterprise single sign-on and SCIM provisioning (issue 19). Provisioned memberships are member.added,
  // member.role_changed, member.removed and team_member.* with details.via = "sso" | "scim".
  "sso_connection.created":
    "An owner set up a single sign-on connection (SAML or OIDC) for a verified domain",
  "sso_connection.updated":
    "A single sign-on connection's settings changed (requirement, roles, mapping, IdP)",
  "sso_connection.deleted": "A single sign-on connection was removed",
  "scim_connection.created": "An owner created a SCIM provisioning connection and its token",
  "scim_connection.updated": "A SCIM connection's name, default role or group mapping changed",
  "scim_connection.token_rotated":
    "A SCIM connection's bearer token was replaced; the old one stopped working",
  "scim_connection.deleted": "A SCIM connection was removed; its token stopped working",
  "user.provisioned": "A directory (SCIM) created or updated an account",
  "user.deprovisioned": "A directory (SCIM) deactivated or deleted an account's membership",
} as const;

export type AuditAction = keyof typeof AUDIT_ACTIONS;
export const AUDIT_ACTION_NAMES = Object.keys(AUDIT_ACTIONS) as AuditAction[];

export function isAuditAction(value: string): value is AuditAction {
  return Object.hasOwn(AUDIT_ACTIONS, value);
}

/** What an event is about. */
export const AUDIT_TARGET_TYPES = [
  "user",
  "session",
  "organization",
  "member",
  "invitation",
  "team",
  "api_key",
  "passkey",
  "account",
  "application",
  "webhook",
  // Invite links (issue 18).
  "invite_link",
  "domain",
  "join_request",
  // Custom roles and ownership transfer (issue 18).
  "role",
  "ownership_offer",
  // Enterprise single sign-on and SCIM (issue 19).
  "sso_connection",
  "scim_connection",
] as const;
export type AuditTargetType = (typeof AUDIT_TARGET_TYPES)[number];

/** Subscribing to every event type, present and future. */
export const ALL_EVENTS = "*";
