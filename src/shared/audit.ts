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
  // Admins.
  "user.banned": "An admin banned an account",
  "user.unbanned": "An admin lifted a ban",
  "user.role_changed": "An admin changed an account's role",
  "user.two_factor_reset": "An admin removed an account's two-factor and trusted devices",
  "impersonation.started": "An admin started acting as someone",
  "impersonation.stopped": "An admin stopped acting as someone",
  // Webhooks themselves.
  "webhook.created": "A webhook endpoint was registered",
  "webhook.updated": "A webhook endpoint was changed, enabled or disabled",
  "webhook.deleted": "A webhook endpoint was deleted",
  "webhook.secret_rotated": "A webhook endpoint's signing secret was rotated",
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
] as const;
export type AuditTargetType = (typeof AUDIT_TARGET_TYPES)[number];

/** Subscribing to every event type, present and future. */
export const ALL_EVENTS = "*";
